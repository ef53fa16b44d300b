/**
 * Deferred work bound to an AbortSignal (a connection's, or the runtime's): the timer or idle
 * callback is cancelled when the signal aborts, and never runs after it. One place for what
 * controllers otherwise hand-roll with setTimeout, clearTimeout and an abort listener.
 */

/** Runs `fn` after `ms`; returns the cancel. */
export function after(win: Window, signal: AbortSignal, ms: number, fn: () => void): () => void {
  if (signal.aborted) return () => undefined;
  const cancel = () => {
    win.clearTimeout(id);
    signal.removeEventListener('abort', cancel);
  };
  const id = win.setTimeout(() => {
    signal.removeEventListener('abort', cancel);
    fn();
  }, ms);
  signal.addEventListener('abort', cancel, { once: true });
  return cancel;
}

/**
 * Runs `fn` when the browser is idle (at the latest after `timeout`), or on the next task where
 * there is no `requestIdleCallback` (Safari before 18); returns the cancel.
 */
export function whenIdle(win: Window, signal: AbortSignal, fn: () => void, timeout = 2000): () => void {
  if (typeof win.requestIdleCallback !== 'function') return after(win, signal, 1, fn);
  if (signal.aborted) return () => undefined;
  const cancel = () => {
    win.cancelIdleCallback(id);
    signal.removeEventListener('abort', cancel);
  };
  const id = win.requestIdleCallback(
    () => {
      signal.removeEventListener('abort', cancel);
      fn();
    },
    { timeout },
  );
  signal.addEventListener('abort', cancel, { once: true });
  return cancel;
}
