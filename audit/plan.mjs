// Pure parts of the audit's plan, tested without a browser: what an item holds, which items
// of each lightbox group are audited, which pages a crawl follows.
import { contentOf } from '../lib/checks.mjs';

/**
 * The content type of a lightbox item's href, as the runtime's own classifier reads it
 * (lightbox/content.ts, bundled in lib/checks.mjs) against the link's base and the page's
 * origin: `invalid` where the runtime refuses it.
 */
export function contentType(href, base = 'http://page.invalid/', origin = new URL(base).origin) {
  const content = contentOf(href, base, { width: 1, height: 1 }, origin);
  return 'refused' in content ? 'invalid' : content.kind;
}

/**
 * Where each lightbox group is audited: its first, a middle and its last item, and the first
 * item of every content type it holds. Each stop names the item the audit opens (the item
 * itself when it is shown on the page, else the group's first shown item) and the arrow
 * presses from there. `items` are the lightbox markers in document order.
 */
export function lightboxStops(items) {
  const groups = new Map();
  // A link the runtime refuses is no item of its gallery (it stays the builder's link; the
  // checker names it): the runtime's count leaves it out, and so do the stops.
  const shown = items.filter(
    (i) => i.state === 'enhanced' && contentType(i.href, i.base, i.origin) !== 'invalid',
  );
  for (const [n, item] of shown.entries()) {
    // An empty group is a single item (contract): each its own gallery.
    const key = item.group ? `group:${item.group}` : `single:${n}`;
    if (!groups.has(key))
      groups.set(key, {
        key,
        label: item.group ? `"${item.group}"` : `single item ${item.selector}`,
        items: [],
      });
    groups.get(key).items.push(item);
  }
  const stops = [];
  for (const group of groups.values()) {
    const n = group.items.length;
    const types = group.items.map((i) => contentType(i.href, i.base, i.origin));
    const picked = new Set([0, Math.floor((n - 1) / 2), n - 1]);
    for (const type of new Set(types)) picked.add(types.indexOf(type));
    const firstShown = group.items.findIndex((i) => i.visible);
    for (const index of [...picked].sort((a, b) => a - b)) {
      const from = group.items[index].visible ? index : firstShown;
      stops.push({
        group,
        index,
        total: n,
        type: types[index],
        opener: from < 0 ? null : group.items[from].selector,
        steps: from < 0 ? 0 : index - from,
      });
    }
  }
  return stops;
}

const NOT_PAGES =
  /\.(jpe?g|png|gif|webp|avif|svg|ico|pdf|zip|mp4|webm|ogg|mp3|docx?|xlsx?|pptx?|css|js|json|xml|txt)$/i;

/**
 * The pages a crawl may follow from `links` (absolute addresses found on `from`): same site
 * (host), http(s), not a file download; the fragment dropped; the query kept (an editor's
 * `?page=cms` is part of the page's address).
 */
export function followable(links, from) {
  const origin = new URL(from);
  const out = [];
  for (const link of links) {
    let url;
    try {
      url = new URL(link, from);
    } catch {
      continue;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
    if (url.host !== origin.host || NOT_PAGES.test(url.pathname)) continue;
    url.hash = '';
    if (!out.includes(url.href)) out.push(url.href);
  }
  return out;
}
