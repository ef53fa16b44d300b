/**
 * Which files each lazily loaded part needs beyond the entry, written in by the build
 * (build-preload.mjs): the file names once, and for each export of a part the indexes of the
 * files it imports, directly or not. Names are relative to the entry's own URL.
 */
export interface PreloadGraph {
  files: readonly string[];
  parts: Readonly<Record<string, readonly number[]>>;
}

// The build (build-preload.mjs) writes the graph's JSON over the middle line; it stays alone on
// its line (a newline on each side) so the source map's other lines keep their columns.
const BUILT = `
__SW_PRELOAD__
`;

/** The build's graph; empty where there is none (unit tests, `build.mjs --watch`). */
export function builtGraph(text: string = BUILT): PreloadGraph {
  try {
    const graph = JSON.parse(text) as PreloadGraph;
    if (Array.isArray(graph.files) && typeof graph.parts === 'object' && graph.parts) return graph;
  } catch {
    // the placeholder itself: not a build that wrote a graph
  }
  return { files: [], parts: {} };
}

// Read once: the build's text does not change while the page lives.
const built = builtGraph();

/**
 * Asks for every file the part exporting `exported` imports, beside its `import()`.
 * Without this a browser learns of a part's imports only once the part has arrived and been
 * parsed: one round trip more (the lightbox's ten files beyond the entry came after it). A
 * `<link rel="modulepreload">` fetches a file into the module map, so the import that follows
 * finds it there. A file already hinted (by the builder's page, or earlier) is not asked for
 * twice. Only a hint: where it is not supported the import fetches as before.
 *
 * Starting a request costs the main thread a few ms on a slow phone (10 ms at 4x CPU in
 * Chromium, measured), so ten at once made a long task: each link after the first waits for
 * `next` (a task of its own, from the caller), and whether it is already hinted is asked then
 * (the last `next` finds nothing left).
 */
export function preloadPart(
  doc: Document,
  exported: string,
  nonce: string | undefined,
  base: string,
  next: (fn: () => void) => void = (fn) => fn(),
  graph: PreloadGraph = built,
): void {
  const hrefs = (graph.parts[exported] ?? []).flatMap((index) => {
    const name = graph.files[index];
    return name === undefined ? [] : [new URL(name, base).href];
  });
  const step = (): void => {
    const hinted = new Set(
      Array.from(doc.querySelectorAll<HTMLLinkElement>('link[rel~="modulepreload" i]'), (l) => l.href),
    );
    // Each file is taken off the list once: a link a page script removes is not added again.
    let href;
    do href = hrefs.shift();
    while (href && hinted.has(href));
    if (!href) return;
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    if (nonce) link.nonce = nonce;
    link.href = href;
    (doc.head ?? doc.documentElement).append(link);
    next(step);
  };
  step();
}
