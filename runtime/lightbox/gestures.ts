import { isRtl } from '../dom';
import * as G from './gesture-state';

export type Gesture = Exclude<G.Outcome, undefined>;

/**
 * Touch gestures on the lightbox's stage (issue 16), in a chunk of their own fetched only when
 * a lightbox shows an image item on a device with touch: swipe to the previous or next item, swipe
 * down to close, pinch and double-tap to zoom, pan while zoomed (gesture-state.ts). Pointer
 * Events on the stage; the image's transform is written directly, not rendered per move. A
 * mouse keeps the buttons and keys it always had. Everything is undone when `signal` aborts.
 */
export function attachGestures(
  stage: HTMLElement,
  signal: AbortSignal,
  done: (gesture: Gesture) => void,
): void {
  const reduced = stage.ownerDocument.defaultView!.matchMedia('(prefers-reduced-motion: reduce)').matches;
  let s = G.initialGesture;
  // The image, or the box that stands for it while it loads or after it failed: that one can
  // still be swiped past, not zoomed.
  const media = () => stage.firstElementChild as HTMLElement | null;
  const env = (): G.GestureEnv => {
    const m = media();
    return {
      width: m?.offsetWidth ?? 0,
      height: m?.offsetHeight ?? 0,
      reduced,
      zoomable: m?.localName === 'img',
      rtl: isRtl(stage),
    };
  };
  // The stage's centre is the image's (it is centred across, and as tall as the image).
  const at = (e: PointerEvent) => {
    const r = stage.getBoundingClientRect();
    return { x: e.clientX - r.left - r.width / 2, y: e.clientY - r.top - r.height / 2 };
  };
  const paint = (settle: boolean) => {
    const i = media();
    if (!i) return;
    i.style.transition = settle && !reduced ? 'transform .2s' : '';
    i.style.transform = G.transformOf(s);
  };
  // The browser neither scrolls nor zooms the page under the fingers: the gestures are ours. A
  // zoomed image is clipped to the stage, which would otherwise become a scrolling region.
  // Under reduced motion ours do not zoom, so the browser's own pinch-zoom and scrolling stay.
  stage.style.touchAction = reduced ? 'pan-y pinch-zoom' : 'none';
  stage.style.overflow = 'hidden';
  signal.addEventListener(
    'abort',
    () => {
      stage.style.touchAction = stage.style.overflow = '';
      const i = media();
      if (i) i.style.transform = i.style.transition = '';
    },
    { once: true },
  );
  const on = (type: string, fn: (e: PointerEvent) => void) =>
    stage.addEventListener(type, fn as EventListener, { signal });
  on('pointerdown', (e) => {
    if (e.pointerType === 'mouse' || !media()) return;
    stage.setPointerCapture?.(e.pointerId);
    s = G.pointerDown(s, e.pointerId, at(e), env());
  });
  on('pointermove', (e) => {
    if (!(e.pointerId in s.pointers)) return;
    s = G.pointerMove(s, e.pointerId, at(e), env());
    paint(false);
  });
  const up = (e: PointerEvent) => {
    const [next, outcome] = G.pointerUp(
      s,
      e.pointerId,
      at(e),
      e.timeStamp,
      env(),
      e.type === 'pointercancel',
    );
    s = next;
    paint(true);
    if (outcome) done(outcome);
  };
  on('pointerup', up);
  on('pointercancel', up);
}

// A chunk root (lightbox/view.tsx imports it lazily): see core.ts.
export { core as __core } from '../core';
