import { describe, expect, it } from 'vitest';
import {
  DOUBLE_TAP_ZOOM,
  MAX_ZOOM,
  initialGesture,
  pointerDown,
  pointerMove,
  pointerUp,
  transformOf,
  type GestureEnv,
  type GestureState,
  type Point,
} from '../../../runtime/lightbox/gesture-state';

const env: GestureEnv = { width: 300, height: 200, reduced: false };
const reduced: GestureEnv = { ...env, reduced: true };

/** One finger from `from` through `path`; resolves with the state before lifting and the outcome. */
function drag(from: Point, path: Point[], e = env, s: GestureState = initialGesture, t = 0) {
  let st = pointerDown(s, 1, from, e);
  for (const p of path) st = pointerMove(st, 1, p, e);
  const last = path.at(-1) ?? from;
  return { during: st, after: pointerUp(st, 1, last, t, e) };
}

describe('lightbox gestures (issue 16)', () => {
  it('a horizontal swipe follows the finger, then steps when far enough, else snaps back', () => {
    const long = drag({ x: 0, y: 0 }, [
      { x: -20, y: 2 },
      { x: -90, y: 5 },
    ]);
    expect(long.during.mode).toBe('swipe');
    expect(transformOf(long.during)).toBe('translate(-90px,0px) scale(1)');
    expect(long.after[1]).toBe('next');
    expect(transformOf(long.after[0])).toBe('translate(0px,0px) scale(1)');
    expect(drag({ x: 0, y: 0 }, [{ x: 80, y: 0 }]).after[1]).toBe('previous');
    expect(drag({ x: 0, y: 0 }, [{ x: -40, y: 0 }]).after[1]).toBeUndefined(); // snaps back
  });

  it('right to left, the next item is on the left: a swipe to the right reaches it', () => {
    const rtl = { ...env, rtl: true };
    expect(drag({ x: 0, y: 0 }, [{ x: 90, y: 0 }], rtl).after[1]).toBe('next');
    expect(drag({ x: 0, y: 0 }, [{ x: -90, y: 0 }], rtl).after[1]).toBe('previous');
  });

  it('a swipe down follows the finger and closes when far enough; up does nothing', () => {
    const down = drag({ x: 0, y: 0 }, [
      { x: 2, y: 30 },
      { x: 4, y: 120 },
    ]);
    expect(down.during.mode).toBe('dismiss');
    expect(transformOf(down.during)).toBe('translate(0px,120px) scale(1)');
    expect(down.after[1]).toBe('close');
    expect(drag({ x: 0, y: 0 }, [{ x: 0, y: 60 }]).after[1]).toBeUndefined();
    expect(drag({ x: 0, y: 0 }, [{ x: 0, y: -150 }]).after[1]).toBeUndefined();
  });

  it('two fingers pinch-zoom about their midpoint, up to the most; nearly unzoomed is unzoomed', () => {
    let s = pointerDown(initialGesture, 1, { x: -50, y: 0 }, env);
    s = pointerDown(s, 2, { x: 50, y: 0 }, env);
    expect(s.mode).toBe('pinch');
    s = pointerMove(s, 2, { x: 150, y: 0 }, env); // span 100 -> 200
    expect(s.view.scale).toBe(2);
    // The midpoint moved from 0 to 50: the image follows it, within its edges.
    expect(s.view.x).toBe(50);
    s = pointerMove(s, 2, { x: 2000, y: 0 }, env);
    expect(s.view.scale).toBe(MAX_ZOOM);
    const [zoomed] = pointerUp(s, 2, { x: 2000, y: 0 }, 0, env);
    expect(zoomed.view.scale).toBe(MAX_ZOOM);
    let t = pointerDown(initialGesture, 1, { x: -50, y: 0 }, env);
    t = pointerMove(pointerDown(t, 2, { x: 50, y: 0 }, env), 2, { x: 52, y: 0 }, env);
    expect(pointerUp(t, 2, { x: 52, y: 0 }, 0, env)[0].view).toEqual({ scale: 1, x: 0, y: 0 });
  });

  it('a double tap zooms in at the tapped point, another zooms out; two slow taps do not', () => {
    const tap = (s: GestureState, p: Point, at: number) =>
      pointerUp(pointerDown(s, 1, p, env), 1, p, at, env)[0];
    const once = tap(initialGesture, { x: 40, y: 20 }, 1000);
    expect(once.view.scale).toBe(1);
    const twice = tap(once, { x: 42, y: 21 }, 1200);
    expect(twice.view.scale).toBe(DOUBLE_TAP_ZOOM);
    // The tapped point stays under the finger: 42 - 42 * 2.5 = -63.
    expect(twice.view.x).toBeCloseTo(-63);
    expect(tap(tap(twice, { x: 0, y: 0 }, 2000), { x: 0, y: 0 }, 2100).view).toEqual({
      scale: 1,
      x: 0,
      y: 0,
    });
    expect(tap(tap(initialGesture, { x: 0, y: 0 }, 0), { x: 0, y: 0 }, 500).view.scale).toBe(1);
  });

  it('zoomed, one finger pans within the image’s edges and never steps to another item', () => {
    const zoomed: GestureState = { ...initialGesture, view: { scale: 2, x: 0, y: 0 } };
    const pan = drag({ x: 0, y: 0 }, [{ x: -100, y: 30 }], env, zoomed);
    expect(pan.during.mode).toBe('pan');
    expect(pan.during.view).toEqual({ scale: 2, x: -100, y: 30 });
    expect(pan.after[1]).toBeUndefined();
    // At 2x a 300 x 200 image may move 150 px across and 100 down, no more.
    expect(drag({ x: 0, y: 0 }, [{ x: -900, y: 900 }], env, zoomed).during.view).toEqual({
      scale: 2,
      x: -150,
      y: 100,
    });
  });

  it('under prefers-reduced-motion only the plain step is left: nothing follows the finger, no zoom, no swipe down', () => {
    const swipe = drag({ x: 0, y: 0 }, [{ x: -90, y: 0 }], reduced);
    expect(transformOf(swipe.during)).toBe('translate(0px,0px) scale(1)');
    expect(swipe.after[1]).toBe('next');
    expect(drag({ x: 0, y: 0 }, [{ x: 0, y: 150 }], reduced).after[1]).toBeUndefined();
    const pinch = pointerMove(
      pointerDown(pointerDown(initialGesture, 1, { x: -50, y: 0 }, reduced), 2, { x: 50, y: 0 }, reduced),
      2,
      { x: 150, y: 0 },
      reduced,
    );
    expect(pinch.view.scale).toBe(1);
    const tap = (s: GestureState, at: number) =>
      pointerUp(pointerDown(s, 1, { x: 0, y: 0 }, reduced), 1, { x: 0, y: 0 }, at, reduced)[0];
    expect(tap(tap(initialGesture, 0), 100).view.scale).toBe(1);
  });

  it('a cancelled pointer ends its gesture without an outcome; unknown pointers change nothing', () => {
    const st = pointerMove(pointerDown(initialGesture, 1, { x: 0, y: 0 }, env), 1, { x: -200, y: 0 }, env);
    const [after, outcome] = pointerUp(st, 1, { x: -200, y: 0 }, 0, env, true);
    expect(outcome).toBeUndefined();
    expect(transformOf(after)).toBe('translate(0px,0px) scale(1)');
    expect(pointerMove(initialGesture, 9, { x: 1, y: 1 }, env)).toBe(initialGesture);
    expect(pointerUp(initialGesture, 9, { x: 1, y: 1 }, 0, env)).toEqual([initialGesture, undefined]);
  });
});
