import type { Controller, ControllerContext, ControllerDefinition, Disconnect } from './controller';
import type { MarkerInfo } from './controller';
import { createContext } from './context';
import { matches } from './dom';
import { LazyChunks } from './lazy-chunks';
import { ChunkLoadError, InvalidOptionsError } from './errors';
import { onceReporter, type Phase } from './report';
import { attr } from './schema';
import type { Runtime } from './runtime';

interface Connection {
  readonly definition: ControllerDefinition;
  readonly abort: AbortController;
  disconnect: Disconnect | undefined;
  settled?: true;
}

/**
 * Connects controllers to the elements their selectors match and disconnects them when the
 * element leaves the page. Keyed by element and controller name, so a scan is idempotent:
 * scanning twice, or scanning a subtree already scanned, never connects anything twice.
 */
export class Registry {
  readonly #connections = new Map<Element, Map<string, Connection>>();
  readonly #lazy: LazyChunks;
  readonly #runtime: Runtime;
  readonly #definitions: readonly ControllerDefinition[];

  constructor(runtime: Runtime, definitions: readonly ControllerDefinition[]) {
    this.#runtime = runtime;
    this.#definitions = definitions;
    this.#lazy = new LazyChunks(runtime, {
      isConnected: (element, name) => this.isConnected(element, name),
      arrived: (definition, controller, waiting) => this.#arrived(definition, controller, waiting),
    });
  }

  /** Connects every new match under `root` (inclusive), after dropping connections gone stale. */
  scan(root: ParentNode = this.#runtime.document): void {
    this.#lazy.forgetRetries(root);
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
    this.#lazy.clear();
  }

  /** How many controller connections are live (for tests and diagnostics). */
  get size(): number {
    return [...this.#connections.values()].reduce((n, byName) => n + byName.size, 0);
  }

  /** Every marker the runtime found, in connection order, then those without their chunk. */
  inspect(): MarkerInfo[] {
    const found: MarkerInfo[] = [];
    for (const [element, byName] of this.#connections)
      for (const [name, c] of byName)
        found.push({ name, element, state: c.settled ? 'enhanced' : 'waiting' });
    return found.concat(this.#lazy.inspect());
  }

  need = (element: Element) => (this.connectUnder(element), this.#lazy.need(element)); // lazy-chunks.ts

  isConnected(element: Element, name?: string): boolean {
    const byName = this.#connections.get(element);
    return !!byName && (name === undefined || byName.has(name));
  }
  /** Reports a failure once per controller, element and phase (see report.ts). */
  readonly report = onceReporter();

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
    if ('controller' in definition) this.#connect(definition, definition.controller, element);
    else this.#lazy.add(definition, element);
  }

  /** A lazy controller's chunk arrived: connects the elements that waited for it. */
  #arrived(definition: ControllerDefinition, controller: Controller, waiting: Iterable<Element>) {
    if (this.#runtime.destroyed) return Promise.resolve();
    const { name, selector } = definition;
    const fresh = [...waiting].filter(
      (el) => el.isConnected && el.matches(selector) && !this.isConnected(el, name),
    );
    return Promise.all(fresh.map((element) => this.#connect(definition, controller, element)));
  }

  /** Connects; resolves once connected or failed (at once unless the connect is async). */
  #connect(definition: ControllerDefinition, controller: Controller, element: Element): Promise<unknown> {
    const abort = new AbortController();
    const connection: Connection = { definition, abort, disconnect: undefined };
    let byName = this.#connections.get(element);
    if (!byName) this.#connections.set(element, (byName = new Map()));
    byName.set(definition.name, connection);
    const ctx = this.#context(definition.name, element, abort.signal);
    const fail = (err: unknown) => {
      this.#forget(element, definition.name);
      abort.abort();
      this.#lazy.failed(definition.name, [element]); // inspect() lists it until a rescan
      if (err instanceof InvalidOptionsError) {
        if (!err.logged) this.report.refused(element, err.message);
        // A missing part (the UI host) was announced once by the loader (chunks.ts), not per element.
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
      connection.settled = true;
      this.#lazy.connected(definition.name, element);
      element.setAttribute(attr.ready, '');
    };
    try {
      const result = controller.connect(element, ctx);
      if (!(result instanceof Promise)) return Promise.resolve(settle(result));
      return this.#runtime.work.track(result).then(settle, (e: unknown) => abort.signal.aborted || fail(e));
    } catch (err) {
      return Promise.resolve(fail(err));
    }
  }

  #disconnect(element: Element, connection: Connection): void {
    this.#forget(element, connection.definition.name);
    connection.abort.abort();
    this.#safely(connection.definition.name, element, 'disconnect', connection.disconnect);
  }

  #forget(element: Element, name: string): void {
    const byName = this.#connections.get(element);
    if (byName?.delete(name) && byName.size === 0) {
      this.#connections.delete(element);
      element.removeAttribute(attr.ready);
    }
  }

  #safely(name: string, element: Element, phase: Phase, fn: (() => void) | void | undefined): void {
    try {
      fn?.();
    } catch (err) {
      this.report(name, element, phase, err);
    }
  }

  #context(name: string, element: Element, signal: AbortSignal): ControllerContext {
    const report = (err: unknown) => this.report(name, element, 'event', err);
    const reconnect = () => {
      if (signal.aborted) return; // disconnected already (or destroyed): nothing left to redo
      const connection = this.#connections.get(element)!.get(name)!;
      this.#disconnect(element, connection);
      if (element.isConnected) this.#attach(connection.definition, element);
    };
    return createContext(this.#runtime, name, element, signal, report, reconnect);
  }
}
