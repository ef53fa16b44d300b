import { loadChunk } from '../chunks';
import { keepAttribute, labelCarousel } from '../carousel/labels';
import { slidePosition } from '../carousel/position';
import { keepTallest } from '../carousel/height';
import { carouselRotation } from '../carousel/rotation';
import type { Controller, ControllerContext } from '../controller';
import { arrowStep } from '../dom';
import { carouselStrings } from '../i18n/carousel';
import { attr } from '../schema';
import { carouselOptions } from '../carousel/options';
import { rebuildOnChange } from '../rebuild';

export { carouselDefaults, carouselOptions, readCarouselOptions } from '../carousel/options';

// The position's buttons are dots with a 24 px target (WCAG 2.5.8); the builder's CSS may restyle them.
const P = `[${attr.carousel}] [data-sw-carousel-position]`;
const C = `[${attr.carousel}]`;
// A selector list, not :is(), which browsers before 2021 drop with the whole rule.
const css = `${C} [${attr.slide}][hidden],${C} [${attr.carouselPrev}][hidden],${C} [${attr.carouselNext}][hidden]{display:none!important}
${P}{display:flex;flex-wrap:wrap;align-items:center;justify-content:center}
${P} p{margin:0 .5em}
${P} button{width:24px;height:24px;padding:0;border:0;background:none;color:inherit;cursor:pointer}
${P} button::before{content:"";display:block;width:8px;height:8px;margin:auto;border:2px solid;border-radius:50%}
${P} button[aria-current]::before{background:currentColor}`;

/**
 * `data-sw-carousel` (W3C APG carousel): one slide at a time, each a group labelled "n of N"
 * in a labelled region. A rotation control comes first in the tab order (WCAG 2.2.2).
 * Rotation stops while the pointer or keyboard focus is inside and while the page is hidden,
 * and starts stopped under prefers-reduced-motion; the slides are a live region only while
 * not rotating. Previous/Next buttons and the arrow keys (outside form fields) move by one;
 * "2 of 5" and a button per slide say where it is and go there (issue 16). On a device with
 * touch, a swipe steps too: its code is a chunk fetched on idle.
 */
export const carousel: Controller = {
  connect(root, ctx) {
    const { runtime, listen } = ctx;
    const own = (sel: string) =>
      [...root.querySelectorAll<HTMLElement>(sel)].filter(
        (e) => e.parentElement?.closest(`[${attr.carousel}]`) === root,
      );
    const slides = own(`[${attr.slide}]`);
    // Slides added or removed later: built again around those there are then, on the slide
    // shown (if still there, else the first), focus kept on the rotation button or on the
    // position button of the same slide (else of the one shown): held as the carousel or a slide.
    const [was, hold] = rebuildOnChange<[Element?, Element?]>(ctx, root, () => own(`[${attr.slide}]`));
    // Read first: invalid JSON leaves the element plain, with its warning, however many slides.
    const options = carouselOptions(root);
    const ends = [attr.carouselPrev, attr.carouselNext].map((name) => own(`[${name}]`)[0]);
    runtime.adoptStyles(css);
    // One slide has nowhere to go: its Previous/Next, shown once enhanced, would do nothing.
    if (slides.length < 2) return hideAll(ends);
    const t = runtime.strings(carouselStrings);

    const undo: (() => void)[] = [];
    labelCarousel(root, slides, t, undo);
    undo.push(keepTallest(root as HTMLElement, slides, ctx.signal, runtime.work));
    const [prev, next] = ends;
    const toggle = rotationControl(root, ends, undo);

    const [dots, position] = slidePosition(root, slides.length, t, undo);
    if (was?.[0]) slides.forEach((s) => (s.hidden = s != was[0]));
    const [update, step, playPause, inside, choose] = carouselRotation(
      ctx,
      root,
      slides,
      toggle,
      ends,
      options,
      t,
      position,
    );
    listen(toggle, 'click', playPause);
    listen(root, 'click', (e) => {
      // Previous and Next may be links (Bootstrap's `<a href="#news">`): they step, not jump.
      const b = [prev, next, ...dots].find((c) => c?.contains(e.target as Node));
      if (!b) return;
      e.preventDefault();
      if (b.getAttribute('aria-disabled') === 'true') return;
      if (b === prev) step(-1);
      else if (b === next) step(1);
      else choose(dots.indexOf(b as HTMLButtonElement));
    });
    swipeOnTouch(ctx, root as HTMLElement, slides, step);
    listen<KeyboardEvent>(root, 'keydown', (e) => {
      // Not from inside a slide: the step would hide the slide that has focus (to <body>).
      const by = arrowStep(e);
      if (!by || within(slides, e)) return;
      e.preventDefault();
      step(by);
    });
    watchInside(ctx, root, slides, inside);
    listen(runtime.document, 'visibilitychange', update);

    step(0);
    update();
    const at = was?.[1];
    (at == root
      ? toggle
      : (dots[slides.indexOf(at as HTMLElement)] ?? (at && dots.find((d) => d.matches('[aria-current]'))))
    )?.focus();
    return () => {
      const focused = runtime.document.activeElement as HTMLButtonElement;
      hold([slides.find((s) => !s.hidden), focused == toggle ? root : slides[dots.indexOf(focused)]]);
      for (const fn of undo.reverse()) fn();
    };
  },
};

/**
 * The rotation control, first in the carousel; what the rotation will change (`aria-live`,
 * Previous/Next's `aria-disabled`) is put back on `undo`.
 */
function rotationControl(root: Element, [prev, next]: (HTMLElement | undefined)[], undo: (() => void)[]) {
  const toggle = root.ownerDocument.createElement('button');
  toggle.type = 'button';
  toggle.setAttribute('data-sw-carousel-rotation', '');
  root.prepend(toggle);
  undo.push(() => toggle.remove());
  // What the builder wrote is put back, not only what the runtime wrote taken away.
  keepAttribute(root, 'aria-live', undo);
  keepAttribute(prev, 'aria-disabled', undo);
  keepAttribute(next, 'aria-disabled', undo);
  return toggle;
}

/** Pointer and focus coming in and going out (APG: rotation stops while either is inside). */
function watchInside(
  { listen, signal }: ControllerContext,
  root: Element,
  slides: HTMLElement[],
  inside: (key: 'pointer' | 'focus', on: boolean, inSlide?: boolean) => void,
) {
  listen(root, 'pointerenter', () => inside('pointer', true));
  listen<PointerEvent>(root, 'pointerleave', (e) => {
    // A dialog opened from a slide by a click that moved no focus (Safari) came under the
    // pointer: as for focus, rotation stays stopped until it closes.
    const over = intoDialog(root, e);
    if (over) over.addEventListener('close', () => inside('pointer', false), { once: true, signal });
    else inside('pointer', false);
  });
  listen(root, 'focusin', (e) => inside('focus', true, within(slides, e)));
  listen<FocusEvent>(root, 'focusout', (e) => {
    if (!root.contains(e.relatedTarget as Node | null) && !intoDialog(root, e)) inside('focus', false);
  });
}

/**
 * The dialog (a lightbox, a modal) the carousel is not in that focus or the pointer went into:
 * opened from a slide, it brings focus back to its opener when it closes, which rotating
 * meanwhile would have hidden.
 */
function intoDialog(root: Element, e: FocusEvent | PointerEvent): HTMLDialogElement | undefined {
  const dialog = (e.relatedTarget as Element | null)?.closest?.('dialog');
  return dialog && !dialog.contains(root) ? dialog : undefined;
}

/** The event happened inside one of the slides. */
const within = (slides: HTMLElement[], e: Event) => slides.some((s) => s.contains(e.target as Node));

/** Hides the shown ones of `els`; returns their undo. */
function hideAll(els: (HTMLElement | undefined)[]) {
  const shown = els.filter((el) => el && !el.hidden) as HTMLElement[];
  shown.forEach((el) => (el.hidden = true));
  return () => shown.forEach((el) => (el.hidden = false));
}

/** On a device with touch, the swipe's chunk on idle; without it, the buttons and keys still work. */
function swipeOnTouch(
  ctx: ControllerContext,
  root: HTMLElement,
  slides: HTMLElement[],
  step: (by: number) => void,
) {
  const win = ctx.runtime.window;
  if (!(win.navigator.maxTouchPoints > 0)) return;
  ctx.idle(() =>
    loadChunk(ctx.runtime, 'carousel swipe', () => import('../carousel/swipe'), {
      exported: 'carouselSwipe',
    }).then(
      (m) =>
        !ctx.signal.aborted &&
        m.carouselSwipe(
          root,
          slides,
          step,
          win.matchMedia('(prefers-reduced-motion: reduce)').matches,
          ctx.signal,
        ),
      () => {}, // announced by the loader
    ),
  );
}
