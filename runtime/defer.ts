import type { Work } from './work';

/**
 * Deferred work bound to an AbortSignal (a connection's, or the runtime's): the timer or idle
 * callback is cancelled when the signal aborts, and never runs after it. One place for what
 * controllers otherwise hand-roll with setTimeout, clearTimeout and an abort listener.
 */

/** Runs `fn` after `ms`; returns the cancel. Counted by `work` (the runtime's) until then. */
export function after(win: Window, signal: AbortSignal, ms: number, fn: () => void, work?: Work): () => void {
  if (signal.aborted) return () => undefined;
  const release = work?.hold() ?? (() => undefined);
  const cancel = () => {
    win.clearTimeout(id);
    signal.removeEventListener('abort', cancel);
    release();
  };
  const id = win.setTimeout(() => {
    signal.removeEventListener('abort', cancel);
    release();
    fn();
  }, ms);
  signal.addEventListener('abort', cancel, { once: true });
  return cancel;
}

/**
 * Runs `fn` when the browser is idle after the page's first paint (at the latest `timeout`
 * after each of the two), or on the next task where there is no `requestIdleCallback` (Safari
 * before 18); returns the cancel. Chromium runs idle callbacks, and even the next animation
 * frames, before the first frame is presented: only the paint entry says it was.
 */
export function whenIdle(
  win: Window,
  signal: AbortSignal,
  fn: () => void,
  timeout = 2000,
  work?: Work,
): () => void {
  if (signal.aborted) return () => undefined;
  const release = work?.hold() ?? (() => undefined);
  let stop = () => {};
  const cancel = () => {
    stop();
    signal.removeEventListener('abort', cancel);
    release();
  };
  signal.addEventListener('abort', cancel, { once: true });
  const run = () => {
    signal.removeEventListener('abort', cancel);
    release();
    fn();
  };
  let idling = false;
  const idle = () => {
    idling = true;
    if (typeof win.requestIdleCallback !== 'function') return void (stop = after(win, signal, 1, run));
    const id = win.requestIdleCallback(run, { timeout });
    stop = () => win.cancelIdleCallback(id);
  };
  const painted = afterFirstPaint(win, idle, timeout);
  if (!idling) stop = painted;
  return cancel;
}

/**
 * Calls `fn` once the page has painted (its first `paint` timing entry, also when that was
 * before this call), or after `bound` ms where that entry may never come (Firefox reports
 * only a contentful paint). A hidden page, or one without paint timing, has nothing to wait for.
 */
function afterFirstPaint(win: Window, fn: () => void, bound: number): () => void {
  const Observer = (win as Window & { PerformanceObserver?: typeof PerformanceObserver }).PerformanceObserver;
  if (win.document.visibilityState === 'hidden' || !Observer?.supportedEntryTypes?.includes('paint')) {
    fn();
    return () => undefined;
  }
  const stop = () => {
    observer.disconnect();
    win.clearTimeout(timer);
  };
  const done = () => {
    stop();
    fn();
  };
  const observer = new Observer(done);
  // Buffered: a page that painted before this call gets its entry at once.
  observer.observe({ type: 'paint', buffered: true });
  const timer = win.setTimeout(done, bound);
  return stop;
}
