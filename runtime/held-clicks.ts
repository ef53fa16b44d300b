import { GIVE_BACK_MS, isPlainClick } from './dom';
import type { Runtime } from './runtime';

export { GIVE_BACK_MS } from './dom';

/**
 * The clicks a lazy controller would have taken, held while its chunk is on its way (see
 * `LazyDefinition.replay`). The first is given back once the controller has connected, so
 * the visitor's first use opens what it opens; if the code could not come, it goes back
 * unprevented to what the builder's HTML does (a link opens its file), within GIVE_BACK_MS.
 * Held on the window while capturing, so no listener of the page sees a click twice.
 */
export class HeldClicks {
  #first: { target: Element; marker: Element; at: number } | undefined;
  /** Markers whose clicks are held, with the selector of what in them is held (`*`: anything). */
  readonly #markers = new Map<Element, string>();
  readonly #holding = new AbortController();

  constructor(
    private readonly runtime: Runtime,
    private readonly start: () => void,
    /** Whether an element is still one of the controller's markers (a script may make it plain). */
    private readonly marker: (el: Element) => boolean,
  ) {
    const { signal } = this.#holding;
    runtime.signal.addEventListener('abort', () => this.stop(), { once: true, signal });
    runtime.window.addEventListener('click', (e) => this.#onClick(e), { capture: true, signal });
  }

  hold(marker: Element, selector: string): void {
    this.#markers.set(marker, selector);
  }

  #onClick(event: MouseEvent): void {
    const target = event.target as Element;
    if (!isPlainClick(event) || typeof target.closest !== 'function') return;
    for (const [marker, selector] of this.#markers) {
      const hit = target.closest(selector);
      if (!hit || !marker.contains(hit) || !this.marker(marker)) continue;
      event.preventDefault();
      event.stopImmediatePropagation();
      this.#first ??= { target, marker, at: Date.now() };
      return this.start();
    }
  }

  /** Holds nothing more and forgets the held click (the runtime is going away). */
  stop(): void {
    this.#holding.abort();
    this.#first = undefined;
  }

  /**
   * Stops holding and gives the first held click back (to an element still in the page): to
   * its controller when `connected(marker)`, else to the builder's HTML if it is recent.
   */
  release(connected: (marker: Element) => boolean): void {
    const first = this.#first;
    this.stop();
    if (!first || this.runtime.destroyed || !first.target.isConnected) return;
    if (!connected(first.marker) && Date.now() - first.at > GIVE_BACK_MS) return;
    const view = this.runtime.window;
    first.target.dispatchEvent(
      new view.MouseEvent('click', { bubbles: true, cancelable: true, composed: true, view, detail: 1 }),
    );
  }

  get released(): boolean {
    return this.#holding.signal.aborted;
  }
}
