import { attr } from '../schema';
import { providerHost } from './content';

/** One other width of an image item: its address and its width in image pixels. */
export interface Source {
  url: string;
  width: number;
}

/**
 * The `w` candidates of a `srcset` value, narrowest first. As the HTML parser reads it, an
 * address is a run without white space (commas included); commas right after it end the
 * candidate, else its descriptors run to the next comma. `x` descriptors (a thumbnail's own
 * densities) say nothing of the lightbox's size and are left out, as is anything but http(s)
 * or an address on a video provider's host, as for an href.
 */
export function parseSrcset(value: string, base: string): Source[] {
  const out: Source[] = [];
  for (const [, address, descriptor] of value.matchAll(/[\s,]*(\S*[^\s,])(?:,+|(\s[^,]*))?/g)) {
    const width = Number(/^\s*(\d+)w\s*$/.exec(descriptor ?? '')?.[1]);
    try {
      const url = new URL(address!, base);
      if (width && /^https?:$/.test(url.protocol) && !providerHost.test(url.hostname))
        out.push({ url: url.href, width });
    } catch {
      // not an address: left out, like a refused href
    }
  }
  return out.sort((a, b) => a.width - b.width);
}

/** The narrowest source at least `need` pixels wide, else the href itself (the full size). */
export const pickSource = (href: string, sources: readonly Source[], need: number): string =>
  sources.find((s) => s.width >= need)?.url ?? href;

/**
 * What an image item loads to fill a stage `room` wide (issue 16): from the widths its link's
 * `data-sw-srcset`, else its thumbnail's `srcset`, lists, at the device pixel ratio.
 */
export function sourceFor(
  link: HTMLAnchorElement,
  href: string,
  room: { width: number },
  win: Window,
): string {
  const srcset = link.getAttribute(attr.srcset) ?? link.querySelector('img')?.getAttribute('srcset');
  const need = Math.ceil(room.width * (win.devicePixelRatio || 1));
  return srcset ? pickSource(href, parseSrcset(srcset, link.baseURI), need) : href;
}

/** The visitor asked their browser to save data (Save-Data): nothing is fetched ahead. */
export const savesData = (win: Window): boolean =>
  (win.navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
