import type { Runtime } from './runtime';

/** Undoes everything `connect` did to the page, apart from listeners (those go with the signal). */
export type Disconnect = () => void;

export interface Controller {
  /**
   * Enhances one marked element. May return a promise when the enhancement needs a fetch
   * first (language switcher): the element is marked `data-sw-ready` once it settles.
   * Throw `InvalidOptionsError` for bad builder input: the element then stays plain HTML
   * with a warning. Anything else thrown is reported as an error.
   */
  connect(element: Element, ctx: ControllerContext): Disconnect | void | Promise<Disconnect | void>;
}

/**
 * When a controller's chunk is fetched (issue 14; README "Load strategies"):
 * - `ready`: at once (controllers in the entry always connect at once);
 * - `idle`: when the browser is idle after a marker is seen;
 * - `visible`: when a marker comes within 200 px of the viewport;
 * - `interaction`: on the first pointer, focus, touch or key contact with a marker; a click
 *   meanwhile is held and given back once the controller has connected, so it is never lost.
 */
export type LoadStrategy = 'ready' | 'idle' | 'visible' | 'interaction';

export const loadStrategies: readonly LoadStrategy[] = ['ready', 'idle', 'visible', 'interaction'];

interface DefinitionBase {
  /** Names the controller in log lines and error reports. */
  name: string;
  /** Which elements it claims (built from schema.ts). */
  selector: string;
  /** Whether it applies on this page at all, e.g. analytics only with a measurement id. */
  enabled?: (runtime: Runtime) => boolean;
}

/** A controller fetched as a chunk, when its strategy says. */
export interface LazyDefinition extends DefinitionBase {
  /** The default strategy; a marker's `data-sw-load` or the config's `load` may override it. */
  load: LoadStrategy;
  /** The chunk's module (its bundled `import()`). */
  importer: () => Promise<object>;
  /** The export that is the controller: `default` unless named. */
  exported?: string;
  /**
   * Clicks on these (the marker itself, or inside it) that come while the chunk is on its way
   * are held and replayed once the controller has connected (or has failed, when the browser's
   * own action follows): `*` for anything in the marker.
   */
  replay?: string;
  /** True when the page needs the controller at once whatever its strategy (a deep link). */
  urgent?: (runtime: Runtime) => boolean;
  /**
   * Its marker is hidden until the controller shows it (cookie consent): never in view nor
   * touched first, so `visible` or `interaction` would never fetch it; `idle` applies instead.
   * A function says it per marker (a modal that opens by itself, not only from an opener).
   */
  hidden?: true | ((element: Element, runtime: Runtime) => boolean);
}

export type ControllerDefinition =
  (DefinitionBase & { load: 'ready'; controller: Controller }) | LazyDefinition;

/** What a controller gets for one element. Everything it registers dies with `signal`. */
export interface ControllerContext {
  readonly name: string;
  readonly element: Element;
  readonly runtime: Runtime;
  /** Aborted on disconnect (element removed, runtime destroyed). */
  readonly signal: AbortSignal;
  /**
   * `addEventListener` bound to `signal`, with the handler's throws reported (once, naming
   * this controller and element) instead of escaping into the page.
   */
  listen<E extends Event = Event>(
    target: EventTarget,
    type: string,
    handler: (event: E) => void,
    options?: AddEventListenerOptions,
  ): void;
  /** Wraps a callback (timer, observer) the same way `listen` wraps handlers. */
  guard<A extends unknown[]>(fn: (...args: A) => void): (...args: A) => void;
  /**
   * Runs `fn` (guarded) after `ms`, unless disconnected first; returns the cancel. The timer
   * holds `SiteRuntime.idle()` unless it is `background`: one that re-arms itself for ever.
   */
  after(ms: number, fn: () => void, options?: { background?: boolean }): () => void;
  /** Runs `fn` (guarded) when the browser is idle, unless disconnected first; returns the cancel. */
  idle(fn: () => void): () => void;
  /**
   * Disconnects this element and connects it again from scratch: for a controller whose
   * reading of the element's content no longer holds (a carousel's slides were added or removed).
   */
  reconnect(): void;
}

/** One marker element and its controller, as `SiteRuntime.inspect()` lists them. */
export interface MarkerInfo {
  name: string;
  element: Element;
  /** Connected; connecting or waiting for its chunk; its chunk, or its connecting, failed. */
  state: 'enhanced' | 'waiting' | 'failed';
}
