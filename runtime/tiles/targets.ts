import { fragmentTarget } from '../dom';
import { attr } from '../schema';
import type { TileItem } from './popup';

/**
 * The group's own tiles whose `#id` names a tile content, and the strays that name none (they
 * stay plain links). Pure reading: the page checker lists the strays too.
 */
export function tileTargets(container: Element): { items: TileItem[]; strays: Element[] } {
  const doc = container.ownerDocument;
  const items: TileItem[] = [];
  const strays: Element[] = [];
  for (const tile of container.querySelectorAll<HTMLElement>(`[${attr.tile}]`)) {
    if (tile.closest(`[${attr.tiles}]`) !== container) continue;
    const href = tile.getAttribute('href') ?? '';
    const content = href.startsWith('#') ? fragmentTarget(doc, href) : null;
    if (content?.hasAttribute(attr.tileContent)) items.push({ tile, content });
    else strays.push(tile);
  }
  return { items, strays };
}

export const strayTileMessage = 'its href names no data-sw-tile-content element; it stays a plain link.';

/**
 * Which gallery opens a link to the section `id`: a tile's own gallery, so a section shared by
 * two galleries opens with the siblings the visitor was browsing; any other link (or the
 * address), the first gallery in the page whose tile for it is shown (a builder's desktop and
 * phone copies, one hidden by CSS), else the first with a tile for it: one popup, not two.
 */
export function galleryFor(doc: Document, id: string, link?: Element): Element | undefined {
  const tileIn = (gallery?: Element | null) =>
    gallery && tileTargets(gallery).items.find(({ content }) => content.id === id)?.tile;
  const own = link?.hasAttribute(attr.tile) ? link.closest(`[${attr.tiles}]`) : null;
  if (tileIn(own)) return own!;
  const all = [...doc.querySelectorAll(`[${attr.tiles}]`)].filter(tileIn);
  return all.find((gallery) => tileIn(gallery)!.getClientRects().length) ?? all[0];
}
