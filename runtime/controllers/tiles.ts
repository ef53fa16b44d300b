import { loadChunk } from '../chunks';
import type { Controller, ControllerContext } from '../controller';
import { fragmentTarget, isPlainClick } from '../dom';
import { log, describe } from '../log';
import { rebuildOnChange } from '../rebuild';
import { attr } from '../schema';
import { strategyFor, whenNeeded } from '../strategies';
import { galleryFor, strayTileMessage, tileTargets } from '../tiles/targets';
import type { createTilePopup, TileItem } from './tile-popup';

type Popup = ReturnType<typeof createTilePopup>;

const css = `[${attr.tileContent}][hidden]{display:none!important}`;

/**
 * `data-sw-tiles`: each own `data-sw-tile` link to a `#id` that is a `data-sw-tile-content`
 * opens that content in a popup with Previous and Next for its siblings. The contents leave
 * the page's flow at connect (before first paint, so nothing shifts later). The popup's code
 * is fetched by the `tiles` load strategy (issue 14; default `interaction`: the first contact
 * with the tiles, and a click fetches it anyway), and if it cannot be, the contents come
 * back and the link jumps to its section as it would without script. Tiles or contents added,
 * removed or replaced later rebuild it around those there are then.
 */
export const tiles: Controller = {
  connect(container, ctx) {
    const { runtime } = ctx;
    const win = runtime.window;
    const items = tileItems(container);
    // A rebuild under the visitor's hand (a tile or section added while the popup is open, or
    // while its code comes after a click) shows the same section again (WCAG 3.2.2): held as
    // the section and where focus goes back when it closes.
    const [was, hold] = rebuildOnChange<[Element, Element | null]>(ctx, container.ownerDocument.body, () =>
      tilesAndContents(container),
    );
    if (!items.length) return;
    runtime.adoptStyles(css);
    const hidden = items.map(({ content }) => content.hidden);
    const hide = (on: boolean) => items.forEach(({ content }, i) => (content.hidden = on || hidden[i]!));
    hide(true);

    const popup = popupLoader(ctx, items, container, hide);
    openOnClick(
      ctx,
      container,
      items,
      (index, link) => void popup.show(index, link),
      () => popup.failures() > 1,
    );
    const carried = was
      ? items.findIndex(({ content }) => content === was[0] || sameId(content, was[0]))
      : -1;
    if (carried >= 0) void popup.show(carried, was![1]);
    // A link to a tile's section (say, shared by e-mail) opens it, as it scrolled to it before.
    const fromHash = () => {
      // After a failure the sections are back and the link's own jump (show's fallback sets the
      // hash too) must not fetch again. No opener: focus goes back to the tile when it closes.
      if (popup.failures()) return;
      const named = fragmentTarget(container.ownerDocument, win.location.hash);
      const index = items.findIndex(({ content }) => content === named);
      if (index >= 0 && galleryFor(container.ownerDocument, named!.id) === container)
        void popup.show(index, items[index]!.tile);
    };
    if (!runtime.env.local) {
      // Not over a carried section: the visitor may have moved on from the one the address names.
      if (carried < 0) fromHash();
      ctx.listen(win, 'hashchange', fromHash);
    }
    // Not a use: a failure stands (the sections come back) until a click tries again.
    prefetch(ctx, container, () => void popup.get().catch(() => undefined));

    return () => {
      const shown = popup.shown();
      if (shown) hold([items[shown.index]!.content, shown.returnTo]);
      // The content shown goes back first, then every content gets the builder's `hidden`.
      popup.destroy();
      hide(false);
    };
  },
};

const sameId = (a: Element, b: Element) => !!a.id && a.id === b.id;

/**
 * The popup's code, fetched once by `get` (the popup's code and the UI host, preact/compat, in
 * parallel). A failed fetch is forgotten: the builder's page comes back (contents in place),
 * and the next click tries once more. `shown`: the item open, or asked for while the code comes.
 */
function popupLoader(
  ctx: ControllerContext,
  items: readonly TileItem[],
  container: Element,
  hide: (on: boolean) => void,
) {
  const { runtime } = ctx;
  let popup: Promise<Popup> | undefined;
  let ready: Popup | undefined; // the popup once it exists: a disconnect takes it back at once
  let failures = 0; // fetches that failed in a row: after the first, the contents are back
  let asked: { index: number; returnTo: Element | null } | undefined;
  function load(use?: boolean): Promise<Popup> {
    const code = loadChunk(runtime, 'tile popup', () => import('./tile-popup'), {
      exported: 'createTilePopup',
      elements: () => [container],
    });
    return Promise.all([code, runtime.ui(use)]).then(
      ([m, host]) => (ready = m.createTilePopup(ctx, items, container, host)),
    );
  }
  const get = (use?: boolean) =>
    (popup ??= load(use).catch((err: unknown) => {
      popup = undefined;
      failures++;
      hide(false);
      throw err;
    }));
  const show = (index: number, from: Element | null) => {
    asked = { index, returnTo: from };
    return get(true).then(
      (p) => {
        if (ctx.signal.aborted) return;
        asked = undefined;
        // Here after all: the sections a failure put back leave again, and their addresses
        // open it again. Not otherwise: the section shown would be hidden inside the popup.
        if (failures) hide(true);
        failures = 0;
        p.show(index, from);
      },
      () => {
        asked = undefined;
        if (!ctx.signal.aborted) runtime.window.location.hash = items[index]!.content.id; // the link's own jump
      },
    );
  };
  return {
    get,
    show,
    failures: () => failures,
    shown: () => ready?.shown() ?? asked,
    destroy() {
      if (ready) ready.destroy();
      else
        void popup?.then(
          (p) => p.destroy(),
          () => undefined,
        );
    },
  };
}

/**
 * A tile, or any link in the page to a tile's section, opens it with focus to come back to the
 * link (the link's own jump would blur it, and add a history entry per click), in the gallery
 * `galleryFor` names (a section may be shared by two). `plain()`: the
 * popup's code failed twice, and links are the builder's plain links again.
 */
function openOnClick(
  ctx: ControllerContext,
  container: Element,
  items: readonly TileItem[],
  show: (index: number, link: Element) => void,
  plain: () => boolean,
): void {
  ctx.listen<MouseEvent>(ctx.runtime.document, 'click', (e) => {
    const link = (e.target as Element).closest?.('a[href^="#"]');
    const named = link && fragmentTarget(ctx.runtime.document, link.getAttribute('href')!);
    const index = items.findIndex(({ content }) => named && content === named);
    if (!link || index < 0 || !isPlainClick(e) || plain()) return;
    if (galleryFor(ctx.runtime.document, named!.id, link) !== container) return;
    e.preventDefault();
    show(index, link);
  });
}

/** Calls `fetch` once, when the `tiles` load strategy says (issue 14; default `interaction`). */
function prefetch(ctx: ControllerContext, container: Element, fetch: () => void): void {
  const strategy = strategyFor(ctx.runtime, { name: 'tiles', load: 'interaction' }, container);
  const once = new AbortController(); // whichever contact comes first
  ctx.signal.addEventListener('abort', () => once.abort(), { signal: once.signal });
  whenNeeded(ctx.runtime, strategy, container, () => (once.abort(), fetch()), once.signal);
}

/** What a gallery is built from: its tiles and their contents (anywhere in the page), which may change. */
function tilesAndContents(container: Element): Element[] {
  const { items, strays } = tileTargets(container);
  return [...items.flatMap(({ tile, content }) => [tile, content]), ...strays];
}

function tileItems(container: Element): TileItem[] {
  const { items, strays } = tileTargets(container);
  for (const tile of strays)
    log.warn(`${describe(tile)} href="${tile.getAttribute('href') ?? ''}": ${strayTileMessage}`);
  return items;
}
