import { loadChunk, type ChunkArgs } from './chunks';
import { readConfig, type Config } from './config';
import type { ControllerDefinition } from './controller';
import { detectEnv, type EnvInfo } from './env';
import { translator, type StringTable, type Translate } from './i18n/index';
import { Registry } from './registry';
import { attr, events, rootAttributes } from './schema';
import type { UiHost } from './ui/host';
import { Work } from './work';

declare const __VERSION__: string;
/** package.json's version, put in by the build (build.mjs `define`) and by vitest's config. */
export const VERSION = __VERSION__;

export interface RuntimeOptions {
  /** The controllers this instance runs. */
  definitions: readonly ControllerDefinition[];
  /** Nonce copied onto every script the runtime inserts (contract §1). */
  nonce?: string | undefined;
  /** Where the address comes from; tests pass one, pages use `location.href`. */
  href?: string;
}

/**
 * One runtime per document. It owns everything with a lifetime — config, environment,
 * registry, mutation observer, React root, adopted style sheets and its own listeners —
 * so `destroy()` can take all of it back and each test can build a fresh one.
 */
export class Runtime {
  readonly version = VERSION;
  readonly config: Config;
  readonly env: EnvInfo;
  /** The page language (`<html lang>`, lower case, `en` when absent). */
  readonly lang: string;
  readonly nonce: string | undefined;
  readonly window: Window & typeof globalThis;
  readonly registry: Registry;
  /** Aborted by `destroy()`; runtime-level listeners (not a controller's) hang off it. */
  readonly signal: AbortSignal;
  /** What is still under way, for `SiteRuntime.idle()`. */
  readonly work: Work;

  readonly #abort = new AbortController();
  #observer: MutationObserver | undefined;
  #cancelFlush: (() => void) | undefined;
  readonly #unstarted: () => void;
  readonly #dirtyRoots = new Set<Node>();
  #uiHost: Promise<UiHost> | undefined;
  /** What `ui()` gives: `#uiHost`, or after a failure that failure, until a use or a rescan. */
  #uiGiven: Promise<UiHost> | undefined;
  readonly #sheets: CSSStyleSheet[] = [];
  readonly #adopted = new Set<string>();
  readonly #shared = new Map<object, unknown>();
  #started = false;
  #isDestroyed = false;

  constructor(
    readonly document: Document,
    options: RuntimeOptions,
  ) {
    this.window = document.defaultView as Window & typeof globalThis;
    this.signal = this.#abort.signal;
    this.work = new Work(this.window);
    this.#unstarted = this.work.hold(this.signal);
    this.config = readConfig(document);
    this.env = detectEnv(options.href ?? this.window.location.href, this.config);
    this.lang = (document.documentElement.lang || 'en').toLowerCase();
    this.nonce = options.nonce || undefined;
    this.registry = new Registry(this, options.definitions);
  }

  get destroyed(): boolean {
    return this.#isDestroyed;
  }

  /** First scan, then watch the page for markers that come and go; announces `sw:ready`. */
  start(): void {
    if (this.#started || this.#isDestroyed) return;
    this.#started = true;
    this.document.documentElement.setAttribute(attr.env, this.env.env);
    this.registry.scan(this.document);
    this.#observe();
    this.#unstarted();
    this.document.dispatchEvent(new CustomEvent(events.ready, { bubbles: true, detail: { env: this.env } }));
  }

  /** Connects new markers and drops stale ones under `root`; safe to call any number of times. */
  rescan(root: ParentNode = this.document): void {
    if (this.#isDestroyed) return;
    this.#uiGiven = undefined;
    this.registry.scan(root);
  }

  /** Disconnects every controller, stops observing and removes everything the runtime added. */
  destroy(): void {
    if (this.#isDestroyed) return;
    this.#isDestroyed = true;
    this.#observer?.disconnect();
    this.#cancelFlush?.();
    this.#dirtyRoots.clear();
    this.registry.disconnectAll();
    this.#abort.abort();
    void this.#uiHost?.then(
      (host) => host.destroy(),
      () => {}, // it never arrived: nothing to take back
    );
    if (this.#sheets.length) {
      this.document.adoptedStyleSheets = this.document.adoptedStyleSheets.filter(
        (s) => !this.#sheets.includes(s),
      );
    }
    this.document.documentElement.removeAttribute(attr.env);
  }

  /** A translator for one string table, following `<html lang>` and the config's `i18n`. */
  strings<K extends string>(table: StringTable<K>): Translate<K> {
    return translator(table, this.lang, this.config.i18n);
  }

  /**
   * State that all connections of one controller share (one ResizeObserver for every row,
   * say), created on first use and owned by this instance: it dies with `signal`.
   */
  shared<T>(key: object, create: () => T): T {
    if (!this.#shared.has(key)) this.#shared.set(key, create());
    return this.#shared.get(key) as T;
  }

  /** A part's chunk through the one loader (chunks.ts): chunks call this rather than import it. */
  load = <M extends object>(...args: ChunkArgs<M>): Promise<M> => loadChunk(this, ...args);

  /**
   * The instance's one React root, created (and its chunk fetched) on first need. A failed
   * fetch is announced once (chunks.ts) and stands for parts that connect after it (no second
   * fetch, no second announcement) until a visitor's `use` of a part (a tile's click, the
   * preferences opening) or a rescan tries again. A fetch under way is shared, never doubled.
   */
  ui(use?: boolean): Promise<UiHost> {
    if (use) this.#uiGiven = undefined;
    return (this.#uiGiven ??= this.#uiHost ??=
      loadChunk(this, 'UI host', () => import('./ui/host'), { exported: 'createUiHost' })
        .then((m) =>
          m.createUiHost({
            document: this.document,
            report: (owner, err) => this.registry.report(owner.name, owner.element, 'render', err),
          }),
        )
        .catch((err: unknown) => {
          this.#uiHost = undefined; // `#uiGiven` keeps this very promise, rejected with `err`
          throw err;
        }));
  }

  /**
   * Adds the runtime's own CSS as a constructed style sheet (once per text): a strict CSP
   * without 'unsafe-inline' blocks `<style>` and style attributes but not adopted sheets.
   */
  adoptStyles(css: string): void {
    if (this.#isDestroyed || this.#adopted.has(css)) return;
    this.#adopted.add(css);
    const SheetCtor = this.window.CSSStyleSheet;
    if (!SheetCtor || !('adoptedStyleSheets' in this.document)) return;
    const sheet = new SheetCtor();
    sheet.replaceSync(css);
    this.#sheets.push(sheet);
    this.document.adoptedStyleSheets = [...this.document.adoptedStyleSheets, sheet];
  }

  #observe(): void {
    const MO = this.window.MutationObserver;
    if (!MO) return;
    this.#observer = new MO((records) => {
      for (const record of records) {
        if (record.type === 'attributes') this.#dirtyRoots.add(record.target);
        else record.addedNodes.forEach((n) => n.nodeType === 1 && this.#dirtyRoots.add(n));
      }
      // One flush per frame however many mutations arrive: a builder script that appends
      // a hundred nodes costs one scan, not a hundred.
      this.#cancelFlush ??= this.work.frame(() => this.#flush());
    });
    this.#observer.observe(this.document.documentElement, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: [...rootAttributes],
    });
  }

  #flush(): void {
    this.#cancelFlush = undefined;
    const roots = [...this.#dirtyRoots];
    this.#dirtyRoots.clear();
    this.registry.sweep();
    for (const root of roots) {
      if (root.isConnected) this.registry.connectUnder(root as Element);
    }
  }
}
