// How the built runtime is sent: files named by their content are cached for a year, the
// fixed-name entry is revalidated by its ETag, and a precompressed variant goes to clients that
// ask for it. Builders copy this; the rules are the usual asset-pipeline ones (README, "Serving").
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { HASHED_NAME } from '../build-output.mjs';
import { types } from './respond.mjs';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Precompressed variants the build writes beside each script, best first. */
const ENCODINGS = [
  { token: 'br', suffix: '.br' },
  { token: 'gzip', suffix: '.gz' },
];

/**
 * The codings with a precompressed variant that an Accept-Encoding header accepts (q > 0),
 * the client's preferred first (the server's order, brotli first, on a tie). RFC 9110 §12.5.3:
 * case-insensitive, optional spaces around `;`, `*` for any other coding, `x-gzip` is gzip.
 */
export function acceptedEncodings(header = '') {
  const accepted = new Map();
  for (const part of String(header).split(',')) {
    const [raw, ...params] = part.split(';');
    let token = raw.trim().toLowerCase();
    if (token === 'x-gzip') token = 'gzip';
    if (!token) continue;
    const q = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    accepted.set(token, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (t) => accepted.get(t) ?? accepted.get('*') ?? 0;
  const tokens = ENCODINGS.map((e) => e.token).filter((t) => weightOf(t) > 0);
  return new Set(tokens.sort((a, b) => weightOf(b) - weightOf(a)));
}

/** Whether an If-None-Match header names `etag` (weak comparison, as RFC 9110 asks for it). */
export function matchesEtag(header, etag) {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * The variant to send: the first accepted coding whose precompressed file is at least as new
 * as the script (a deploy that replaced only the script must not send the old bytes), else
 * the script itself.
 */
async function variantOf(file, changed, accepted) {
  for (const token of accepted) {
    const { suffix } = ENCODINGS.find((e) => e.token === token);
    const info = await stat(file + suffix).catch(() => null);
    if (info?.isFile() && info.mtimeMs >= changed) return { token, body: await readFile(file + suffix) };
  }
  return { token: null, body: await readFile(file) };
}

/**
 * Sends a built script (GET and HEAD only; `info` is its stat): picks the variant the request
 * accepts, answers 304 when the client holds it already, else the body with its caching headers.
 */
export async function sendScript(req, res, file, info) {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Length': 0 }).end();
    return;
  }
  const accepted = acceptedEncodings(req.headers['accept-encoding']);
  const { token, body } = await variantOf(file, info.mtimeMs, accepted);
  // A strong tag per representation: the gzip bytes are not the brotli bytes.
  const digest = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  const headers = {
    'Content-Type': types['.js'],
    'Cache-Control': HASHED_NAME.test(basename(file)) ? IMMUTABLE : 'no-cache',
    ETag: `"${digest}"`,
    Vary: 'Accept-Encoding',
  };
  if (matchesEtag(req.headers['if-none-match'], headers.ETag)) return void res.writeHead(304, headers).end();
  if (token) headers['Content-Encoding'] = token;
  headers['Content-Length'] = body.length;
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}
