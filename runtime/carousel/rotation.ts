import type { ControllerContext } from '../controller';
import type { carouselDefaults } from '../controllers/carousel';
import type { CarouselText } from './labels';

/**
 * Which slide is shown, and whether it advances by itself: it rotates while playing (not at
 * first under prefers-reduced-motion) unless the pointer or focus is inside or the page is
 * hidden. The slides are a live region only while not rotating. Without wrapping, the ends
 * disable Previous/Next and rotation stops on the last slide. `toggle` is the rotation
 * control. Returns `[update, step, playPause, inside]`: a tuple, as the entry pays for every
 * property name (minifying keeps them).
 */
export function carouselRotation(
  ctx: ControllerContext,
  root: Element,
  slides: HTMLElement[],
  toggle: HTMLButtonElement,
  [prev, next]: (HTMLElement | undefined)[],
  options: typeof carouselDefaults,
  t: CarouselText,
) {
  const doc = ctx.runtime.document;
  const reduced = ctx.runtime.window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  let index = Math.max(
    0,
    slides.findIndex((s) => !s.hidden),
  );
  let playing = !reduced;
  const inside = { pointer: false, focus: false };
  let advance: (() => void) | undefined;

  const show = (to: number) => {
    index = options.wrap
      ? (to + slides.length) % slides.length
      : Math.min(Math.max(to, 0), slides.length - 1);
    slides.forEach((s, i) => (s.hidden = i !== index));
    if (!options.wrap) {
      for (const [b, end] of [
        [prev, index === 0],
        [next, index === slides.length - 1],
      ] as const) {
        if (!b) continue;
        if (end) b.setAttribute('aria-disabled', 'true');
        else b.removeAttribute('aria-disabled');
      }
    }
  };
  const update = () => {
    const rotating = playing && !inside.pointer && !inside.focus && !doc.hidden;
    // Only when it changes: update() also runs on focusin and pointerenter, and WebKit drops
    // the click of a press whose text node was replaced between mousedown and mouseup
    // (a first click on the control, which focuses it, did nothing there).
    const label = playing ? t('stop') : t('start');
    if (toggle.textContent !== label) toggle.textContent = label;
    root.setAttribute('aria-live', rotating ? 'off' : 'polite');
    if (rotating && !advance) {
      // Background: a rotation re-arms itself for ever, so it must not hold idle().
      advance = ctx.after(
        options.interval,
        () => {
          advance = undefined;
          if (!options.wrap && index === slides.length - 1) playing = false;
          else show(index + 1);
          update();
        },
        { background: true },
      );
    } else if (!rotating && advance) {
      advance();
      advance = undefined;
    }
  };

  return [
    update,
    /** Moves by `by` slides from the one shown (0: shows it, as it starts). */
    (by: number) => show(index + by),
    /** The rotation control's click. */
    () => {
      playing = !playing;
      update();
    },
    /** The pointer or focus came in or went out. */
    (key: keyof typeof inside, on: boolean) => {
      inside[key] = on;
      update();
    },
  ] as const;
}
