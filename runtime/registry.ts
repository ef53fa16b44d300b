import type { Controller, ControllerContext, ControllerDefinition, Disconnect } from './controller';
import { loadChunk } from './chunks';
import { after, whenIdle } from './defer';
import { ChunkLoadError, InvalidOptionsError } from './errors';
import { describe, log } from './log';
import { attr } from './schema';
import type { Runtime } from './runtime';

interface Connection {
  readonly definition: ControllerDefinition;
  readonly abort: AbortController;
  disconnect: Disconnect | undefined;
}

type Phase = 'connect' | 'disconnect' | 'event' | 'render' | 'load';

function matches(root: ParentNode, selector: string): Element[] {
  const found = Array.from(root.querySelectorAll(selector));
  if (root instanceof Element && root.matches(selector)) found.unshift(root);
  return found;
}

/**
 * Connects controllers to the elements their selectors match and disconnects them when the
 * element leaves the page. Keyed by element and controller name, so a scan is idempotent:
 * scanning twice, or scanning a subtree already scanned, never connects anything twice.
 */
export class Registry {
  readonly #connections = new Map<Element, Map<string, Connection>>();
  /** Elements seen for a lazy controller whose chunk has not arrived yet. */
  readonly #pending = new Map<string, Set<Element>>();
  readonly #loads = new Map<string, Promise<Controller>>();
  readonly #reported = new WeakMap<object, Set<string>>();
  /** Lazy controllers whose chunk failed again on a later use: no more tries until a rescan. */
  readonly #retried = new Set<string>();

  readonly #runtime: Runtime;
  readonly #definitions: readonly ControllerDefinition[];

  constructor(runtime: Runtime, definitions: readonly ControllerDefinition[]) {
    this.#runtime = runtime;
    this.#definitions = definitions;
  }

  /** Connects every new match under `root` (inclusive), after dropping connections gone stale. */
  scan(root: ParentNode = this.#runtime.document): void {
    this.#retried.clear();
    this.sweep();
    this.connectUnder(root);
  }

  /** Connects every new match under `root` (inclusive), without a sweep (the caller did one). */
  connectUnder(root: ParentNode): void {
    for (const definition of this.#definitions) {
      if (!this.#isEnabled(definition)) continue;
      let found: Element[];
      try {
        found = matches(root, definition.selector);
      } catch (err) {
        this.report(definition.name, this.#runtime.document, 'connect', err);
        continue;
      }
      for (const element of found) this.#attach(definition, element);
    }
  }

  /** Disconnects every connection whose element left the document or stopped matching. */
  sweep(): void {
    for (const [element, byName] of this.#connections) {
      for (const connection of byName.values()) {
        if (!element.isConnected || !element.matches(connection.definition.selector)) {
          this.#disconnect(element, connection);
        }
      }
    }
  }

  /** Disconnects everything. */
  disconnectAll(): void {
    for (const [element, byName] of this.#connections) {
      for (const connection of byName.values()) this.#disconnect(element, connection);
    }
    this.#pending.clear();
  }

  /** How many controller connections are live (for tests and diagnostics). */
  get size(): number {
    let n = 0;
    for (const byName of this.#connections.values()) n += byName.size;
    return n;
  }

  isConnected(element: Element, name?: string): boolean {
    const byName = this.#connections.get(element);
    return !!byName && (name === undefined ? byName.size > 0 : byName.has(name));
  }

  /**
   * Reports a failure once per controller, element and phase: a handler that throws on every
   * scroll event must not flood the console, and the first report is the useful one.
   */
  report(name: string, element: Element | Document, phase: Phase, error: unknown): void {
    let seen = this.#reported.get(element);
    if (!seen) this.#reported.set(element, (seen = new Set()));
    const key = `${name}:${phase}`;
    if (seen.has(key)) return;
    seen.add(key);
    const where = element instanceof Element ? describe(element) : 'document';
    log.error(`${name} controller failed (${phase}) on ${where}:`, error);
  }

  #isEnabled(definition: ControllerDefinition): boolean {
    if (!definition.enabled) return true;
    try {
      return definition.enabled(this.#runtime);
    } catch (err) {
      this.report(definition.name, this.#runtime.document, 'connect', err);
      return false;
    }
  }

  #attach(definition: ControllerDefinition, element: Element): void {
    if (this.isConnected(element, definition.name)) return;
    if (definition.load === 'eager') {
      this.#connect(definition, definition.controller, element);
      return;
    }
    let waiting = this.#pending.get(definition.name);
    if (!waiting) this.#pending.set(definition.name, (waiting = new Set()));
    if (waiting.has(element)) return;
    waiting.add(element);
    this.#schedule(definition, element);
  }

  #schedule(definition: ControllerDefinition & { load: 'idle' | 'interaction' }, element: Element): void {
    const start = () =>
      void this.#load(definition).then(
        (controller) => this.#flushPending(definition, controller),
        () => {},
      );
    if (this.#loads.has(definition.name)) {
      start();
      return;
    }
    const signal = this.#runtime.signal;
    const win = this.#runtime.window;
    switch (definition.load) {
      case 'idle':
        whenIdle(win, signal, start);
        break;
      case 'interaction':
        for (const type of ['pointerover', 'focusin', 'touchstart']) {
          element.addEventListener(type, start, { once: true, passive: true, signal });
        }
        break;
    }
  }

  /**
   * Fetches a lazy controller's chunk once (see chunks.ts: one retry, a time limit, `sw:error`
   * and a console line naming it on failure). Its elements then stay as the builder wrote
   * them, and each one's next use tries once more.
   */
  #load(definition: ControllerDefinition & { load: 'idle' | 'interaction' }): Promise<Controller> {
    let promise = this.#loads.get(definition.name);
    if (!promise) {
      const waiting = () => [...(this.#pending.get(definition.name) ?? [])];
      const failed = () => {
        const elements = waiting();
        this.#pending.delete(definition.name);
        this.#loads.delete(definition.name);
        if (!this.#retried.has(definition.name)) this.#retryOnUse(definition, elements);
      };
      const exported = definition.exported ?? 'default';
      promise = loadChunk(this.#runtime, definition.name, definition.importer, {
        exported: exported as never,
        elements: waiting,
        failed,
      }).then((m) => (m as Record<string, Controller>)[exported]!);
      this.#loads.set(definition.name, promise);
      promise.catch(() => {});
    }
    return promise;
  }

  /** A later use of an element whose chunk failed (pointer, focus, touch) fetches it once more. */
  #retryOnUse(
    definition: ControllerDefinition & { load: 'idle' | 'interaction' },
    elements: Element[],
  ): void {
    const uses = new AbortController();
    const signal = uses.signal;
    this.#runtime.signal.addEventListener('abort', () => uses.abort(), { once: true, signal });
    const retry = () => {
      uses.abort();
      this.#retried.add(definition.name);
      const now = elements.filter((el) => el.isConnected && !this.isConnected(el, definition.name));
      if (!now.length) return;
      // Elements that arrived since the failure may be waiting already: add, never replace.
      let waiting = this.#pending.get(definition.name);
      if (!waiting) this.#pending.set(definition.name, (waiting = new Set()));
      now.forEach((el) => waiting.add(el));
      void this.#load(definition).then(
        (controller) => this.#flushPending(definition, controller),
        () => {},
      );
    };
    for (const el of elements) {
      for (const type of ['pointerover', 'focusin', 'touchstart'])
        el.addEventListener(type, retry, { once: true, passive: true, signal });
    }
  }

  #flushPending(definition: ControllerDefinition, controller: Controller): void {
    const waiting = this.#pending.get(definition.name);
    this.#pending.delete(definition.name);
    if (!waiting || this.#runtime.destroyed) return;
    for (const element of waiting) {
      if (
        element.isConnected &&
        element.matches(definition.selector) &&
        !this.isConnected(element, definition.name)
      ) {
        this.#connect(definition, controller, element);
      }
    }
  }

  #connect(definition: ControllerDefinition, controller: Controller, element: Element): void {
    const abort = new AbortController();
    const connection: Connection = { definition, abort, disconnect: undefined };
    let byName = this.#connections.get(element);
    if (!byName) this.#connections.set(element, (byName = new Map()));
    byName.set(definition.name, connection);

    const ctx = this.#context(definition.name, element, abort.signal);
    const fail = (err: unknown) => {
      this.#forget(element, definition.name);
      abort.abort();
      if (err instanceof InvalidOptionsError) {
        if (!err.logged) log.warn(`${describe(element)}: ${err.message}; left as plain HTML.`);
        // A part it needed that could not be fetched (the UI host) was announced once already
        // by the loader (chunks.ts): not once more per element.
      } else if (!(err instanceof ChunkLoadError)) {
        this.report(definition.name, element, 'connect', err);
      }
    };
    const settle = (disconnect: Disconnect | void) => {
      if (abort.signal.aborted) {
        // Disconnected while an async connect was running: undo at once.
        this.#safely(definition.name, element, 'disconnect', disconnect);
        return;
      }
      connection.disconnect = disconnect ?? undefined;
      element.setAttribute(attr.ready, '');
    };
    try {
      const result = controller.connect(element, ctx);
      if (result instanceof Promise)
        result.then(settle, (err: unknown) => (abort.signal.aborted ? undefined : fail(err)));
      else settle(result);
    } catch (err) {
      fail(err);
    }
  }

  #disconnect(element: Element, connection: Connection): void {
    this.#forget(element, connection.definition.name);
    connection.abort.abort();
    this.#safely(connection.definition.name, element, 'disconnect', connection.disconnect);
  }

  #forget(element: Element, name: string): void {
    const byName = this.#connections.get(element);
    if (!byName) return;
    byName.delete(name);
    if (byName.size === 0) {
      this.#connections.delete(element);
      element.removeAttribute(attr.ready);
    }
  }

  #safely(name: string, element: Element, phase: Phase, fn: (() => void) | void | undefined): void {
    if (!fn) return;
    try {
      fn();
    } catch (err) {
      this.report(name, element, phase, err);
    }
  }

  #context(name: string, element: Element, signal: AbortSignal): ControllerContext {
    const guard =
      <A extends unknown[]>(fn: (...args: A) => void) =>
      (...args: A): void => {
        if (signal.aborted) return;
        try {
          fn(...args);
        } catch (err) {
          this.report(name, element, 'event', err);
        }
      };
    return {
      name,
      element,
      runtime: this.#runtime,
      signal,
      guard,
      after: (ms, fn) => after(this.#runtime.window, signal, ms, guard(fn)),
      idle: (fn) => whenIdle(this.#runtime.window, signal, guard(fn)),
      listen: (target, type, handler, options) => {
        target.addEventListener(type, guard(handler as (e: Event) => void), { ...options, signal });
      },
    };
  }
}
