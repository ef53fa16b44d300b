import { dropEmptyStyle } from '../dom';
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
  const env = (): GestureEnv => ({
    width: root.offsetWidth,
    height: root.offsetHeight,
    reduced,
    zoomable: false,
  });
  const at = (e: PointerEvent) => ({ x: e.clientX, y: e.clientY });
  const [keep, settle] = builderStyles(root, reduced, signal);
  const on = (type: string, fn: (e: PointerEvent) => void) =>
    root.addEventListener(type, fn as EventListener, { signal });
  on('pointerdown', (e) => {
    const target = e.target as Element;
    if (
      e.pointerType === 'mouse' ||
      target.closest('button, input, select, textarea, [data-sw-carousel]') !== root
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
      slide.style.transition = 'none';
      slide.style.transform = `translateX(${s.drag.x}px)`;
    }
  });
  const up = (e: PointerEvent) => {
    const [next, outcome] = pointerUp(s, e.pointerId, at(e), e.timeStamp, env(), e.type === 'pointercancel');
    s = next;
    if (slide) settle(slide);
    if (outcome === 'next' || outcome === 'previous') step(outcome === 'next' ? 1 : -1);
  };
  on('pointerup', up);
  on('pointercancel', up);
}

/**
 * The root's `touch-action` for a swipe, and what a moved slide settles back to: the inline
 * transform and transition the builder wrote, all put back when `signal` aborts. Returns what
 * remembers a slide before it moves, and what settles one (animated unless reduced).
 */
function builderStyles(root: HTMLElement, reduced: boolean, signal: AbortSignal) {
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
    (el: HTMLElement) => {
      const [transform, transition] = written.get(el) ?? ['', ''];
      el.style.transition = reduced ? transition : 'transform .2s';
      el.style.transform = transform;
    },
  ] as const;
}

// Bundling hint: what this chunk shares with the entry ships as one file (see core.ts).
export { core as __core } from '../core';
