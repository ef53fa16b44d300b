// Static files below one folder, served at one address prefix (the site at its project
// path, the built runtime at /swfiles/runtime).
import { open, readFile, realpath, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream';
import { extname, join, relative, resolve, sep } from 'node:path';
import { sendScript } from './assets.mjs';
import { byteRange, notModified, validators } from './conditional.mjs';
import { contentSecurityPolicy } from './csp.mjs';
import { notFound, redirect, sendHtml, sendPage, types } from './respond.mjs';

/**
 * Returns `send(req, res, rel, search)` serving `base` + `rel`; never a file outside `base`,
 * and a folder serves its index.html. `prefix` is the address `base` is served at ("" or
 * "/segment…"). `isPage(file)`: the server's page templates, the only files that get the
 * CSP nonce. `hidden(file)`: files that exist but are answered with 404. `built`: `base` is
 * the build's output, whose scripts are sent as assets.mjs says. `rewrite(html)`: applied to pages.
 */
export function fileServer({ base, prefix, isPage = () => false, hidden = () => false, built = false, rewrite }) {
  const baseDir = resolve(base);
  return async function send(req, res, rel, search = '') {
    let file = resolve(baseDir, `.${rel}`);
    if (file !== baseDir && !file.startsWith(baseDir + sep)) return sendHtml(res, 404, notFound());
    let info = await stat(file).catch(() => null);
    // Checked before a folder's redirect too: a 301 would tell that a link out of it exists.
    if (info && !(await isInside(baseDir, file))) return sendHtml(res, 404, notFound());
    if (info?.isDirectory()) {
      if (!rel.endsWith('/')) return redirect(res, 301, `${addressOf(baseDir, file, prefix)}/${search}`);
      file = join(file, 'index.html');
      info = await stat(file).catch(() => null);
    }
    if (!info?.isFile() || hidden(file) || !(await isInside(baseDir, file)))
      return sendHtml(res, 404, notFound());
    if (isPage(file)) return sendPage(res, file, rewrite);
    if (built && extname(file).toLowerCase() === '.js') return sendScript(req, res, file, info);
    const current = validators(info);
    const headers = {
      'Content-Type': types[extname(file)] ?? 'application/octet-stream',
      'Content-Length': info.size,
      'Cache-Control': 'no-cache',
      'Accept-Ranges': 'bytes',
      ...current,
    };
    // No script at all: such HTML is meant to be fetched (lightbox ajax content); opened as a
    // page, a nonce it lacks kept its inline scripts out, but not `<script src>` from the site.
    if (extname(file).toLowerCase() === '.html') headers['Content-Security-Policy'] = contentSecurityPolicy(null);
    // An SVG opened by itself is a document that can run script on the site's origin: an
    // uploaded image must not. As an <img> it runs nothing anyway, and this changes nothing there.
    if (extname(file).toLowerCase() === '.svg')
      headers['Content-Security-Policy'] = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
    if (notModified(req, current)) {
      delete headers['Content-Length'];
      return void res.writeHead(304, headers).end();
    }
    const range = byteRange(req, info.size, current);
    if (range === null) {
      delete headers['Content-Type'];
      return void res.writeHead(416, { ...headers, 'Content-Length': 0, 'Content-Range': `bytes */${info.size}` }).end();
    }
    if (range) {
      const { start, end } = range;
      // Opened before the head is sent: a file that cannot be read is the usual error, not a
      // stream error after it; pipeline closes the file when the visitor aborts (every seek).
      const handle = await open(file);
      res.writeHead(206, { ...headers, 'Content-Length': end - start + 1, 'Content-Range': `bytes ${start}-${end}/${info.size}` });
      return void pipeline(handle.createReadStream({ start, end }), res, () => undefined);
    }
    res.writeHead(200, headers);
    res.end(await readFile(file));
  };
}

/**
 * The canonical address of `file`, built from where it is on disk rather than from the
 * request: `//evil.example/../en` and `/\evil.example/../en` name the same folder as `/en`,
 * and only the latter may reach a Location header.
 */
function addressOf(baseDir, file, prefix) {
  const segments = relative(baseDir, file).split(sep).filter(Boolean).map(encodeURIComponent);
  return [prefix, ...segments].join('/');
}

/**
 * Whether `file`, symbolic links followed, is still below `baseDir` (links followed too): the
 * address check above reads only the path, and a link in an upload or a deploy (to `/etc`, to
 * a home folder) would otherwise serve what it points at.
 */
async function isInside(baseDir, file) {
  const [base, real] = await Promise.all([realpath(baseDir), realpath(file)]).catch(() => []);
  return Boolean(real) && (real === base || real.startsWith(base + sep));
}
