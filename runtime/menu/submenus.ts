import type { ControllerContext } from '../controller';
import type { Translate } from '../i18n';

/** Spec §9: hover opens a submenu after this delay. */
export const MENU_OPEN_DELAY = 1000;

interface Item {
  li: HTMLLIElement;
  sub: HTMLElement;
  button: HTMLButtonElement;
}

/**
 * The submenus of `list`: a disclosure button before each nested list, labelled from its
 * item's link (so the link itself still navigates). A click toggles at once; a mouse resting
 * on an item opens it after the delay (not below the breakpoint), and leaving closes only
 * what hover opened. One branch is open at a time.
 *
 * Returns, as a tuple (the entry pays for every property name):
 * - the cancel of a pending hover: anything the visitor does on purpose (a click, a key) wins;
 * - closing them all;
 * - Escape within `target`: closes the innermost open submenu around it and focuses its
 *   button, and says whether there was one;
 * - the items, for the disconnect.
 */
export function submenus(
  ctx: ControllerContext,
  list: HTMLElement,
  t: Translate<'submenu'>,
  control: (button: HTMLElement, sub: HTMLElement) => void,
  small: MediaQueryList,
  kept: Element[] = [],
) {
  const { listen } = ctx;
  const items: Item[] = [];
  for (const li of list.querySelectorAll('li')) {
    const sub = li.querySelector<HTMLElement>(':scope > ul');
    if (!sub) continue;
    // Named as its link or its own words are, else by its list (a language switcher's, drawn in it).
    const link = li.querySelector<HTMLAnchorElement>(':scope > a');
    const name = nameOf(link ?? li, sub) || sub.getAttribute('aria-label')?.trim() || '';
    const button = disclosure(sub, t('submenu', { label: name }).trim());
    control(button, sub);
    const item = items[items.push({ li, sub, button }) - 1]!;
    // A parent whose link goes nowhere opens its submenu when pressed (SmartMenus), not the
    // top of the page (a tap has no hover); what hover opened, the press holds open.
    if (link && goesNowhere(link))
      listen(link, 'click', (e) => {
        e.preventDefault();
        if (!hovered.delete(item)) button.click();
      });
  }
  const set = (item: Item, open: boolean) => {
    item.button.setAttribute('aria-expanded', String(open));
    item.sub.hidden = !open;
  };
  const isOpen = (item: Item) => !item.sub.hidden;
  const open = (item: Item) => {
    for (const other of items) if (other !== item && !other.li.contains(item.li)) set(other, false);
    set(item, true);
  };
  let cancel = () => {};
  const cancelHover = () => cancel();
  const hovered = new WeakSet<Item>();
  for (const item of items) {
    // No flash: what is open now (hover, focus, kept by a rebuild) stays; what only the mouse
    // holds closes on leaving.
    set(item, item.li.matches(':hover, :focus-within') || kept.includes(item.li));
    if (item.li.matches(':hover:not(:focus-within)')) hovered.add(item);
    listen(item.button, 'click', () => {
      cancelHover();
      // A click inside what hover opened holds it all on purpose: leaving no longer closes it.
      for (const o of items) if (o.li.contains(item.li)) hovered.delete(o);
      if (isOpen(item)) set(item, false);
      else open(item);
    });
    listen<PointerEvent>(item.li, 'pointerenter', (e) => {
      if (e.pointerType !== 'mouse' || small.matches || isOpen(item)) return;
      cancelHover();
      cancel = ctx.after(MENU_OPEN_DELAY, () => {
        // Still as armed: pointed at, closed, no branch it would close holding keyboard focus.
        if (focusElsewhere(items, item) || isOpen(item) || !item.li.matches(':hover')) return;
        hovered.add(item);
        open(item);
      });
    });
    listen<PointerEvent>(item.li, 'pointerleave', (e) => {
      if (e.pointerType !== 'mouse') return;
      cancelHover();
      // Only what hover opened closes on leaving (not what holds focus): a click meant it.
      if (hovered.delete(item) && !item.sub.matches(':focus-within')) set(item, false);
    });
  }

  const escape = (target: Node) => {
    const item = items.filter((i) => isOpen(i) && i.li.contains(target)).pop();
    if (item) {
      set(item, false);
      item.button.focus();
    }
    return item;
  };
  return [cancelHover, () => items.forEach((i) => set(i, false)), escape, items] as const;
}

/** An open branch other than `item`'s own holds keyboard focus: opening `item` would close it. */
function focusElsewhere(items: Item[], item: Item): boolean {
  const at = item.li.ownerDocument.activeElement;
  return items.some((o) => !o.sub.hidden && !o.li.contains(item.li) && o.sub.contains(at));
}

/** `href="#"`, `javascript:void(0)` or none: a parent link there only to open its submenu. */
const goesNowhere = (link: Element) =>
  /^(#|javascript:(void\(?0\)?)?;?)?$/i.test(link.getAttribute('href')?.replace(/\s/g, '') ?? '');

/** The button before `sub` that shows and hides it, named `name` by visually hidden text. */
function disclosure(sub: HTMLElement, name: string): HTMLButtonElement {
  const doc = sub.ownerDocument;
  const button = doc.createElement('button');
  button.type = 'button';
  button.className = 'sw-submenu';
  const label = doc.createElement('span');
  label.className = 'sw-vh';
  label.textContent = name;
  button.append(label);
  sub.before(button);
  return button;
}

/**
 * What names `el` to a screen reader, roughly (accname): its `aria-label`, else its words and
 * its images' `alt`, leaving out `skip` and what is hidden from everyone.
 */
function nameOf(el: Element, skip: Element): string {
  const label = labelledBy(el) || el.getAttribute('aria-label')?.trim();
  if (label) return label;
  let text = el.getAttribute('alt') ?? '';
  for (const node of el.childNodes)
    if (node.nodeType === 3) text += node.nodeValue;
    else if (
      node !== skip &&
      node.nodeType === 1 &&
      !(node as Element).matches('[hidden],[aria-hidden=true]')
    )
      text += ` ${nameOf(node as Element, skip)} `;
  // A tooltip is the name of last resort (an icon link with only a title, as screen readers do).
  return text.replace(/\s+/g, ' ').trim() || el.getAttribute('title')?.trim() || '';
}

/** The text of the elements `aria-labelledby` names, which screen readers put before all else. */
function labelledBy(el: Element): string {
  const ids = el.getAttribute('aria-labelledby')?.split(/\s+/) ?? [];
  const parts = ids.map((id) => (id && el.ownerDocument.getElementById(id)?.textContent) || '');
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}
