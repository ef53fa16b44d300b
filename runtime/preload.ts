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
 * Asks for every file the part exporting `exported` imports, at once, beside its `import()`.
 * Without this a browser learns of a part's imports only once the part has arrived and been
 * parsed: one round trip more (the lightbox's ten files beyond the entry came after it). A
 * `<link rel="modulepreload">` fetches a file into the module map, so the import that follows
 * finds it there. A file already hinted (by the builder's page, or earlier) is not asked for
 * twice. Only a hint: where it is not supported the import fetches as before.
 */
export function preloadPart(
  doc: Document,
  exported: string,
  nonce: string | undefined,
  base: string,
  graph: PreloadGraph = built,
): void {
  const wanted = graph.parts[exported];
  if (!wanted?.length) return;
  const hinted = new Set(
    Array.from(doc.querySelectorAll<HTMLLinkElement>('link[rel~="modulepreload" i]'), (l) => l.href),
  );
  const parent = doc.head ?? doc.documentElement;
  for (const index of wanted) {
    const name = graph.files[index];
    if (name === undefined) continue;
    const href = new URL(name, base).href;
    if (hinted.has(href)) continue;
    hinted.add(href);
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    if (nonce) link.nonce = nonce;
    link.href = href;
    parent.append(link);
  }
}
