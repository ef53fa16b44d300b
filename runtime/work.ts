/**
 * What the runtime still has under way: chunks on their way, requests, scripts it inserted,
 * timers and animation frames it asked for. `SiteRuntime.idle()` resolves when none is left,
 * so a test or a tool waits for that fact instead of for time: once it resolves, nothing the
 * runtime scheduled is still to happen (only what the visitor does next, or a timer that
 * re-arms itself for ever, like a carousel's rotation, which would keep the page busy for ever).
 */
export class Work {
  #pending = 0;
  #waiters: (() => void)[] = [];

  constructor(private readonly win: Window) {}

  /** How many pieces of work are under way. */
  get pending(): number {
    return this.#pending;
  }

  /** Counts one piece of work until the returned release (idempotent) or `signal`'s abort. */
  hold(signal?: AbortSignal): () => void {
    if (signal?.aborted) return () => undefined;
    this.#pending++;
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      signal?.removeEventListener('abort', release);
      if (--this.#pending === 0) this.#waiters.splice(0).forEach((wake) => wake());
    };
    signal?.addEventListener('abort', release, { once: true });
    return release;
  }

  /** Counts `promise` until it settles; returns it. */
  track<T>(promise: Promise<T>): Promise<T> {
    const release = this.hold();
    promise.then(release, release);
    return promise;
  }

  /**
   * An animation frame that counts until it runs or is cancelled, and does not run once
   * `signal` has aborted (what it would write belongs to a connection that is gone); returns the
   * cancel.
   */
  frame(fn: () => void, signal?: AbortSignal): () => void {
    const release = this.hold(signal);
    const id = this.win.requestAnimationFrame(() => {
      release();
      if (!signal?.aborted) fn();
    });
    return () => {
      this.win.cancelAnimationFrame(id);
      release();
    };
  }

  /**
   * Resolves once nothing is under way, checked again a frame and a task later: events the
   * last change causes (a scroll's, a resize's) are dispatched by then, and work they or a
   * settled promise started is counted. A hidden page has no frames: a task is enough there.
   */
  idle(): Promise<void> {
    const win = this.win;
    return new Promise<void>((resolve) => {
      const check = (): void => {
        if (this.#pending > 0) return void this.#waiters.push(check);
        const later = () =>
          win.setTimeout(() => (this.#pending > 0 ? this.#waiters.push(check) : resolve()), 0);
        if (win.document.visibilityState === 'hidden') later();
        else win.requestAnimationFrame(later);
      };
      check();
    });
  }
}
