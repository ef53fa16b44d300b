import type { ControllerContext } from '../controller';
import type { carouselDefaults } from '../controllers/carousel';
import type { CarouselText } from './labels';

/**
 * Which slide is shown, and whether it advances by itself: it rotates while playing (not at
 * first under prefers-reduced-motion) unless the pointer or focus is inside or the page is
 * hidden. The slides are a live region only while not rotating. Without wrapping, the ends
 * disable Previous/Next and rotation stops on the last slide. `toggle` is the rotation
 * control; `shown` hears every slide shown. A pause keeps the time that was left: rotation
 * resumes with it, not a full interval (issue 16; clamped, as the clock may be set meanwhile); a slide the visitor chose gets a full one.
 * Focus or the pointer may be inside from the start: built again under the visitor's hand (a
 * slide added), no focusin or pointerenter comes.
 * Started by the visitor's own press on Start, it rotates with focus or the pointer still
 * inside (APG: "until the user activates the rotation control"), until Stop, a step of theirs
 * or focus in a slide.
 * Returns `[update, step, playPause, inside, choose]`: a tuple, as the entry pays for every
 * property name (minifying keeps them).
 */
export function carouselRotation(
  ctx: ControllerContext,
  root: Element,
  slides: HTMLElement[],
  toggle: HTMLButtonElement,
  ends: (HTMLElement | undefined)[],
  options: typeof carouselDefaults,
  t: CarouselText,
  shown: (index: number) => void,
) {
  const doc = ctx.runtime.document;
  const reduced = ctx.runtime.window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  let index = Math.max(0, slides.map((s) => s.hidden).indexOf(false));
  const chosen = ctx.runtime.shared(carouselRotation, () => new WeakMap<Element, boolean>());
  let playing = chosen.get(root) ?? !reduced; // the visitor's Start or Stop outlives a rebuild (WCAG 2.2.2)
  const inside = { pointer: pointerOver(root), focus: root.contains(doc.activeElement) };
  let advance: (() => void) | undefined;
  let left = options.interval; // the time left of the slide's interval; `armed`: when its timer was set
  let armed = 0;
  let started = false;

  const show = (to: number) => (index = showSlide(slides, to, options.wrap, ends, shown));
  const update = () => {
    const rotating = playing && (started || (!inside.pointer && !inside.focus)) && !doc.hidden;
    setText(toggle, playing ? t('stop') : t('start'));
    root.setAttribute('aria-live', rotating ? 'off' : 'polite');
    if (rotating && !advance) {
      // Background: a rotation re-arms itself for ever, so it must not hold idle().
      armed = Date.now();
      advance = ctx.after(
        left,
        () => {
          advance = undefined;
          left = options.interval;
          if (!options.wrap && index === slides.length - 1) playing = false;
          else show(index + 1);
          update();
        },
        { background: true },
      );
    } else if (!rotating && advance) {
      advance();
      advance = undefined;
      left = Math.min(options.interval, Math.max(0, left - (Date.now() - armed)));
    }
  };
  /** The visitor's own move: the slide they chose gets a full interval. */
  const choose = (to: number) => {
    advance?.();
    advance = undefined;
    left = options.interval;
    started = false;
    show(to);
    update();
  };

  return [
    update,
    /** Moves by `by` slides from the one shown (0: shows it, as it starts). */
    (by: number) => choose(index + by),
    /** The rotation control's click; started on the last slide of one that does not wrap, from the first. */
    () => {
      chosen.set(root, (playing = !playing));
      if (playing && !options.wrap && index === slides.length - 1) choose(0);
      started = playing;
      update();
    },
    /** The pointer or focus came in or went out. */
    (key: keyof typeof inside, on: boolean, inSlide?: boolean) => {
      inside[key] = on;
      if (inSlide) started = false; // rotating would hide the slide under its focus
      update();
    },
    /** Shows slide `to` (a position button). */
    choose,
  ] as const;
}

/**
 * Only when it changes: update() also runs on focusin and pointerenter, and WebKit drops the
 * click of a press whose text node was replaced before mouseup (a first click on the control).
 */
function setText(el: Element, text: string) {
  if (el.textContent !== text) el.textContent = text;
}

/** Whether the pointer is over `root`: not a tap's :hover, which stays on a touch screen. */
const pointerOver = (root: Element) =>
  root.ownerDocument.defaultView!.matchMedia('(hover: hover)').matches && root.matches(':hover');

/**
 * Shows slide `to`, wrapped around, or held at the ends without wrapping, where Previous or
 * Next is then disabled; returns its index.
 */
function showSlide(
  slides: HTMLElement[],
  to: number,
  wrap: boolean,
  [prev, next]: (HTMLElement | undefined)[],
  shown: (index: number) => void,
): number {
  const index = wrap ? (to + slides.length) % slides.length : Math.min(Math.max(to, 0), slides.length - 1);
  slides.forEach((s, i) => {
    // Sound from a slide going out of sight would play on with no control in view (WCAG
    // 1.4.2); a muted video (decorative) is left alone: paused, it would not start again.
    if (i !== index && !s.hidden)
      for (const m of [s, ...s.querySelectorAll('audio,video')] as HTMLMediaElement[])
        if (m.matches('audio,video') && !m.muted) m.pause();
    s.hidden = i !== index;
  });
  shown(index);
  if (!wrap) {
    for (const [b, end] of [
      [prev, index === 0],
      [next, index === slides.length - 1],
    ] as const) {
      if (!b) continue;
      if (end) b.setAttribute('aria-disabled', 'true');
      else b.removeAttribute('aria-disabled');
    }
  }
  return index;
}
