import { fragmentId } from '../dom';
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
    const id = tile.getAttribute('href')?.startsWith('#') ? fragmentId(tile.getAttribute('href')!) : '';
    const content = id ? doc.getElementById(id) : null;
    if (content?.hasAttribute(attr.tileContent)) items.push({ tile, content });
    else strays.push(tile);
  }
  return { items, strays };
}

export const strayTileMessage = 'its href names no data-sw-tile-content element; it stays a plain link.';

/**
 * Which gallery opens a link to the section `id`: a tile's own gallery, so a section shared by
 * two galleries opens with the siblings the visitor was browsing; any other link (or the
 * address), the first gallery in the page with a tile for it, so one popup opens, not two.
 */
export function galleryFor(doc: Document, id: string, link?: Element): Element | undefined {
  const has = (gallery?: Element | null) =>
    !!gallery && tileTargets(gallery).items.some(({ content }) => content.id === id);
  const own = link?.hasAttribute(attr.tile) ? link.closest(`[${attr.tiles}]`) : null;
  return has(own) ? own! : [...doc.querySelectorAll(`[${attr.tiles}]`)].find(has);
}
