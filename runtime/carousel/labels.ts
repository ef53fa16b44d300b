import type { Translate } from '../i18n';
import type { carouselStrings } from '../i18n/carousel';

/** The carousel's UI strings, in the page's language. */
export type CarouselText = Translate<keyof typeof carouselStrings.en>;

/**
 * The APG carousel's semantics: a labelled region (unless the builder chose a role or used a
 * section) whose slides are groups labelled "n of N". The builder's own labels are kept; what
 * is changed goes on `undo`, with each slide's `hidden` as written.
 */
export function labelCarousel(
  root: Element,
  slides: HTMLElement[],
  t: CarouselText,
  undo: (() => void)[],
): void {
  const set = (el: Element, name: string, value: string) => {
    keepAttribute(el, name, undo);
    el.setAttribute(name, value);
  };
  if (!root.hasAttribute('role') && root.localName !== 'section') set(root, 'role', 'region');
  set(root, 'aria-roledescription', t('carousel'));
  if (!root.hasAttribute('aria-label') && !root.hasAttribute('aria-labelledby'))
    set(root, 'aria-label', t('carousel'));
  // A list made a region keeps no list items: its other items (a builder's controls) are
  // none, so no item is left outside a list (axe: listitem).
  if (root.matches(':is(ul,ol):not([role=list])'))
    for (const li of root.querySelectorAll(':scope > li:not([role])'))
      if (!slides.includes(li as HTMLElement)) set(li, 'role', 'none');
  slides.forEach((slide, i) => {
    const wasHidden = slide.hidden;
    undo.push(() => (slide.hidden = wasHidden));
    // A slide with a meaning of its own keeps it: an image its alt text, a link its role, a
    // list item its list (a group named "1 of 3" would replace them); unless its list is the
    // carousel itself, now a region: a list item outside a list is an error (axe: listitem).
    const inRegion = slide.parentElement === root && root.matches(':is(ul,ol):not([role=list])');
    if (!inRegion && !/^(div|section|article|figure|aside|span|p)$/.test(slide.localName)) return;
    set(slide, 'role', 'group');
    set(slide, 'aria-roledescription', t('slide'));
    if (!slide.hasAttribute('aria-label') && !slide.hasAttribute('aria-labelledby'))
      set(slide, 'aria-label', t('of', { n: i + 1, total: slides.length }));
  });
}

/** Puts `el`'s attribute `name` back as it is now, on `undo` (removed if it had none). */
export function keepAttribute(el: Element | undefined, name: string, undo: (() => void)[]): void {
  if (!el) return;
  const was = el.getAttribute(name);
  undo.push(() => (was === null ? el.removeAttribute(name) : el.setAttribute(name, was)));
}
