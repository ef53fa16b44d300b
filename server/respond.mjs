// How the reference server answers: content types, JSON, HTML pages with the CSP nonce,
// redirects that cannot leave the site, and request bodies with a size limit.
import { readFile } from 'node:fs/promises';
import { contentSecurityPolicy, newNonce } from './csp.mjs';

/** Where a page template wants the response's nonce. Written only by sendHtml. */
export const NONCE_PLACEHOLDER = '__CSP_NONCE__';

export const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.ttf': 'font/ttf',
  '.woff2': 'font/woff2',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.txt': 'text/plain; charset=utf-8',
  '.vtt': 'text/vtt; charset=utf-8',
  '.pdf': 'application/pdf',
};

export function sendJson(res, status, value) {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'Content-Type': types['.json'], 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

/**
 * Sends one of the server's own page templates, its nonce placeholders filled with this
 * response's nonce. Only for HTML the server wrote or was configured with: a nonce written
 * into any other file would let whatever script that file holds run.
 */
export function sendHtml(res, status, html) {
  const nonce = newNonce();
  res.writeHead(status, {
    'Content-Type': types['.html'],
    'Content-Security-Policy': contentSecurityPolicy(nonce),
    'Cache-Control': 'no-store',
  });
  res.end(html.replaceAll(NONCE_PLACEHOLDER, nonce));
}

/** Sends a page template; `rewrite` may change its HTML first (the entry's address). */
export async function sendPage(res, file, rewrite = (html) => html) {
  return sendHtml(res, 200, await rewrite(await readFile(file, 'utf8')));
}

/** Only `/` followed by something other than `/` or `\`: browsers read `//x` and `/\x` as host x. */
const SAME_ORIGIN_PATH = /^\/(?![/\\])/;

export const isSameOriginPath = (location) => SAME_ORIGIN_PATH.test(location);

/**
 * A redirect to a path on this server. The callers build `location` from the server's own
 * names, never from the request; this check is the backstop if one ever does not.
 */
export function redirect(res, status, location) {
  if (!isSameOriginPath(location)) throw new Error(`refused a redirect off the site: ${JSON.stringify(location)}`);
  res.writeHead(status, { Location: location }).end();
}

/**
 * The request body as text, or null as soon as it passes `limit` bytes, declared or sent: the
 * caller answers at once and closes the connection, and what arrives until then is thrown
 * away, never kept.
 */
export function readBody(req, limit) {
  if (Number(req.headers['content-length']) > limit) {
    req.resume();
    return Promise.resolve(null);
  }
  return new Promise((ok, fail) => {
    const chunks = [];
    let size = 0;
    const data = (chunk) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      req.off('data', data).resume();
      ok(null);
    };
    req.on('data', data);
    req.on('end', () => ok(Buffer.concat(chunks).toString('utf8')));
    req.on('error', fail);
  });
}

export function notFound() {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not found</title></head><body><main><h1>Not found</h1><p><a href="/">Back to the demo index</a></p></main></body></html>`;
}
