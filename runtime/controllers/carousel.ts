import { labelCarousel } from '../carousel/labels';
import { carouselRotation } from '../carousel/rotation';
import type { Controller } from '../controller';
import { inFormField } from '../dom';
import { carouselStrings } from '../i18n/carousel';
import { attr } from '../schema';
import { carouselOptions } from '../carousel/options';

export { carouselDefaults, carouselOptions, readCarouselOptions } from '../carousel/options';

const css = `[${attr.carousel}] [${attr.slide}][hidden]{display:none!important}`;

/**
 * `data-sw-carousel` (W3C APG carousel): one slide at a time, each a group labelled "n of N"
 * in a labelled region. A rotation control comes first in the tab order (WCAG 2.2.2).
 * Rotation stops while the pointer or keyboard focus is inside and while the page is hidden,
 * and starts stopped under prefers-reduced-motion; the slides are a live region only while
 * not rotating. Previous/Next buttons and the arrow keys (outside form fields) move by one.
 */
export const carousel: Controller = {
  connect(root, ctx) {
    const { runtime, listen } = ctx;
    const own = (sel: string) =>
      [...root.querySelectorAll<HTMLElement>(sel)].filter(
        (e) => e.parentElement?.closest(`[${attr.carousel}]`) === root,
      );
    const slides = own(`[${attr.slide}]`);
    if (slides.length < 2) return;
    const options = carouselOptions(root);
    const t = runtime.strings(carouselStrings);
    runtime.adoptStyles(css);

    const undo: (() => void)[] = [];
    labelCarousel(root, slides, t, undo);
    const toggle = runtime.document.createElement('button');
    toggle.type = 'button';
    toggle.setAttribute('data-sw-carousel-rotation', '');
    root.prepend(toggle);
    undo.push(() => toggle.remove());
    const ends = [attr.carouselPrev, attr.carouselNext].map((name) => own(`[${name}]`)[0]);
    const [prev, next] = ends;
    const live = root.getAttribute('aria-live');
    undo.push(() => {
      if (live === null) root.removeAttribute('aria-live');
      else root.setAttribute('aria-live', live);
      prev?.removeAttribute('aria-disabled');
      next?.removeAttribute('aria-disabled');
    });

    const [update, step, playPause, inside] = carouselRotation(ctx, root, slides, toggle, ends, options, t);
    listen(toggle, 'click', playPause);
    listen(root, 'click', (e) => {
      const b = (e.target as Element).closest('button');
      if (!b || b.getAttribute('aria-disabled') === 'true') return;
      if (b === prev) step(-1);
      else if (b === next) step(1);
    });
    listen<KeyboardEvent>(root, 'keydown', (e) => {
      if (e.defaultPrevented || inFormField(e.target)) return;
      if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
      e.preventDefault();
      step(e.key === 'ArrowLeft' ? -1 : 1);
    });
    listen(root, 'pointerenter', () => inside('pointer', true));
    listen(root, 'pointerleave', () => inside('pointer', false));
    listen(root, 'focusin', () => inside('focus', true));
    listen<FocusEvent>(root, 'focusout', (e) => {
      if (!root.contains(e.relatedTarget as Node | null)) inside('focus', false);
    });
    listen(runtime.document, 'visibilitychange', update);

    step(0);
    update();
    return () => {
      for (const fn of undo.reverse()) fn();
    };
  },
};
