import { dropEmptyStyle, isRtl } from '../dom';
import {
  initialGesture,
  pointerDown,
  pointerMove,
  pointerUp,
  type GestureEnv,
} from '../lightbox/gesture-state';

/**
 * A horizontal swipe on a carousel (issue 16), in a chunk fetched on idle by touch devices
 * only: the slide follows the finger and the carousel steps when it went far enough, else the
 * slide snaps back; under prefers-reduced-motion only the step. The lightbox's gesture reducer
 * decides, told there is nothing to zoom. Vertical moves and the browser's pinch-zoom stay the
 * page's (`touch-action: pan-y pinch-zoom`); presses on the carousel's buttons and fields stay
 * theirs (a link in a slide may start a swipe: a touch that moved is not a click), and so do
 * those inside a carousel nested in a slide. What it wrote on the root and on slides is put
 * back as the builder wrote it when `signal` aborts.
 */
export function carouselSwipe(
  root: HTMLElement,
  slides: HTMLElement[],
  step: (by: number) => void,
  reduced: boolean,
  signal: AbortSignal,
): void {
  let s = initialGesture;
  let slide: HTMLElement | undefined;
  let dragged: number | undefined; // how far the slide was moved; a tap moves nothing
  const env = (): GestureEnv => ({
    width: root.offsetWidth,
    height: root.offsetHeight,
    reduced,
    zoomable: false,
    rtl: isRtl(root),
  });
  const at = (e: PointerEvent) => ({ x: e.clientX, y: e.clientY });
  const [keep, settle] = builderStyles(root, signal);
  const on = (type: string, fn: (e: PointerEvent) => void) =>
    root.addEventListener(type, fn as EventListener, { signal });
  on('pointerdown', (e) => {
    const target = e.target as Element;
    if (
      e.pointerType === 'mouse' ||
      target.closest('button, input, select, textarea, video, audio, [data-sw-carousel]') !== root
    )
      return;
    slide = slides.find((sl) => !sl.hidden);
    if (slide) keep(slide);
    s = pointerDown(s, e.pointerId, at(e), env());
  });
  on('pointermove', (e) => {
    if (!(e.pointerId in s.pointers)) return;
    s = pointerMove(s, e.pointerId, at(e), env());
    if (slide && s.mode === 'swipe' && !reduced) {
      dragged = s.drag.x;
      slide.style.transition = 'none';
      slide.style.transform = `translateX(${s.drag.x}px)`;
    }
  });
  const up = (e: PointerEvent) => {
    const [next, outcome] = pointerUp(s, e.pointerId, at(e), e.timeStamp, env(), e.type === 'pointercancel');
    s = next;
    const stepped = outcome === 'next' || outcome === 'previous';
    // A slide stepped away from is hidden at once: only one that stays snaps back, animated
    // (from 0 nothing would animate, and no transition would end).
    if (slide && dragged !== undefined) settle(slide, !stepped && dragged !== 0);
    dragged = undefined;
    if (stepped) step(outcome === 'next' ? 1 : -1);
  };
  on('pointerup', up);
  on('pointercancel', up);
}

const SNAP_ENDS = ['transitionend', 'transitioncancel'];

/**
 * The root's `touch-action` for a swipe, and what a moved slide settles back to: the inline
 * transform and transition the builder wrote, all put back when `signal` aborts. Returns what
 * remembers a slide before it moves, and what settles one (animated or not).
 */
function builderStyles(root: HTMLElement, signal: AbortSignal) {
  const written = new Map<HTMLElement, [string, string]>();
  const touchAction = root.style.touchAction;
  root.style.touchAction = 'pan-y pinch-zoom';
  signal.addEventListener(
    'abort',
    () => {
      root.style.touchAction = touchAction;
      dropEmptyStyle(root);
      for (const [el, [transform, transition]] of written) Object.assign(el.style, { transform, transition });
    },
    { once: true },
  );
  return [
    (el: HTMLElement) => written.has(el) || written.set(el, [el.style.transform, el.style.transition]),
    (el: HTMLElement, animate: boolean) => {
      const [transform, transition] = written.get(el) ?? ['', ''];
      const back = () => {
        el.style.transition = transition;
        dropEmptyStyle(el);
      };
      el.style.transition = animate ? 'transform .2s' : transition;
      el.style.transform = transform;
      if (!animate) return back();
      // Over, or cancelled (a new drag, the slide hidden): the builder's own transition is back.
      const done = (e: Event) => {
        if (e.target !== el) return; // a transition inside the slide, not the snap's
        for (const type of SNAP_ENDS) el.removeEventListener(type, done);
        back();
      };
      for (const type of SNAP_ENDS) el.addEventListener(type, done, { signal });
    },
  ] as const;
}

// Bundling hint: what this chunk shares with the entry ships as one file (see core.ts).
export { core as __core } from '../core';
