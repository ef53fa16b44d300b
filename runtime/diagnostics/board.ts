import type { Diagnostic } from '../check/types';
import type { Runtime } from '../runtime';

/**
 * The editors' list of marker problems, owned by the runtime instance (its `shared` state):
 * `list` is what the panel shows and `SiteRuntime.diagnostics()` returns; `found` holds the
 * problems seen while running (an image that failed), which no reading of the page can see.
 * In live and preview nothing is ever added, and the panel's code is never fetched.
 */
export interface DiagnosticsBoard {
  list: Diagnostic[];
  found: Diagnostic[];
  /** Set by the panel's code once it runs: re-checks and redraws. */
  changed: () => void;
}

const key = {};

export function diagnosticsBoard(runtime: Runtime): DiagnosticsBoard {
  return runtime.shared(key, () => ({ list: [], found: [], changed: () => {} }));
}

/** A problem met while running (cms and design only; elsewhere nobody reads it). */
export function reportProblem(runtime: Runtime, problem: Diagnostic): void {
  if (!runtime.env.local) return;
  const board = diagnosticsBoard(runtime);
  board.found.push(problem);
  board.changed();
}

/** An image that failed to load: `element` shows it (an `<img>`, or a lightbox link). */
export function brokenImage(
  runtime: Runtime,
  element: Element,
  src: string,
  marker: string,
): void {
  reportProblem(runtime, {
    kind: 'image-failed',
    marker,
    element,
    message: `the image ${src} could not be loaded.`,
  });
}
