import { fragmentTarget } from '../dom';
import { contentOf } from '../lightbox/content';
import { itemSelector } from '../lightbox/items';
import { attr, configElementId, sel } from '../schema';
import { markerOf, type Add } from './report';
import type { EntryReaders } from './types';

/** `data-sw-modal-open` values that name no modal (a click would log the spec's warning). */
function openers(doc: Document, add: Add, used: Set<string>, { modalMessages }: EntryReaders): void {
  for (const el of doc.querySelectorAll(sel(attr.modalOpen))) {
    const id = el.getAttribute(attr.modalOpen)?.trim() ?? '';
    if (!id) {
      add('missing-target', attr.modalOpen, el, `${modalMessages.noId}: the opener names no modal.`);
      continue;
    }
    used.add(id);
    if (!doc.getElementById(id)?.hasAttribute(attr.modal))
      add(
        'missing-target',
        attr.modalOpen,
        el,
        `names "${id}", but no data-sw-modal element has that id (a click logs '${modalMessages.noElement}').`,
      );
  }
}

function tiles(
  doc: Document,
  add: Add,
  used: Set<string>,
  { tileTargets, strayTileMessage }: EntryReaders,
): void {
  for (const container of doc.querySelectorAll(sel(attr.tiles))) {
    const { items, strays } = tileTargets(container);
    for (const { content } of items) used.add(content.id);
    for (const tile of strays) add('missing-target', attr.tile, tile, strayTileMessage);
    if (!items.length && !strays.length)
      add('empty-group', attr.tiles, container, 'the tile gallery holds no data-sw-tile link.');
  }
  // A gallery forgotten around it: nothing enhances such a tile (its section stays in the page).
  for (const tile of doc.querySelectorAll(sel(attr.tile)))
    if (!tile.closest(sel(attr.tiles)))
      add(
        'missing-target',
        attr.tile,
        tile,
        'the tile is in no data-sw-tiles gallery; it stays a plain link.',
      );
}

/** Lightbox links the runtime refuses, and inline items (`#id`) whose element is missing. */
function lightbox(doc: Document, add: Add, used: Set<string>): void {
  for (const link of doc.querySelectorAll(itemSelector)) {
    const marker = link.hasAttribute(attr.lightbox) ? attr.lightbox : 'rel';
    const href = link.getAttribute('href') ?? '';
    const content = contentOf(href, link.baseURI, { width: 1, height: 1 }, new URL(doc.URL).origin);
    if ('refused' in content) {
      add('invalid-option', marker, link, `lightbox: ${content.refused}; the link stays plain.`);
    } else if (content.kind === 'inline') {
      const id = fragmentTarget(doc, content.fragment!)?.id ?? content.src;
      used.add(id);
      if (!doc.getElementById(id))
        add('missing-target', marker, link, `its inline item "#${id}" names no element of the page.`);
    }
  }
}

/**
 * An id that a marker uses (a modal, an opener's target, a tile's content, an inline item),
 * written on more than one element: markers reach only the first.
 */
function duplicates(doc: Document, add: Add, used: Set<string>): void {
  for (const el of doc.querySelectorAll(sel(attr.modal))) if (el.id) used.add(el.id);
  used.add(configElementId); // a second config block is never read
  const seen = new Set<string>();
  for (const el of doc.querySelectorAll('[id]')) {
    const { id } = el;
    if (!used.has(id)) continue;
    if (seen.has(id))
      add(
        'duplicate-id',
        markerOf(el),
        el,
        `id "${id}" is already used by an earlier element; markers reach only the first.`,
      );
    seen.add(id);
  }
}

/** Every marker that points at another element by id. */
export function targetProblems(doc: Document, add: Add, readers: EntryReaders): void {
  const used = new Set<string>();
  openers(doc, add, used, readers);
  tiles(doc, add, used, readers);
  lightbox(doc, add, used);
  duplicates(doc, add, used);
}
