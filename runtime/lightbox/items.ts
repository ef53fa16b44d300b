import type { Config } from '../config';
import { fragmentTarget } from '../dom';
import { describe, log } from '../log';
import { attr, legacyLightboxSelector } from '../schema';
import { contentOf, type Content } from './content';

export const itemSelector = `[${attr.lightbox}], ${legacyLightboxSelector}`;

/** One item of a lightbox group, read from its link: everything here is shown as text. */
export interface Item {
  link: HTMLAnchorElement;
  content: Content;
  title: string;
  /** The caption's text; the image's own text alternative is `alt`, not this. */
  description: string;
  /** The image's text alternative: the link's image's alt, else the title ('' for neither). */
  alt: string;
  /** The page's own thumbnail image for the strip, if the link holds one. */
  thumb: string;
}

/** The group an item belongs to, or null for a single item (empty value, bare `prettyPhoto`). */
export function groupOf(link: Element): string | null {
  const own = link.getAttribute(attr.lightbox);
  if (own !== null) return own.trim() || null;
  return /^prettyPhoto\[([^\]]+)\]/.exec(link.getAttribute('rel') ?? '')?.[1] ?? null;
}

/** The links of `group` in document order. */
export function linksOf(doc: Document, group: string): HTMLAnchorElement[] {
  return [...doc.querySelectorAll<HTMLAnchorElement>(itemSelector)].filter((l) => groupOf(l) === group);
}

/** Every group on the page with its item count (for deep links). */
export function groupCounts(doc: Document): Map<string, number> {
  const counts = new Map<string, number>();
  for (const l of doc.querySelectorAll(itemSelector)) {
    const g = groupOf(l);
    if (g !== null) counts.set(g, (counts.get(g) ?? 0) + 1);
  }
  return counts;
}

/**
 * The items of `link`'s group (or `link` alone). A link whose href the contract refuses is
 * left out with a console line naming it, once per link in `said` (not again on each opening
 * of its group); it stays the builder's plain link.
 */
export function itemsOf(
  link: HTMLAnchorElement,
  here: string,
  options: Config['lightbox'],
  said = new WeakSet<Element>(),
): Item[] {
  const group = groupOf(link);
  const links = group === null ? [link] : linksOf(link.ownerDocument, group);
  const size = { width: options.defaultWidth, height: options.defaultHeight };
  return links.flatMap((l) => {
    // Against the link's base (a `<base href>`), as the browser follows it without script; ajax
    // stays the page's own origin's.
    let content = contentOf(l.getAttribute('href') ?? '', l.baseURI, size, new URL(here).origin);
    // An inline item names an element of the page: with none (a typo), nothing to show.
    if (!('refused' in content) && content.kind === 'inline') {
      const el = fragmentTarget(l.ownerDocument, content.fragment!);
      content = el ? { ...content, src: el.id } : { refused: `no element has the id "${content.src}"` };
    }
    if ('refused' in content) {
      const href = (l.getAttribute('href') ?? '').slice(0, 80);
      if (!said.has(l)) log.error(`${describe(l)} href="${href}": lightbox: ${content.refused}.`);
      said.add(l);
      return [];
    }
    const img = l.querySelector('img');
    return [
      {
        link: l,
        content,
        title: l.getAttribute('title') ?? '',
        description: l.getAttribute(attr.description) ?? img?.getAttribute('alt') ?? '',
        alt: img?.getAttribute('alt') || (l.getAttribute('title') ?? ''),
        // currentSrc is empty until the image has data (lazy, below the fold): its src then,
        // not the full-size file.
        thumb: img?.currentSrc || img?.src || content.src,
      },
    ];
  });
}
