import { loadChunk } from './chunks';
import type { Controller, LazyDefinition as Lazy, MarkerInfo } from './controller';
import { HeldClicks } from './held-clicks';
import type { Runtime } from './runtime';
import { strategyFor, whenNeeded } from './strategies';

/**
 * The registry's lazily loaded controllers: the elements waiting for each chunk, the fetch
 * (once per chunk: see chunks.ts for its retry, time limit and announcement), and after a
 * failure one more try on an element's next use.
 */
export class LazyChunks {
  /** Elements seen for a lazy controller whose chunk has not arrived yet. */
  readonly #pending = new Map<string, Set<Element>>();
  readonly #lazy = new Map<string, Lazy>();
  readonly #loads = new Map<string, Promise<Controller>>();
  /** Lazy controllers whose chunk failed again on a later use: no more tries until a rescan. */
  readonly #retried = new Set<string>();
  /** Elements whose chunk failed, until their retry. */
  readonly #failed = new Map<string, Element[]>();
  /** Per chunk not yet asked for: aborted when it is, which drops every marker's trigger. */
  readonly #armed = new Map<string, AbortController>();
  /** Per chunk on its way: the clicks held until its controller has connected. */
  readonly #held = new Map<string, HeldClicks>();
  /** Chunks that have arrived: their markers' clicks need no holding. */
  readonly #arrived = new Set<string>();

  constructor(
    private readonly runtime: Runtime,
    private readonly registry: {
      isConnected(element: Element, name: string): boolean;
      /**
       * The chunk arrived: connect these elements (those still in the page and matching);
       * settles when their connecting has (an async connect fetches more).
       */
      arrived(definition: Lazy, controller: Controller, waiting: Iterable<Element>): Promise<unknown>;
    },
  ) {}

  /**
   * A rescan (the builder's, or new markup) gives every chunk its tries back, and the failed
   * elements under `root` another: the scan that follows lists them as waiting again. Those
   * elsewhere stay failed (a refused modal's links still jump as the browser does); those gone
   * from the page are let go.
   */
  forgetRetries(root: ParentNode): void {
    this.#retried.clear();
    for (const [name, els] of this.#failed)
      this.#failed.set(
        name,
        els.filter((el) => el.isConnected && !(root as Node).contains(el)),
      );
  }

  /** Nothing waits any more (the runtime is going away). */
  clear(): void {
    this.#pending.clear();
    this.#failed.clear();
    this.#armed.forEach((a) => a.abort());
    this.#armed.clear();
    this.#held.forEach((h) => h.stop());
  }

  /** The elements waiting for a chunk, and those whose chunk failed (`SiteRuntime.inspect()`). */
  inspect(): MarkerInfo[] {
    const list = (map: Map<string, Iterable<Element>>, state: MarkerInfo['state']) =>
      [...map].flatMap(([name, els]) => [...els].map((element) => ({ name, element, state })));
    return [...list(this.#pending, 'waiting'), ...list(this.#failed, 'failed')].filter(
      (m) => m.element.isConnected,
    );
  }

  /** Elements whose controller could not connect them (chunk, UI host, options), each listed once. */
  failed(name: string, elements: Element[]): void {
    this.#failed.set(name, [...new Set([...(this.#failed.get(name) ?? []), ...elements])]);
  }

  /** `element` connected after all (its markup corrected since): no longer listed as failed. */
  connected(name: string, element: Element): void {
    this.#failed.set(name, this.#failed.get(name)?.filter((el) => el !== element) ?? []);
  }

  /**
   * `element`'s code is wanted now, whatever its strategy says: a modal's opener was clicked
   * (`visible` or `interaction` on a modal hidden until opened would never come).
   */
  need(element: Element): Promise<unknown> | undefined {
    for (const [name, waiting] of this.#pending)
      if (waiting.has(element)) return this.#start(this.#lazy.get(name)!);
  }

  /** `element` waits for its controller's chunk, fetched as its strategy says. */
  add(definition: Lazy, element: Element): void {
    if (!this.#wait(definition, [element])) return;
    const { name } = definition;
    this.#lazy.set(name, definition);
    // Held from the start: a click while the code is on its way (however it was started).
    if (!this.#arrived.has(name)) this.#hold(definition, [element]);
    const start = () => void this.#start(definition);
    if (this.#loads.has(name)) return start();
    let armed = this.#armed.get(name);
    if (!armed) {
      this.#armed.set(name, (armed = new AbortController()));
      this.runtime.signal.addEventListener('abort', () => armed!.abort(), {
        once: true,
        signal: armed.signal,
      });
    }
    whenNeeded(this.runtime, strategyFor(this.runtime, definition, element), element, start, armed.signal);
  }

  /** Holds the clicks on these markers of a controller with a `replay` selector. */
  #hold(definition: Lazy, markers: Element[]): void {
    const { name, replay } = definition;
    if (!replay) return;
    const holds = (el: Element) => el.isConnected && el.matches(definition.selector);
    let held = this.#held.get(name);
    if (!held || held.released)
      this.#held.set(name, (held = new HeldClicks(this.runtime, () => this.#start(definition), holds)));
    for (const marker of markers) held.hold(marker, replay);
  }

  /** Adds elements to a chunk's waiting list; says whether any was new. */
  #wait(definition: Lazy, elements: Element[]): boolean {
    let waiting = this.#pending.get(definition.name);
    if (!waiting) this.#pending.set(definition.name, (waiting = new Set()));
    const before = waiting.size;
    elements.forEach((el) => waiting.add(el));
    return waiting.size > before;
  }

  /** Settles once the elements waiting have connected, or failed to. */
  #start(definition: Lazy): Promise<unknown> {
    const { name } = definition;
    this.#armed.get(name)?.abort();
    this.#armed.delete(name);
    const first = !this.#loads.has(name);
    const connected = this.#load(definition).then((controller) => {
      this.#arrived.add(name);
      const waiting = this.#pending.get(name) ?? [];
      this.#pending.delete(name);
      return this.registry.arrived(definition, controller, waiting);
    });
    // The held click goes back once the elements that waited have connected: the fetch that
    // connects them is the first one (later calls only add elements, or none).
    const release = () => this.#held.get(name)?.release((m) => this.registry.isConnected(m, name));
    if (first) connected.then(release, release);
    else connected.catch(() => {});
    return connected;
  }

  /** Fetches a chunk once; on failure its elements stay as written and get one more try on use. */
  #load(definition: Lazy): Promise<Controller> {
    let promise = this.#loads.get(definition.name);
    if (promise) return promise;
    const waiting = () => [...(this.#pending.get(definition.name) ?? [])];
    const failed = () => {
      const elements = waiting();
      this.#pending.delete(definition.name);
      this.#loads.delete(definition.name);
      this.failed(definition.name, elements);
      if (!this.#retried.has(definition.name)) this.#retryOnUse(definition, elements);
    };
    const exported = definition.exported ?? 'default';
    promise = loadChunk(this.runtime, definition.name, definition.importer, {
      exported: exported as never,
      elements: waiting,
      failed,
    }).then((m) => (m as Record<string, Controller>)[exported]!);
    this.#loads.set(definition.name, promise);
    promise.catch(() => {});
    return promise;
  }

  /** A later use of an element whose chunk failed (pointer, focus, touch) fetches it once more. */
  #retryOnUse(definition: Lazy, elements: Element[]): void {
    const uses = new AbortController();
    const signal = uses.signal;
    this.runtime.signal.addEventListener('abort', () => uses.abort(), { once: true, signal });
    const retry = () => {
      uses.abort();
      this.#failed.delete(definition.name);
      this.#retried.add(definition.name);
      const now = elements.filter((el) => el.isConnected && !this.registry.isConnected(el, definition.name));
      if (!now.length) return;
      // Elements that arrived since the failure may be waiting already: added, never replaced.
      this.#wait(definition, now);
      this.#start(definition);
    };
    // A marker hidden until shown is never touched itself: the visitor's next press anywhere
    // is its use (not a hover or a focus: one comes milliseconds later, the network still down).
    const [on, types] = definition.hidden
      ? [[this.runtime.document], ['pointerdown', 'keydown']]
      : [elements, ['pointerover', 'focusin', 'touchstart']];
    for (const el of on)
      for (const type of types) el.addEventListener(type, retry, { once: true, passive: true, signal });
  }
}
