/**
 * Lightbox deep links (spec §2): `#!group/index`, the index counted from 0 as prettyPhoto
 * counted it, with an optional trailing slash. The builder's older pages wrote
 * `#prettyPhoto[group]/index/` (and `#!prettyPhoto[group]/…`), which keep working. Parsed
 * and validated only: a link names a known group and an index inside it, or it is ignored.
 * Part of issue 5: the lightbox that follows these links is not written yet.
 */
export interface DeepLink {
  group: string;
  index: number;
}

const pattern = /^#!?(?:prettyPhoto\[([^\]]*)\]|([^/]+))\/(\d{1,6})\/?$/;

/** The hash as a link into `groups` (group name → item count), or null. */
export function parseDeepLink(hash: string, groups: ReadonlyMap<string, number>): DeepLink | null {
  // Split first, decode the group after: an escaped "/" belongs to the name.
  const m = pattern.exec(hash);
  if (!m || (!hash.startsWith('#!') && m[1] === undefined)) return null;
  let group: string;
  try {
    group = decodeURIComponent(m[1] ?? m[2]!);
  } catch {
    return null;
  }
  const index = Number(m[3]);
  const count = groups.get(group);
  return count !== undefined && index < count ? { group, index } : null;
}

/** The hash for an item: always the contract's own form. */
export function deepLinkHash(link: DeepLink): string {
  return `#!${encodeURIComponent(link.group)}/${link.index}`;
}
