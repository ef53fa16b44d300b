/**
 * What a lightbox item shows, decided from its href alone (contract §3, Lightbox). Pure, so
 * every row of the table is a unit test.
 */
import { fragmentId } from '../dom';

export type ContentKind = 'image' | 'youtube' | 'vimeo' | 'video' | 'inline' | 'ajax' | 'iframe';

export interface Content {
  kind: ContentKind;
  /** What to load: the image or video file, the embed or iframe URL, the ajax URL; for inline, the id. */
  src: string;
  /** Inline: the `#fragment` as written, which names an element before its decoded id does. */
  fragment?: string;
  width: number;
  height: number;
  /** Spec §5: thumbnails only for jpg, jpeg, png and gif files. */
  thumbnail: boolean;
}

/** Why an href is refused; the caller logs it and leaves the link to the browser. */
export interface Refusal {
  refused: string;
}

const thumbnailFile = /\.(jpe?g|png|gif)$/i;
const videoFile = /\.(mp4|webm|ogg|ogv)$/i;
const youtubeId = /^[\w-]{6,20}$/;
/** YouTube's own domains: youtube.com and its country domains (youtube.de, youtube.co.uk, youtube.com.br). */
const youtubeDomain = /^youtube(-nocookie)?\.(com|[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2})$/;
/**
 * The video providers' hosts: nothing may be fetched from them before the visitor allows it. A
 * host name may end in the root's dot (`i.ytimg.com.`), which reaches the same server.
 */
export const providerHost =
  /(^|\.)(youtube(-nocookie)?\.(com|[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2})|youtube\.googleapis\.com|youtubekids\.com|youtu\.be|ytimg\.com|googlevideo\.com|vimeo\.com|vimeocdn\.com)\.?$/;

/** `width`/`height` query parameters: positive integers, else the configured default. */
function size(params: URLSearchParams, name: string, fallback: number): number {
  const raw = params.get(name);
  const n = raw === null ? NaN : Number(raw);
  return Number.isInteger(n) && n > 0 && n <= 10_000 ? n : fallback;
}

function youtube(url: URL): string | undefined {
  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  let id: string | null | undefined;
  if (host === 'youtu.be') id = url.pathname.slice(1);
  else if (youtubeDomain.test(host)) {
    id =
      url.pathname === '/watch'
        ? url.searchParams.get('v')
        : url.pathname.match(/^\/(?:embed|shorts|v)\/([^/]+)/)?.[1];
  }
  return id && youtubeId.test(id) ? id : undefined;
}

/** The video's id, and an unlisted video's privacy hash (`/123/abcdef`, `?h=abcdef`) after it. */
function vimeo(url: URL): string | undefined {
  const host = url.hostname.replace(/^www\./, '');
  if (host !== 'vimeo.com' && host !== 'player.vimeo.com') return undefined;
  const [, id, hash] = url.pathname.match(/^\/(?:video\/)?(\d{1,12})(?:\/([0-9a-f]{6,32}))?(?:\/|$)/i) ?? [];
  const h = hash ?? url.searchParams.get('h');
  return id && (h && /^[0-9a-f]{6,32}$/i.test(h) ? `${id}?h=${h}&` : `${id}?`);
}

/**
 * Classifies `href` (as written in the page) against `base` (the link's base URL). Videos are
 * embedded from the providers' privacy-friendly hosts. Ajax content must be of `origin` (the page's);
 * anything that is not http(s) is refused (no `javascript:` or `data:` ever loads).
 */
export function contentOf(
  href: string,
  base: string,
  defaults: { width: number; height: number },
  origin = new URL(base).origin,
): Content | Refusal {
  const trimmed = href.trim();
  // No address (`href=""`, or none): the page itself, which is no item (an image of it fails).
  if (!trimmed) return { refused: 'an item needs an address: its href is empty or missing' };
  if (trimmed.startsWith('#')) {
    // `#info?width=600` (contract: width and height size inline content too); an id may hold a
    // `?` of its own (`#faq?`), so only a width or a height makes it parameters.
    const [, fragment = trimmed, query] = /^(.*?)\?((?:.*&)?(?:width|height)=.*)$/.exec(trimmed) ?? [];
    const id = fragmentId(fragment); // `#%C3%A9t%C3%A9` names the element `été`
    if (!id) return { refused: 'an inline item needs an id after "#"' };
    const params = new URLSearchParams(query);
    const [width, height] = [size(params, 'width', defaults.width), size(params, 'height', defaults.height)];
    return { kind: 'inline', src: id, fragment, width, height, thumbnail: false };
  }
  let url: URL;
  try {
    url = new URL(trimmed, base);
  } catch {
    return { refused: `"${trimmed}" is not a valid address` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { refused: `"${url.protocol}" addresses are not opened` };
  const params = url.searchParams;
  const width = size(params, 'width', defaults.width);
  const height = size(params, 'height', defaults.height);
  const item = (kind: ContentKind, src: string, thumbnail = false): Content => ({
    kind,
    src,
    width,
    height,
    thumbnail,
  });

  const yt = youtube(url);
  if (yt) return item('youtube', `https://www.youtube-nocookie.com/embed/${yt}?enablejsapi=1`);
  const vm = vimeo(url);
  if (vm) return item('vimeo', `https://player.vimeo.com/video/${vm}dnt=1`);
  // Another address there (a playlist, a channel, a thumbnail) would reach the provider before
  // the visitor allowed it, as an image or a frame: it stays the builder's link.
  if (providerHost.test(url.hostname))
    return { refused: `${url.hostname} is only embedded for a single video, behind its placeholder` };

  if (params.get('iframe') === 'true' || params.get('ajax') === 'true') {
    // A frame's page gets its own address; ajax HTML is asked for at the address the page
    // gives (spec §7), `ajax=true` and all: a server may answer a fragment only then.
    if (params.get('iframe') !== 'true') {
      if (url.origin === origin) return item('ajax', url.href);
      return { refused: `ajax content from another origin (${url.origin}) is refused` };
    }
    for (const p of ['iframe', 'width', 'height']) params.delete(p);
    return item('iframe', url.href);
  }
  if (videoFile.test(url.pathname)) return item('video', url.href);
  // prettyPhoto treated every other link as an image; so does the runtime.
  return item('image', url.href, thumbnailFile.test(url.pathname));
}
