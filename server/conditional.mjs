// Validators and byte ranges for the site's static files (CSS, fonts, images, video): a
// returning visitor revalidates instead of downloading again, and a video can be sought and
// played where a browser asks for parts of it (Safari plays media only from 206 answers).
import { matchesEtag } from './assets.mjs';

/** A weak ETag and Last-Modified from the file's size and modification time. */
export function validators(info) {
  return {
    ETag: `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
    'Last-Modified': new Date(Math.floor(info.mtimeMs / 1000) * 1000).toUTCString(),
  };
}

/** Whether the client's copy is current: If-None-Match first; If-Modified-Since only without it (RFC 9110). */
export function notModified(req, { ETag, 'Last-Modified': lastModified }) {
  const tags = req.headers['if-none-match'];
  if (tags !== undefined) return matchesEtag(tags, ETag.replace(/^W\//, ''));
  const since = Date.parse(req.headers['if-modified-since'] ?? '');
  return Number.isFinite(since) && Date.parse(lastModified) <= since;
}

/**
 * The one byte range a `Range` header asks for within `size`: `{ start, end }` (inclusive),
 * `null` when it cannot be satisfied (416), `undefined` when there is none to honour (several
 * ranges, another unit, a malformed header, or an If-Range that no longer holds: the whole file).
 */
export function byteRange(req, size, current) {
  const header = req.headers.range;
  // Ranges are GET's only (RFC 9110 §14.2): a HEAD gets the whole file's head.
  if (req.method !== 'GET' || typeof header !== 'string') return undefined;
  const ifRange = req.headers['if-range'];
  // If-Range compares strongly: a weak ETag never holds, only the date.
  if (ifRange !== undefined && ifRange !== current['Last-Modified']) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    return suffix > 0 && size > 0 ? { start: Math.max(0, size - suffix), end: size - 1 } : null;
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== '' && Number(m[2]) < start) return undefined;
  return start < size ? { start, end } : null;
}
