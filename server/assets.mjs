// How the built runtime is sent: files named by their content are cached for a year, the
// fixed-name entry is revalidated by its ETag, and a precompressed variant goes to clients that
// ask for it. Builders copy this; the rules are the usual asset-pipeline ones (README, "Serving").
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { HASHED_NAME } from '../build-output.mjs';
import { types } from './respond.mjs';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Precompressed variants the build writes beside each script, best first. */
const ENCODINGS = [
  { token: 'br', suffix: '.br' },
  { token: 'gzip', suffix: '.gz' },
];

/** Content codings the request accepts (q > 0), from its Accept-Encoding header. */
export function acceptedEncodings(header = '') {
  const accepted = new Map();
  for (const part of String(header).split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(token, q ? Number(q.slice(2)) : 1);
  }
  const wildcard = accepted.get('*');
  return new Set(
    ENCODINGS.map((e) => e.token).filter((t) => (accepted.get(t) ?? wildcard ?? 0) > 0),
  );
}

/** Whether an If-None-Match header names `etag` (weak comparison, as RFC 9110 asks for it). */
export function matchesEtag(header, etag) {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Sends a built script: picks the variant the request accepts, answers 304 when the client
 * holds it already, else the body with its caching headers.
 */
export async function sendScript(req, res, file) {
  const accepted = acceptedEncodings(req.headers['accept-encoding']);
  let body = null;
  let encoding = null;
  for (const e of ENCODINGS) {
    if (!accepted.has(e.token)) continue;
    body = await readFile(file + e.suffix).catch(() => null);
    if (body) {
      encoding = e;
      break;
    }
  }
  body ??= await readFile(file);
  // A strong tag per representation: the gzip bytes are not the brotli bytes.
  const digest = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  const headers = {
    'Content-Type': types['.js'],
    'Cache-Control': HASHED_NAME.test(basename(file)) ? IMMUTABLE : 'no-cache',
    ETag: `"${digest}"`,
    Vary: 'Accept-Encoding',
  };
  if (matchesEtag(req.headers['if-none-match'], headers.ETag)) return void res.writeHead(304, headers).end();
  if (encoding) headers['Content-Encoding'] = encoding.token;
  headers['Content-Length'] = body.length;
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}
