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
 * decides (its zoom is not used here). Vertical moves stay the page's scrolling
 * (`touch-action: pan-y`); presses on the carousel's buttons and fields stay theirs (a link
 * in a slide may start a swipe: a touch that moved is not a click).
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
  const env = (): GestureEnv => ({ width: root.offsetWidth, height: root.offsetHeight, reduced });
  const at = (e: PointerEvent) => ({ x: e.clientX, y: e.clientY });
  const settle = () => {
    if (!slide) return;
    slide.style.transition = reduced ? '' : 'transform .2s';
    slide.style.transform = '';
  };
  root.style.touchAction = 'pan-y';
  signal.addEventListener('abort', () => ((root.style.touchAction = ''), settle()), { once: true });
  const on = (type: string, fn: (e: PointerEvent) => void) =>
    root.addEventListener(type, fn as EventListener, { signal });
  on('pointerdown', (e) => {
    if (e.pointerType === 'mouse' || (e.target as Element).closest('button, input, select, textarea')) return;
    slide = slides.find((sl) => !sl.hidden);
    s = pointerDown(s, e.pointerId, at(e), env());
  });
  on('pointermove', (e) => {
    if (!(e.pointerId in s.pointers)) return;
    s = pointerMove(s, e.pointerId, at(e), env());
    if (slide && s.mode === 'swipe') {
      slide.style.transition = '';
      slide.style.transform = s.drag.x ? `translateX(${s.drag.x}px)` : '';
    }
  });
  const up = (e: PointerEvent) => {
    const [next, outcome] = pointerUp(s, e.pointerId, at(e), e.timeStamp, env(), e.type === 'pointercancel');
    s = { ...next, view: initialGesture.view };
    settle();
    if (outcome === 'next' || outcome === 'previous') step(outcome === 'next' ? 1 : -1);
  };
  on('pointerup', up);
  on('pointercancel', up);
}
