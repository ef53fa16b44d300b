import { isPlainClick } from './dom';

/**
 * The clicks a lazy controller would have taken, held while its chunk is on its way (see
 * `LazyDefinition.replay`). The first is given back once the controller has connected, so
 * the visitor's first use opens what it opens; if the code never came, the given-back click
 * meets no controller and does what the builder's HTML does (a link opens its file).
 */
export class HeldClicks {
  #first: Element | undefined;
  readonly #holding = new AbortController();

  constructor(signal: AbortSignal) {
    signal.addEventListener('abort', () => this.#holding.abort(), { once: true });
  }

  /** Holds plain clicks on `selector` inside `element` (`*`: anywhere in it) and calls `start`. */
  hold(element: Element, selector: string, start: () => void): void {
    const onClick = (event: Event) => {
      const target = event.target as Element;
      const hit = target.closest?.(selector);
      if (!hit || !element.contains(hit) || !isPlainClick(event as MouseEvent)) return;
      event.preventDefault();
      // No one else acts on this click: the one given back is the visitor's click for everyone.
      event.stopImmediatePropagation();
      this.#first ??= target;
      start();
    };
    element.addEventListener('click', onClick, { capture: true, signal: this.#holding.signal });
  }

  /** Stops holding and gives the first held click back (to an element still in the page). */
  release(): void {
    this.#holding.abort();
    const target = this.#first;
    this.#first = undefined;
    const view = target?.ownerDocument.defaultView;
    if (!target?.isConnected || !view) return;
    target.dispatchEvent(
      new view.MouseEvent('click', { bubbles: true, cancelable: true, composed: true, view, detail: 1 }),
    );
  }

  get released(): boolean {
    return this.#holding.signal.aborted;
  }
}
