import { ChunkLoadError } from './errors';
import { log } from './log';
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

/**
 * Fetches a lazily loaded part of the runtime: a failed fetch is tried once more at once (a
 * dropped connection), one that does not answer in time is given up. A final failure is
 * announced once, as a cancellable `sw:error` on the document and, unless cancelled, one
 * console message naming the feature. The caller leaves its elements as the builder wrote
 * them, and may call again on a later use.
 */
export function loadChunk<T>(
  runtime: Runtime,
  feature: string,
  importer: () => Promise<T>,
  on: {
    /** The elements that stay as written, for the event. */
    elements?: () => Element[];
    /** Runs before the announcement, so whatever a listener does next finds the state ready. */
    failed?: () => void;
  } = {},
): Promise<T> {
  const attempt = () => withTimeout(runtime, feature, importer());
  const loading = attempt().catch((err: unknown) =>
    err instanceof ChunkLoadError && err.cause !== undefined ? attempt() : Promise.reject(err),
  );
  loading.catch((error: ChunkLoadError) => {
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
