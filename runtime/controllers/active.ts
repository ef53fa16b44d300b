import { pathsMatch } from '../paths';
import type { Disconnect } from '../controller';

/**
 * Marks the links of `container` that point at the current page: `aria-current="page"` on
 * the link, class `active` on its `li`, `active-trail` on the `li`s above it (inside the
 * container). Only same-host http(s) links count, and not a link within the page (`href` empty
 * or `#…`, such as a parent item's `href="#"`): it points at a place, not at the page; the
 * anchor menu marks those on click. Returns the undo, which leaves no empty `class` attribute
 * on an element that had none.
 */
export function markActiveLinks(container: Element, location: Location): Disconnect {
  const undo: (() => void)[] = [];
  const addClass = (el: Element, name: string) => {
    if (el.classList.contains(name)) return;
    const had = el.hasAttribute('class');
    el.classList.add(name);
    undo.push(() => {
      el.classList.remove(name);
      if (!had && !el.classList.length) el.removeAttribute('class');
    });
  };
  for (const a of container.querySelectorAll<HTMLAnchorElement>('a[href]')) {
    // A language switcher in the menu links this page in each language: no section of the menu.
    if (/^(#|$)/.test(a.getAttribute('href')!.trim()) || a.closest('[data-sw-languages]')) continue;
    if (
      a.host !== location.host ||
      !/^https?:$/.test(a.protocol) ||
      !pathsMatch(a.pathname, location.pathname)
    )
      continue;
    if (!a.hasAttribute('aria-current')) {
      a.setAttribute('aria-current', 'page');
      undo.push(() => a.removeAttribute('aria-current'));
    }
    let li = a.closest('li');
    if (li && container.contains(li)) addClass(li, 'active');
    while ((li = li?.parentElement?.closest('li') ?? null) && container.contains(li))
      addClass(li, 'active-trail');
  }
  // Last first: an item marked twice (active, then active-trail) had no class before the first.
  return () => undo.reverse().forEach((u) => u());
}
