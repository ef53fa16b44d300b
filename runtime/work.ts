/**
 * What the runtime still has under way: chunks on their way, requests, scripts it inserted,
 * timers and animation frames it asked for. `SiteRuntime.idle()` resolves when none is left,
 * so a test or a tool waits for that fact instead of for time: once it resolves, nothing the
 * runtime scheduled is still to happen (only what the visitor does next, or a timer that
 * re-arms itself for ever, like a carousel's rotation, which would keep the page busy for ever).
 */
export class Work {
  #pending = 0;
  /** Of those, animation frames: a hidden page renders none, so there they are not waited for. */
  #frames = 0;
  #waiters: (() => void)[] = [];

  constructor(private readonly win: Window) {}

  /** How many pieces of work are under way. */
  get pending(): number {
    return this.#pending;
  }

  /**
   * Counts one piece of work until the returned release (idempotent) or `signal`'s abort;
   * `frame`: an animation frame (see `frame`).
   */
  hold(signal?: AbortSignal, frame = false): () => void {
    if (signal?.aborted) return () => undefined;
    this.#pending++;
    this.#frames += +frame;
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      signal?.removeEventListener('abort', release);
      this.#pending--;
      this.#frames -= +frame;
      this.#wake();
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
   * cancel. While the page is hidden idle() does not wait for it: it comes once the page is shown.
   */
  frame(fn: () => void, signal?: AbortSignal): () => void {
    const release = this.hold(signal, true);
    const id = this.win.requestAnimationFrame(() => {
      release();
      if (!signal?.aborted) fn();
    });
    return () => {
      this.win.cancelAnimationFrame(id);
      release();
    };
  }

  /** Whether idle() still waits: for anything under way, but for no frame on a hidden page. */
  #busy(): boolean {
    return this.#pending > (this.win.document.visibilityState === 'hidden' ? this.#frames : 0);
  }

  #wake(): void {
    // Only when someone waits: a release can come after the page (or a test's window) is gone.
    if (this.#waiters.length && !this.#busy()) this.#waiters.splice(0).forEach((wake) => wake());
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
        if (this.#busy()) return void this.#waiters.push(check);
        const later = () => win.setTimeout(() => (this.#busy() ? this.#waiters.push(check) : resolve()), 0);
        if (win.document.visibilityState === 'hidden') later();
        else win.requestAnimationFrame(later);
      };
      check();
    });
  }
}
