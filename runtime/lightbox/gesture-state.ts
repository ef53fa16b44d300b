/**
 * Touch gestures on a lightbox image (issue 16), as a pure reducer: pointers go down, move and
 * up; out come the image's transform (zoom and pan, plus a swipe's drag) and, when a gesture
 * ends, what it asked for. Points are relative to the image's centre as laid out (unzoomed).
 */
export interface Point {
  x: number;
  y: number;
}
/** The image's zoom and pan: `scale` about its centre, then moved by `x`, `y`. */
export interface View extends Point {
  scale: number;
}
export type Outcome = 'next' | 'previous' | 'close' | undefined;

export interface GestureState {
  readonly pointers: Readonly<Record<number, Point>>;
  readonly mode: 'none' | 'pending' | 'swipe' | 'dismiss' | 'pinch' | 'pan';
  /** Where the one pointer went down, and the view then (swipe, dismiss, pan, tap). */
  readonly origin: Point;
  readonly base: View;
  /** At the start of a pinch: the pointers' distance and midpoint. */
  readonly span: number;
  readonly centre: Point;
  readonly view: View;
  /** A swipe's or swipe-down's offset, following the finger. */
  readonly drag: Point;
  /** The last tap, for a double tap. */
  readonly tap: (Point & { at: number }) | null;
}

/**
 * The image's laid-out size; prefers-reduced-motion (which leaves only the plain step); and
 * whether there is an image to zoom (not while one loads or after it failed).
 */
export interface GestureEnv {
  width: number;
  height: number;
  reduced: boolean;
  zoomable?: boolean;
  /** Right to left: the next item comes from the left, so a swipe to the right reaches it. */
  rtl?: boolean;
}

const zooms = (env: GestureEnv) => !env.reduced && env.zoomable !== false;

export const MAX_ZOOM = 4;
export const DOUBLE_TAP_ZOOM = 2.5;
/** Movement below this is still a tap. */
const SLOP = 10;
/** A double tap: the second within this time of the first, and this near. */
const DOUBLE_TAP_MS = 300;
const DOUBLE_TAP_PX = 30;

const identity: View = { scale: 1, x: 0, y: 0 };
export const initialGesture: GestureState = {
  pointers: {},
  mode: 'none',
  origin: { x: 0, y: 0 },
  base: identity,
  span: 0,
  centre: { x: 0, y: 0 },
  view: identity,
  drag: { x: 0, y: 0 },
  tap: null,
};

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));
const list = (s: GestureState) => Object.values(s.pointers);
const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const middle = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

/** Keeps a zoomed image over its box: it cannot be panned past its own edges. */
function bound(v: View, env: GestureEnv): View {
  const x = ((v.scale - 1) * env.width) / 2;
  const y = ((v.scale - 1) * env.height) / 2;
  return { scale: v.scale, x: clamp(v.x, -x, x), y: clamp(v.y, -y, y) };
}

/** Zooms to `scale` keeping the image's point under `at` where it is. */
function zoomAt(v: View, scale: number, at: Point, env: GestureEnv): View {
  const k = scale / v.scale;
  return bound({ scale, x: at.x - (at.x - v.x) * k, y: at.y - (at.y - v.y) * k }, env);
}

export function pointerDown(s: GestureState, id: number, p: Point, env: GestureEnv): GestureState {
  const pointers = { ...s.pointers, [id]: p };
  const [a, b] = Object.values(pointers);
  if (b && zooms(env))
    return {
      ...s,
      pointers,
      mode: 'pinch',
      span: distance(a!, b),
      centre: middle(a!, b),
      base: s.view,
      drag: { x: 0, y: 0 },
    };
  if (b) return { ...s, pointers, mode: 'none' };
  return { ...s, pointers, mode: 'pending', origin: p, base: s.view };
}

export function pointerMove(s: GestureState, id: number, p: Point, env: GestureEnv): GestureState {
  if (!(id in s.pointers)) return s;
  const next = { ...s, pointers: { ...s.pointers, [id]: p } };
  const dx = p.x - s.origin.x;
  const dy = p.y - s.origin.y;
  switch (s.mode) {
    case 'pinch': {
      const [a, b] = list(next);
      if (!a || !b || !s.span) return next;
      const scale = clamp((s.base.scale * distance(a, b)) / s.span, 1, MAX_ZOOM);
      const c = middle(a, b);
      // The point under the fingers' first midpoint follows their midpoint now.
      const zoomed = zoomAt(s.base, scale, s.centre, env);
      return {
        ...next,
        view: bound({ scale, x: zoomed.x + c.x - s.centre.x, y: zoomed.y + c.y - s.centre.y }, env),
      };
    }
    case 'pending': {
      if (Math.hypot(dx, dy) < SLOP) return next;
      const mode =
        s.view.scale > 1
          ? 'pan'
          : Math.abs(dx) > Math.abs(dy)
            ? 'swipe'
            : dy > 0 && !env.reduced
              ? 'dismiss'
              : 'none';
      return pointerMove({ ...next, mode }, id, p, env);
    }
    case 'swipe':
      return env.reduced ? next : { ...next, drag: { x: dx, y: 0 } };
    case 'dismiss':
      return { ...next, drag: { x: 0, y: Math.max(0, dy) } };
    case 'pan':
      return { ...next, view: bound({ ...s.base, x: s.base.x + dx, y: s.base.y + dy }, env) };
    default:
      return next;
  }
}

/** A pointer went up (or was cancelled: `cancel` ends what it did without an outcome). */
export function pointerUp(
  s: GestureState,
  id: number,
  p: Point,
  at: number,
  env: GestureEnv,
  cancel = false,
): [GestureState, Outcome] {
  if (!(id in s.pointers)) return [s, undefined];
  const { [id]: _gone, ...pointers } = s.pointers;
  const rest: GestureState = { ...s, pointers, mode: 'none', drag: { x: 0, y: 0 } };
  const dx = p.x - s.origin.x;
  const dy = p.y - s.origin.y;
  if (cancel) return [{ ...rest, view: s.mode === 'pinch' || s.mode === 'pan' ? s.view : s.base }, undefined];
  switch (s.mode) {
    case 'pinch':
      // Nearly unzoomed is unzoomed; the other finger, still down, does nothing more.
      return [{ ...rest, view: s.view.scale < 1.05 ? identity : s.view }, undefined];
    case 'swipe':
      return Math.abs(dx) > Math.max(50, env.width / 5)
        ? [rest, dx < 0 !== !!env.rtl ? 'next' : 'previous']
        : [rest, undefined];
    case 'dismiss':
      return dy > Math.max(80, env.height / 4) ? [rest, 'close'] : [rest, undefined];
    case 'pending': {
      const double = s.tap && at - s.tap.at < DOUBLE_TAP_MS && distance(s.tap, p) < DOUBLE_TAP_PX;
      if (!double || !zooms(env)) return [{ ...rest, tap: { ...p, at } }, undefined];
      const view = s.view.scale > 1 ? identity : zoomAt(s.view, DOUBLE_TAP_ZOOM, p, env);
      return [{ ...rest, view, tap: null }, undefined];
    }
    default:
      return [rest, undefined];
  }
}

/** The CSS transform for the image now. */
export const transformOf = (s: GestureState): string =>
  `translate(${s.view.x + s.drag.x}px,${s.view.y + s.drag.y}px) scale(${s.view.scale})`;
