/**
 * The GA4 events the analytics controller sends, as pure builders (contract §5, spec §9), so
 * each rule is a row of a unit table: which link is an outbound click, which a download,
 * which a site search, and when a depth or a video threshold is crossed.
 */

/** Spec §9: the site-search query parameters, in the order they are tried. */
export const SEARCH_PARAMS = ['q', 's', 'search', 'query', 'keyword'] as const;
/** Spec §9: scroll event at 90 % depth; video progress at these percentages. */
export const SCROLL_DEPTH = 90;
export const VIDEO_PROGRESS = [10, 25, 50, 75] as const;
/** Spec §9: history changes are checked at most this often. */
export const HISTORY_INTERVAL_MS = 1000;

/**
 * Spec §9: pdf, office documents, archives, audio and video. GA4's own list, plus the
 * OpenDocument formats and today's audio/video containers.
 */
export const DOWNLOAD_EXTENSIONS = [
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'pps',
  'ppsx',
  'pot',
  'potx',
  'odt',
  'ods',
  'odp',
  'rtf',
  'txt',
  'csv',
  'key',
  'zip',
  'rar',
  '7z',
  'gz',
  'tgz',
  'tar',
  'bz2',
  'xz',
  'pkg',
  'dmg',
  'exe',
  'msi',
  'mp3',
  'wav',
  'wma',
  'ogg',
  'oga',
  'm4a',
  'aac',
  'flac',
  'mid',
  'midi',
  'mp4',
  'm4v',
  'mov',
  'avi',
  'wmv',
  'mpg',
  'mpeg',
  'webm',
  'mkv',
] as const;
const downloads = new Set<string>(DOWNLOAD_EXTENSIONS);

export type GaEvent = { name: string; params: Record<string, string | number | boolean> };

/**
 * A followed link: `file_download` for a download (wherever it is), `click` with
 * `outbound: true` for a page on another host, nothing for this site's pages or for
 * non-web links (mailto:, tel:, javascript:). `href` is read against `base` (the document's
 * base URL, as the browser follows it), the host compared with the page's.
 */
export function linkEvent(href: string, pageUrl: string, text: string, base = pageUrl): GaEvent | null {
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const linkText = text.replace(/\s+/g, ' ').trim().slice(0, 100);
  const file = url.pathname.split('/').pop() ?? '';
  const dot = file.lastIndexOf('.');
  const extension = dot > 0 ? file.slice(dot + 1).toLowerCase() : '';
  if (downloads.has(extension)) {
    return {
      name: 'file_download',
      params: {
        file_extension: extension,
        file_name: decodeURIComponentSafe(url.pathname),
        link_text: linkText,
        link_url: url.href,
        link_domain: url.hostname,
      },
    };
  }
  if (url.hostname !== new URL(pageUrl).hostname) {
    return {
      name: 'click',
      params: { link_url: url.href, link_domain: url.hostname, link_text: linkText, outbound: true },
    };
  }
  return null;
}

/** The site-search term of an address, from the first of `q`, `s`, `search`, `query`, `keyword` that has one. */
export function searchTerm(href: string): string | undefined {
  let params: URLSearchParams;
  try {
    params = new URL(href).searchParams;
  } catch {
    return undefined;
  }
  for (const name of SEARCH_PARAMS) {
    const value = params.get(name)?.trim();
    if (value) return value;
  }
  return undefined;
}

/** Whether the bottom of the window has reached 90 % of the page. */
export function depthReached(scrollY: number, viewport: number, pageHeight: number): boolean {
  return pageHeight > 0 && ((scrollY + viewport) / pageHeight) * 100 >= SCROLL_DEPTH;
}

/** The progress thresholds `percent` has passed that were not sent yet (each once, in order). */
export function newThresholds(percent: number, sent: ReadonlySet<number>): number[] {
  return VIDEO_PROGRESS.filter((p) => percent >= p && !sent.has(p));
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
