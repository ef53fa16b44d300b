import { loadChunk } from '../chunks';
import type { Controller, ControllerContext } from '../controller';
import { fragmentId, isPlainClick } from '../dom';
import { log, describe } from '../log';
import { rebuildOnChange } from '../rebuild';
import { attr } from '../schema';
import { strategyFor, whenNeeded } from '../strategies';
import { strayTileMessage, tileTargets } from '../tiles/targets';
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
    rebuildOnChange(ctx, container.ownerDocument.body, () => tilesAndContents(container));
    if (!items.length) return;
    runtime.adoptStyles(css);
    const hidden = items.map(({ content }) => content.hidden);
    const hide = (on: boolean) => items.forEach(({ content }, i) => (content.hidden = on || hidden[i]!));
    hide(true);

    let popup: Promise<Popup> | undefined;
    let ready: Popup | undefined; // the popup once it exists: a disconnect takes it back at once
    let failures = 0; // fetches that failed in a row: after the first, the contents are back
    function load(use?: boolean): Promise<Popup> {
      // The popup's code and the UI host (preact/compat) come in parallel.
      const code = loadChunk(runtime, 'tile popup', () => import('./tile-popup'), {
        exported: 'createTilePopup',
        elements: () => [container],
      });
      return Promise.all([code, runtime.ui(use)]).then(
        ([m, host]) => (ready = m.createTilePopup(ctx, items, container, host)),
      );
    }
    // A failed fetch is forgotten: the builder's page comes back (contents in place), and the
    // next click tries once more.
    const get = (use?: boolean) =>
      (popup ??= load(use).catch((err: unknown) => {
        popup = undefined;
        failures++;
        hide(false);
        throw err;
      }));
    const show = (index: number, from: Element | null) =>
      get(true).then(
        (p) => {
          if (ctx.signal.aborted) return;
          // Here after all: the sections a failure put back leave again, and their addresses
          // open it again. Not otherwise: the section shown would be hidden inside the popup.
          if (failures) hide(true);
          failures = 0;
          p.show(index, from);
        },
        () => void (win.location.hash = items[index]!.content.id), // the link's own jump
      );

    openOnClick(
      ctx,
      items,
      (index, link) => void show(index, link),
      () => failures > 1,
    );
    // A link to a tile's section (say, shared by e-mail) opens it, as it scrolled to it before.
    const fromHash = () => {
      // After a failure the sections are back and the link's own jump (show's fallback sets the
      // hash too) must not fetch again. No opener: focus goes back to the tile when it closes.
      if (failures) return;
      const index = items.findIndex(({ content }) => content.id === fragmentId(win.location.hash));
      if (index >= 0) void show(index, items[index]!.tile);
    };
    if (!runtime.env.local) {
      fromHash();
      ctx.listen(win, 'hashchange', fromHash);
    }
    // Not a use: a failure stands (the sections come back) until a click tries again.
    prefetch(ctx, container, () => void get().catch(() => undefined));

    return () => {
      // The content shown goes back first, then every content gets the builder's `hidden`.
      if (ready) ready.destroy();
      else
        void popup?.then(
          (p) => p.destroy(),
          () => undefined,
        );
      hide(false);
    };
  },
};

/**
 * A tile, or any link in the page to a tile's section, opens it with focus to come back to the
 * link (the link's own jump would blur it, and add a history entry per click). `plain()`: the
 * popup's code failed twice, and links are the builder's plain links again.
 */
function openOnClick(
  ctx: ControllerContext,
  items: readonly TileItem[],
  show: (index: number, link: Element) => void,
  plain: () => boolean,
): void {
  ctx.listen<MouseEvent>(ctx.runtime.document, 'click', (e) => {
    const link = (e.target as Element).closest?.('a[href^="#"]');
    const id = link && fragmentId(link.getAttribute('href')!);
    const index = items.findIndex(({ content }) => id && content.id === id);
    if (!link || index < 0 || !isPlainClick(e) || plain()) return;
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
  for (const tile of strays) log.warn(`${describe(tile)}: ${strayTileMessage}`);
  return items;
}
