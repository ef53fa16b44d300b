import { keepAttribute } from '../carousel/labels';
import { uniqueId } from '../ids';
import type { Controller } from '../controller';
import { navStrings } from '../i18n/nav';
import { rebuildOnChange } from '../rebuild';
import { submenus } from '../menu/submenus';
import { attr } from '../schema';
import { markActiveLinks } from './active';

/** Spec §9: mobile breakpoint 768 px, hover opening delay 1000 ms, submenus 9 to 25 em wide. */
export const MENU_BREAKPOINT = 768;
export { MENU_OPEN_DELAY } from '../menu/submenus';

const css = `
.sw-vh{position:absolute!important;width:1px;height:1px;margin:-1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
[${attr.menu}][${attr.ready}] [hidden]{display:none!important}
[${attr.menu}][${attr.ready}] li>ul{min-width:9em;max-width:25em}
.sw-submenu{min-width:24px;min-height:24px;margin-inline-start:.2em;padding:0 .3em;vertical-align:middle}
.sw-submenu::before{content:"";display:inline-block;width:.4em;height:.4em;border:solid currentColor;border-width:0 2px 2px 0;transform:translateY(-25%) rotate(45deg)}
.sw-submenu[aria-expanded=true]::before{transform:translateY(25%) rotate(225deg)}
@media (max-width:${MENU_BREAKPOINT - 0.02}px){[${attr.menu}][${attr.ready}] li>ul{position:static!important;max-width:none}}
`;

/**
 * `data-sw-menu`: W3C APG disclosure navigation (not menu roles). Each item with a submenu
 * gets a button beside its link, so the link still navigates. The builder's CSS opened
 * submenus on :hover and :focus-within; once enhanced, `hidden` decides, and the runtime
 * opens on click, Enter and Space at once, on hover after the opening delay.
 */
export const menu: Controller = {
  connect(nav, ctx) {
    const { runtime, listen } = ctx;
    const [doc, win] = [nav.ownerDocument, runtime.window];
    const t = runtime.strings(navStrings);
    // Built again when items or submenus change, carrying across the list (below the breakpoint), the
    // open submenus' items, and the item whose button, or the toggle (hidden meanwhile), had focus.
    const [was, hold] = rebuildOnChange<[boolean, Element[], Element?]>(ctx, nav, () => structure(nav));
    const list = nav.querySelector<HTMLElement>(':scope > ul') ?? nav.querySelector<HTMLElement>('ul');
    if (!list) return;
    const toggle = nav.querySelector<HTMLButtonElement>(`[${attr.menuToggle}]`);
    const undo: (() => void)[] = [markActiveLinks(nav, win.location)];
    runtime.adoptStyles(css);

    const control = (button: HTMLElement, el: HTMLElement) => controls(button, el, undo);
    const small = win.matchMedia(`(max-width: ${MENU_BREAKPOINT - 0.02}px)`);
    const [cancelHover, closeAll, escape, items] = submenus(ctx, list, t, control, small, was?.[1]);

    // Below the breakpoint the toggle controls the whole list.
    const setList = (expanded: boolean) => {
      toggle?.setAttribute('aria-expanded', String(expanded));
      list.hidden = !expanded;
    };
    const applyBreakpoint = () => {
      if (!toggle) return;
      // Crossed with focus in the list (zoom) it stays open; from the toggle, to its first link.
      const held = doc.activeElement == toggle;
      toggle.hidden = !small.matches;
      if (small.matches) setList(list.contains(doc.activeElement));
      else {
        toggle.removeAttribute('aria-expanded');
        list.hidden = false;
        if (held) list.querySelector('a')?.focus();
      }
    };
    if (toggle) {
      control(toggle, list);
      nameToggle(toggle, t('menu'), undo);
      applyBreakpoint();
      if (was?.[0] && small.matches) setList(true);
      listen(small, 'change', applyBreakpoint);
      listen(toggle, 'click', () => setList(list.hidden));
    }

    // Escape beside an open submenu closes it, focus staying (APG); from outside the menu too
    // (WCAG 1.4.13), unless a dialog is open (its Escape, its focus to come back) or it was taken.
    listen<KeyboardEvent>(doc, 'keydown', (e) => {
      const at = e.target as Element;
      const inside = nav.contains(at);
      if (inside) cancelHover();
      if (e.key !== 'Escape') return;
      // Taken by a field of its own (a search's suggestions) inside or out: not the menu's.
      if (e.defaultPrevented || (inside ? escape(at) : doc.querySelector('dialog[open]'))) return;
      if (inside && toggle && small.matches && !list.hidden) {
        setList(false);
        toggle.focus();
      } else closeAll();
    });
    listen<FocusEvent>(nav, 'focusout', (e) => {
      const to = e.relatedTarget as Element | null;
      // Into a dialog opened from a submenu the visitor has not left: focus comes back to its link.
      if (to && !nav.contains(to) && !(to.closest('dialog') as HTMLDialogElement | null)?.open) closeAll();
    });
    listen(doc, 'pointerdown', (e) => {
      cancelHover();
      if (!nav.contains(e.target as Node)) closeAll();
    });
    (items.find((i) => i.li == was?.[2])?.button ?? (was?.[2] == toggle ? toggle : null))?.focus();

    return () => {
      hold([
        toggle?.getAttribute('aria-expanded') == 'true',
        items.filter((i) => !i.sub.hidden).map((i) => i.li),
        items.find((i) => i.button == doc.activeElement)?.li ??
          (toggle && doc.activeElement == toggle ? toggle : undefined),
      ]);
      restore(items, list, toggle);
      undo.forEach((u) => u());
    };
  },
};

/** The builder's menu back as it was: its nested lists shown, its toggle hidden. */
function restore(
  items: readonly { sub: HTMLElement; button: Element }[],
  list: HTMLElement,
  toggle: HTMLElement | null,
) {
  for (const item of items) {
    item.button.remove();
    item.sub.hidden = false;
  }
  list.hidden = false;
  if (toggle) {
    toggle.hidden = true;
    toggle.removeAttribute('aria-expanded');
    toggle.removeAttribute('aria-controls');
  }
}

/**
 * What the menu is built from (a builder's script or an editor may change it): neither the
 * runtime's own buttons nor what its UI draws in the menu (a language list).
 */
function structure(nav: Element): Element[] {
  return [...nav.querySelectorAll('ul,li,a')].filter((el) => !el.closest('[data-sw-ui]'));
}

/**
 * An icon-only toggle is named (WCAG 4.1.2): one with no label of its own, and no text or named
 * image in it outside what is hidden from assistive technology (`<span aria-hidden="true">☰`).
 */
function nameToggle(el: HTMLButtonElement, label: string, undo: (() => void)[]) {
  if (el.matches('[aria-label],[aria-labelledby],[title]') || el.labels?.length) return;
  const named = [el, ...el.querySelectorAll('*')].some(
    (c) =>
      !c.closest('[aria-hidden=true]') &&
      ((c != el && c.matches('[alt]:not([alt=""]),title,[aria-label],[aria-labelledby]')) ||
        [...c.childNodes].some((t) => t.nodeType == 3 && t.nodeValue!.trim())),
  );
  if (named) return;
  keepAttribute(el, 'aria-label', undo);
  el.setAttribute('aria-label', label);
}

/**
 * `button` controls `el`: `el` is given an id when it has none (`undo` takes that back). A
 * builder's id with a space is no single IDREF (axe: aria-valid-attr-value), and it cannot be
 * changed under the builder's CSS: no `aria-controls` then, which a disclosure may go without.
 */
function controls(button: HTMLElement, el: HTMLElement, undo: (() => void)[]): void {
  if (!el.id) {
    el.id = uniqueId(el.ownerDocument, 'sw-menu');
    undo.push(() => el.removeAttribute('id'));
  }
  if (!/\s/.test(el.id)) button.setAttribute('aria-controls', el.id);
}
