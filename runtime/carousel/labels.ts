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
  slides.forEach((slide, i) => {
    set(slide, 'role', 'group');
    set(slide, 'aria-roledescription', t('slide'));
    if (!slide.hasAttribute('aria-label') && !slide.hasAttribute('aria-labelledby'))
      set(slide, 'aria-label', t('of', { n: i + 1, total: slides.length }));
    const wasHidden = slide.hidden;
    undo.push(() => (slide.hidden = wasHidden));
  });
}

/** Puts `el`'s attribute `name` back as it is now, on `undo` (removed if it had none). */
export function keepAttribute(el: Element | undefined, name: string, undo: (() => void)[]): void {
  if (!el) return;
  const was = el.getAttribute(name);
  undo.push(() => (was === null ? el.removeAttribute(name) : el.setAttribute(name, was)));
}
