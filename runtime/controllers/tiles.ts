import type { Controller } from '../controller';
import { fragmentId, isPlainClick } from '../dom';
import { log, describe } from '../log';
import { attr } from '../schema';
import type { TileItem } from './tile-popup';

const css = `[${attr.tileContent}][hidden]{display:none!important}`;

/**
 * `data-sw-tiles`: each own `data-sw-tile` link to a `#id` that is a `data-sw-tile-content`
 * opens that content in a popup with Previous and Next for its siblings. The contents leave
 * the page's flow at connect (before first paint, so nothing shifts later); the popup's code
 * is fetched when the browser is idle, and if it cannot be, the contents come back and the
 * link jumps to its section as it would without script.
 */
export const tiles: Controller = {
  connect(container, ctx) {
    const { runtime } = ctx;
    const doc = runtime.document;
    const win = runtime.window;
    const items: TileItem[] = [];
    for (const tile of container.querySelectorAll<HTMLElement>(`[${attr.tile}]`)) {
      if (tile.closest(`[${attr.tiles}]`) !== container) continue;
      const id = tile.getAttribute('href')?.startsWith('#') ? fragmentId(tile.getAttribute('href')!) : '';
      const content = id ? doc.getElementById(id) : null;
      if (content?.hasAttribute(attr.tileContent)) items.push({ tile, content });
      else
        log.warn(`${describe(tile)}: its href names no data-sw-tile-content element; it stays a plain link.`);
    }
    if (!items.length) return;

    runtime.adoptStyles(css);
    const hidden = items.map(({ content }) => content.hidden);
    const hide = (on: boolean) => items.forEach(({ content }, i) => (content.hidden = on || hidden[i]!));
    hide(true);

    let popup: ReturnType<typeof load> | undefined;
    function load() {
      return import('./tile-popup').then((m) => m.createTilePopup(ctx, items, container));
    }
    // A failed fetch is forgotten, so the next click tries again.
    const get = () =>
      (popup ??= load().catch((err: unknown) => {
        popup = undefined;
        throw err;
      }));
    const show = (index: number, from: Element | null) =>
      get().then(
        (p) => !ctx.signal.aborted && p.show(index, from),
        (err: unknown) => {
          // The builder's page again: contents in place, the link's own jump.
          log.error(
            `${describe(container)}: the tile popup could not be loaded; showing the sections instead.`,
            err,
          );
          hide(false);
          win.location.hash = items[index]!.content.id;
        },
      );

    ctx.listen<MouseEvent>(container, 'click', (e) => {
      if (!isPlainClick(e)) return;
      const index = items.findIndex(({ tile }) => tile.contains(e.target as Node));
      if (index < 0) return;
      e.preventDefault();
      void show(index, items[index]!.tile);
    });
    // A link to a tile's section (say, shared by e-mail) opens it, as it scrolled to it before.
    const fromHash = () => {
      const index = items.findIndex(({ content }) => content.id === fragmentId(win.location.hash));
      if (index >= 0) void show(index, null);
    };
    if (!runtime.env.local) {
      fromHash();
      ctx.listen(win, 'hashchange', fromHash);
    }
    const idle = win.requestIdleCallback?.bind(win) ?? ((fn: () => void) => win.setTimeout(fn, 200));
    idle(ctx.guard(() => void get().catch(() => undefined)));

    return () => {
      void popup?.then(
        (p) => p.destroy(),
        () => undefined,
      );
      hide(false);
    };
  },
};
