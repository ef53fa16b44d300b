import { after } from './defer';
import { ChunkLoadError } from './errors';
import { log } from './log';
import { preloadPart } from './preload';
import type { Runtime } from './runtime';
import { events } from './schema';

/**
 * How long a chunk may take before the feature waiting for it gives up. An `import()` cannot
 * be cancelled, so one that never answers would otherwise keep its feature waiting for ever;
 * other features never wait for it (each chunk is loaded on its own).
 */
export const CHUNK_TIMEOUT_MS = 10_000;

/** `sw:error`'s detail (cancellable: a builder can show its own notice instead). */
export interface ChunkErrorDetail {
  /** The feature whose code failed: a controller's name, "tile popup", "UI host"… */
  controller: string;
  error: ChunkLoadError;
  /** The builder's elements that stay as they were written. */
  elements: Element[];
}

function withTimeout<T>(runtime: Runtime, feature: string, promise: Promise<T>): Promise<T> {
  const win = runtime.window;
  return new Promise<T>((resolve, reject) => {
    const timer = win.setTimeout(
      () =>
        reject(new ChunkLoadError(`${feature}: its code did not arrive within ${CHUNK_TIMEOUT_MS / 1000} s`)),
      CHUNK_TIMEOUT_MS,
    );
    const stop = () => win.clearTimeout(timer);
    const done = () => {
      stop();
      runtime.signal.removeEventListener('abort', stop);
    };
    runtime.signal.addEventListener('abort', stop, { once: true });
    promise.then(
      (value) => (done(), resolve(value)),
      (cause: unknown) => (
        done(),
        reject(new ChunkLoadError(`${feature}: its code could not be loaded`, { cause }))
      ),
    );
  });
}

/** What names a part's chunk and what happens when it fails (`loadChunk`, `Runtime.load`). */
export type ChunkArgs<M extends object> = [
  feature: string,
  importer: () => Promise<M>,
  on: {
    exported: keyof M & string;
    /** The elements that stay as written, for the event. */
    elements?: () => Element[];
    /** Runs before the announcement, so whatever a listener does next finds the state ready. */
    failed?: () => void;
  },
];

/**
 * The file a failed `import()` names, when the engine's message names one on the runtime's
 * own origin. Firefox keeps a failed module fetch in the page's module map (as the HTML
 * specification says), so importing the same URL again answers with the old failure without
 * fetching; only a different URL is fetched again. Engines whose message names no file
 * (WebKit) are retried by the bundled import itself.
 */
export function failedChunkUrl(cause: unknown, base: string): URL | undefined {
  const found = /\bhttps?:\/\/[^\s'"]+\.m?js\b(?:\?[^\s'"]*)?/.exec(String((cause as Error)?.message ?? ''));
  if (!found) return undefined;
  try {
    const url = new URL(found[0]);
    return url.origin === new URL(base).origin ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The part's files as modulepreload hints, each in a task of its own (preload.ts): a part often
 * starts loading in an input handler (a first hover), and starting a fetch per file (a few ms
 * each on a slow phone) should not delay that input's next event. The part's own file is
 * already on its way, so this is within its round trip. A failure costs only the hints.
 */
function hintFiles(runtime: Runtime, feature: string, exported: string): void {
  const next = (fn: () => void) =>
    void after(
      runtime.window,
      runtime.signal,
      0,
      () => {
        try {
          fn();
        } catch (err) {
          log.warn(`${feature}: its files could not be hinted; they come as the import asks.`, err);
        }
      },
      runtime.work,
    );
  next(() => preloadPart(runtime.document, exported, runtime.nonce, import.meta.url, next));
}

/**
 * Fetches a lazily loaded part of the runtime: a failed fetch is tried once more at once (a
 * dropped connection), one that does not answer in time is given up. A final failure is
 * announced once, as a cancellable `sw:error` on the document and, unless cancelled, one
 * console message naming the feature. The caller leaves its elements as the builder wrote
 * them, and may call again on a later use.
 *
 * `exported` names an export the chunk has: a retry by the URL an engine's message named
 * (failedChunkUrl) is accepted only when that file is the chunk itself, not a part it shares.
 */
export function loadChunk<M extends object>(
  runtime: Runtime,
  ...[feature, importer, on]: ChunkArgs<M>
): Promise<M> {
  const attempt = (load: () => Promise<M>) => withTimeout(runtime, feature, load());
  hintFiles(runtime, feature, on.exported);
  const again = (cause: unknown) => {
    const url = failedChunkUrl(cause, import.meta.url);
    if (!url) return importer();
    // The same file at a URL no module map has seen. A file other than the chunk itself (a
    // part it shares) cannot be fetched again this way: the chunk still asks for its old URL.
    url.searchParams.set('retry', String(Date.now()));
    return (import(url.href) as Promise<M>).then((m) =>
      on.exported in m ? m : Promise.reject(new Error(`a part it shares failed: ${url.pathname}`)),
    );
  };
  const loading = attempt(importer).catch((err: unknown) =>
    err instanceof ChunkLoadError && err.cause !== undefined
      ? attempt(() => again(err.cause))
      : Promise.reject(err),
  );
  runtime.work.track(loading).catch((error: ChunkLoadError) => {
    if (runtime.destroyed) return;
    const detail: ChunkErrorDetail = { controller: feature, error, elements: on.elements?.() ?? [] };
    on.failed?.();
    const event = new CustomEvent(events.error, { bubbles: true, cancelable: true, detail });
    if (runtime.document.dispatchEvent(event)) {
      log.error(`${error.message}; its elements stay as the builder wrote them.`, error.cause ?? '');
    }
  });
  return loading;
}
