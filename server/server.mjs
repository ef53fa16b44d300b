// The reference server: serves the fixture site the way the builder's platform does, so the
// runtime can be seen and tested in all four environments against a real consent endpoint.
// Node's http module only; every page carries a strict CSP with a fresh nonce.
import { randomUUID } from 'node:crypto';
import { appendFile, mkdir, readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  consentCookies,
  flagsFromCookies,
  MAX_BODY_BYTES,
  parseCookies,
  scriptsFor,
  validateConsentBody,
} from './consent.mjs';
import { contentSecurityPolicy, newNonce } from './csp.mjs';
import { discoverPages, findDesignPage, indexPage } from './pages.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const NONCE_PLACEHOLDER = '__CSP_NONCE__';

const types = {
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

/**
 * Starts the server. Options: port (0 = any free one), host, siteDir, distDir,
 * siteConfig (path of the per-site JSON), consentLog (append-only proof-of-consent file).
 * Resolves to { url, port, close() }.
 */
export async function startServer(options = {}) {
  const siteDir = options.siteDir ?? join(root, 'fixtures', 'site');
  const distDir = options.distDir ?? join(root, 'dist');
  const site = JSON.parse(await readFile(options.siteConfig ?? join(root, 'fixtures', 'site.server.json'), 'utf8'));
  const consentLog = options.consentLog ?? join(root, 'server', 'data', 'consent-log.jsonl');
  const projectPath = site.projectPath;
  const pages = discoverPages(siteDir, projectPath);
  await mkdir(dirname(consentLog), { recursive: true });

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      console.error('server error', err);
      if (!res.headersSent) sendJson(res, 500, { error: 'internal error' });
      else res.destroy();
    });
  });

  async function handle(req, res) {
    const url = new URL(req.url ?? '/', 'http://placeholder');
    let path;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      return sendJson(res, 400, { error: 'malformed address' });
    }
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');

    if (path === '/') return sendHtml(res, 200, indexPage(pages, localPort(req), projectPath));
    if (path === '/favicon.ico') return void res.writeHead(204).end();
    if (path.startsWith('/swfiles/runtime/')) return sendFile(res, distDir, path.slice('/swfiles/runtime'.length));
    if (path === projectPath || path === `${projectPath}/`) {
      return void res.writeHead(302, { Location: `${projectPath}/en/` }).end();
    }
    if (path === `${projectPath}/swfiles/lib/privacycookie.php`) return consent(req, res);
    if (path === `${projectPath}/${'preview.php'}`) {
      const page = findDesignPage(pages, url.searchParams);
      if (!page) return sendHtml(res, 404, notFound());
      return sendPage(res, page.file);
    }
    if (path.startsWith(`${projectPath}/`)) return sendFile(res, siteDir, path.slice(projectPath.length));
    return sendHtml(res, 404, notFound());
  }

  async function consent(req, res) {
    res.setHeader('Cache-Control', 'no-store');
    if (req.method === 'GET') {
      const flags = flagsFromCookies(parseCookies(req.headers.cookie), site);
      return sendJson(res, 200, { status: { code: '200', message: flags } });
    }
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'GET, POST');
      return sendJson(res, 405, { error: 'method not allowed' });
    }
    const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (type !== 'application/x-www-form-urlencoded') {
      req.resume();
      return sendJson(res, 400, { error: 'expected application/x-www-form-urlencoded' });
    }
    const body = await readBody(req, MAX_BODY_BYTES);
    if (body === null) return sendJson(res, 400, { error: `body larger than ${MAX_BODY_BYTES} bytes` });
    const result = validateConsentBody(body, site);
    if (result.error) return sendJson(res, 400, { error: result.error });

    const consentId = randomUUID();
    // Proof of consent: one JSON line per choice, appended, never rewritten.
    await appendFile(
      consentLog,
      `${JSON.stringify({ time: new Date().toISOString(), consentId, site: projectPath, flags: result.flags })}\n`,
      { flag: 'a' },
    );
    const secure = Boolean(req.socket.encrypted);
    res.setHeader('Set-Cookie', consentCookies(result.flags, { path: projectPath, secure }));
    return sendJson(res, 200, {
      status: { code: '200', message: { privacy_cookie: '1', ...result.flags } },
      scripts: scriptsFor(result.flags, site),
    });
  }

  /** Serves a file below `base`; never a path outside it. Directories serve their index.html. */
  async function sendFile(res, base, rel) {
    const baseDir = resolve(base);
    let file = resolve(baseDir, `.${rel}`);
    if (file !== baseDir && !file.startsWith(baseDir + sep)) return sendHtml(res, 404, notFound());
    let info = await stat(file).catch(() => null);
    if (info?.isDirectory()) {
      if (!rel.endsWith('/')) return void res.writeHead(301, { Location: `${rel}/` }).end();
      file = join(file, 'index.html');
      info = await stat(file).catch(() => null);
    }
    if (!info?.isFile()) return sendHtml(res, 404, notFound());
    if (extname(file) === '.html') return sendPage(res, file);
    res.writeHead(200, {
      'Content-Type': types[extname(file)] ?? 'application/octet-stream',
      'Content-Length': info.size,
      'Cache-Control': 'no-cache',
    });
    res.end(await readFile(file));
  }

  async function sendPage(res, file) {
    return sendHtml(res, 200, await readFile(file, 'utf8'));
  }

  function sendHtml(res, status, html) {
    const nonce = newNonce();
    res.writeHead(status, {
      'Content-Type': types['.html'],
      'Content-Security-Policy': contentSecurityPolicy(nonce),
      'Cache-Control': 'no-store',
    });
    res.end(html.replaceAll(NONCE_PLACEHOLDER, nonce));
  }

  await new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 4173, options.host ?? '127.0.0.1', ok);
  });
  const { port } = server.address();
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    pages,
    projectPath,
    consentLog,
    close: () =>
      new Promise((ok) => {
        server.closeAllConnections?.();
        server.close(() => ok());
      }),
  };
}

function localPort(req) {
  return Number(req.socket.localPort);
}

function sendJson(res, status, value) {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'Content-Type': types['.json'], 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

/** The request body as text, or null once it passes `limit` bytes (the rest is drained). */
function readBody(req, limit) {
  return new Promise((ok, fail) => {
    const chunks = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > limit) over = true;
      else chunks.push(chunk);
    });
    req.on('end', () => ok(over ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', fail);
  });
}

function notFound() {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not found</title></head><body><main><h1>Not found</h1><p><a href="/">Back to the demo index</a></p></main></body></html>`;
}
