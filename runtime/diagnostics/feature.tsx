import { checkDocument, type EntryReaders } from '../check/index';
import { markerOf } from '../check/report';
import { after } from '../defer';
import type { Runtime } from '../runtime';
import { rootAttributes } from '../schema';
import type { UiHost } from '../ui/host';
import { createStore } from '../ui/store';
import type { brokenImage, DiagnosticsBoard } from './board';
import { DiagnosticsPanel } from './panel';
import { initialPanel, mergeProblems, panel } from './state';
import { diagnosticsStrings } from './strings';
import { diagnosticsCss, MARKED } from './style';

/** Attributes whose change can make or mend a problem (the panel's own outline is not one). */
const watched = [
  ...rootAttributes,
  'id',
  'href',
  'src',
  'data-sw-modal-open',
  'data-sw-tile',
  'data-sw-slide',
  'data-sw-cookie-groups',
  'data-sw-consent-options',
  'data-sw-tile-content',
  'data-sw-anchor-menu',
  'data-sw-load',
];

/** Images that are part of a marker: a lightbox link's, a tile's, a slide's, a modal's. */
const markerImage = (img: Element) =>
  img.closest(
    '[data-sw-lightbox], a[rel^="prettyPhoto"], [data-sw-tiles], [data-sw-tile-content], [data-sw-carousel], [data-sw-modal]',
  );

/** What the entry hands over instead of this chunk importing it (see EntryReaders). */
export interface FromEntry {
  board: DiagnosticsBoard;
  brokenImage: typeof brokenImage;
  readers: EntryReaders;
}

/**
 * The editors' diagnostics (cms and design only; this chunk is never fetched elsewhere): the
 * page's marker problems, re-read whenever the page changes, plus images that fail to load,
 * listed in a panel drawn through the UI host. Everything ends with `signal`.
 */
export function startDiagnostics(
  runtime: Runtime,
  host: UiHost,
  signal: AbortSignal,
  entry: FromEntry,
): void {
  const { document: doc, window: win } = runtime;
  const { board, brokenImage, readers } = entry;
  const store = createStore(panel, initialPanel);
  runtime.adoptStyles(diagnosticsCss);

  const target = doc.createElement('div');
  target.setAttribute('data-sw-ui', 'diagnostics');
  doc.body.append(target);
  const refresh = () => {
    board.list = mergeProblems(checkDocument(doc, readers), board.found);
    store.dispatch({ type: 'list', items: board.list });
  };
  let pending: (() => void) | undefined;
  // Editors change the page in bursts: one reading per quiet 200 ms, not one per mutation.
  board.changed = () => {
    pending?.();
    pending = after(win, signal, 200, refresh, runtime.work);
  };

  const failed = (img: Element) => {
    const owner = markerImage(img);
    if (owner) brokenImage(runtime, img, img.getAttribute('src') ?? '', markerOf(owner));
  };
  doc.addEventListener('error', (e) => e.target instanceof win.HTMLImageElement && failed(e.target), {
    capture: true,
    signal,
  });
  for (const img of doc.images)
    if (img.complete && img.naturalWidth === 0 && img.getAttribute('src')) failed(img);

  const observer = new win.MutationObserver((records) => {
    if (records.some((r) => !target.contains(r.target))) board.changed();
  });
  observer.observe(doc.body, { subtree: true, childList: true, attributes: true, attributeFilter: watched });
  observer.observe(doc.head, { subtree: true, childList: true, characterData: true });

  // The outline follows the marked entry; it is an attribute only our own sheet styles.
  let marked: Element | null = null;
  const unsubscribe = store.subscribe(() => {
    const { items, marked: index } = store.get();
    const next = index === null ? null : (items[index]?.element ?? null);
    if (next === marked) return;
    marked?.removeAttribute(MARKED);
    next?.setAttribute(MARKED, '');
    marked = next;
  });
  const reduced = () => win.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  const reveal = (el: Element) =>
    el.scrollIntoView({ block: 'center', behavior: reduced() ? 'auto' : 'smooth' });
  const mounted = host.mount(
    target,
    <DiagnosticsPanel store={store} t={runtime.strings(diagnosticsStrings)} reveal={reveal} />,
    { name: 'diagnostics', element: doc.documentElement },
  );
  signal.addEventListener(
    'abort',
    () => {
      observer.disconnect();
      unsubscribe();
      marked?.removeAttribute(MARKED);
      mounted.unmount();
      target.remove();
      board.changed = () => {};
    },
    { once: true },
  );
  refresh();
}

// Bundling hints: what this chunk shares with the entry, and with other parts, ships as one
// file each (see core.ts, dialog-core.ts, consent-core.ts).
export { core as __core } from '../core';
export { dialogCore as __dialogCore } from '../dialog-core';
export { consentCore as __consentCore } from '../consent-core';
