// The reference server: serves the fixture site the way the builder's platform does, so the
// runtime can be seen and tested in all four environments against a real consent endpoint.
// Node's http module only; every page carries a strict CSP with a fresh nonce.
import { mkdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { consentEndpoint } from './consent-endpoint.mjs';
import { FIXED_ENTRY } from '../build-output.mjs';
import { fileServer } from './files.mjs';
import { discoverPages, findDesignPage, indexPage } from './pages.mjs';
import { NONCE_PLACEHOLDER, notFound, redirect, sendHtml, sendJson, sendPage } from './respond.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const RUNTIME_PREFIX = '/swfiles/runtime';
/** "" (the root) or `/segment[/segment…]`: it is written into redirects and cookie paths. */
const PROJECT_PATH = /^(\/[A-Za-z0-9._~-]+)*$/;

/**
 * Starts the server. Options: port (0 = any free one), host, siteDir, distDir,
 * siteConfig (path of the per-site JSON), consentLog (append-only proof-of-consent file),
 * serveSourceMaps (also serve dist's `*.map` and `meta.json`; off by default, as they
 * describe the source to anyone who asks), entry ("fixed": pages load `runtime.js` as written;
 * "hashed": the server writes the manifest's content-hashed entry into each page instead, as
 * a builder's backend does with dist/manifest.json), keepAliveTimeout (ms an idle connection
 * is kept; node's 5 s by default).
 * Resolves to { url, port, close() }.
 */
export async function startServer(options = {}) {
  const siteDir = options.siteDir ?? join(root, 'fixtures', 'site');
  const distDir = options.distDir ?? join(root, 'dist');
  const site = JSON.parse(
    await readFile(options.siteConfig ?? join(root, 'fixtures', 'site.server.json'), 'utf8'),
  );
  const consentLog = options.consentLog ?? join(root, 'server', 'data', 'consent-log.jsonl');
  const projectPath = site.projectPath;
  if (typeof projectPath !== 'string' || !PROJECT_PATH.test(projectPath)) {
    throw new Error(`projectPath must be "" or /segment[/segment…], not ${JSON.stringify(projectPath)}`);
  }
  const pages = discoverPages(siteDir, projectPath);
  await mkdir(dirname(consentLog), { recursive: true });

  // The page templates are the pages found at start: an .html file that appears later
  // (an upload, an ajax fragment) is served as written, without the response's nonce.
  const templates = new Set(pages.map((p) => resolve(p.file)));
  const rewrite = options.entry === 'hashed' ? (html) => withHashedEntry(html, distDir) : undefined;
  const sendSiteFile = fileServer({
    base: siteDir,
    prefix: projectPath,
    isPage: (file) => templates.has(file),
    rewrite,
  });
  const sendRuntimeFile = fileServer({
    base: distDir,
    prefix: RUNTIME_PREFIX,
    built: true,
    hidden: (file) => isBuildMetadata(file, options.serveSourceMaps),
  });

  const consent = consentEndpoint({ site, projectPath, consentLog });
  const server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      console.error('server error', err);
      if (!res.headersSent) sendJson(res, 500, { error: 'internal error' });
      else res.destroy();
    });
  });

  async function handle(req, res) {
    const target = parseTarget(req.url);
    if (!target) return sendJson(res, 400, { error: 'malformed address' });
    const { url, path } = target;
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');

    const endpoint = `${projectPath}/swfiles/lib/privacycookie.php`;
    // Pages and files are read, never written: as the runtime's own files (assets.mjs) are.
    if (path !== endpoint && req.method !== 'GET' && req.method !== 'HEAD') {
      req.resume();
      return void res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Length': 0, Connection: 'close' }).end();
    }
    if (path === '/') return sendHtml(res, 200, indexPage(pages, localPort(req), projectPath));
    if (path === '/favicon.ico') return void res.writeHead(204).end();
    if (path.startsWith(`${RUNTIME_PREFIX}/`))
      return sendRuntimeFile(req, res, path.slice(RUNTIME_PREFIX.length), url.search);
    if (path === projectPath || path === `${projectPath}/`)
      return redirect(res, 302, `${projectPath}/en/${url.search}`);
    if (path === endpoint) return consent(req, res);
    if (path === `${projectPath}/preview.php`) {
      const page = findDesignPage(pages, url.searchParams);
      if (!page) return sendHtml(res, 404, notFound());
      return sendPage(res, page.file, rewrite);
    }
    if (path.startsWith(`${projectPath}/`))
      return sendSiteFile(req, res, path.slice(projectPath.length), url.search);
    return sendHtml(res, 404, notFound());
  }

  // A client that reuses an idle connection just as the server closes it gets ECONNRESET:
  // a server behind a proxy, or under tests that come back to it after a pause, keeps
  // connections longer than node's 5 s (`keepAliveTimeout`, in ms).
  if (options.keepAliveTimeout) {
    server.keepAliveTimeout = options.keepAliveTimeout;
    server.headersTimeout = Math.max(server.headersTimeout, options.keepAliveTimeout + 1000);
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

/**
 * What the build writes for tools, not browsers: the manifest and sizes (the backend reads
 * them from disk), the precompressed variants (sent only in place of their script), and,
 * unless `serveSourceMaps`, source maps and esbuild's metafile. Compared in lower case: on a
 * case-insensitive disk `RUNTIME.JS.MAP` is the same file.
 */
function isBuildMetadata(file, serveSourceMaps) {
  const name = basename(file).toLowerCase();
  if (['.br', '.gz'].includes(extname(name))) return true;
  if (['manifest.json', 'sizes.json'].includes(name)) return true;
  return !serveSourceMaps && (name === 'meta.json' || extname(name) === '.map');
}

/**
 * The page with its runtime script at the entry's content-hashed name, and a modulepreload
 * hint (with the page's nonce) for each file the entry imports, so the browser fetches them
 * beside the render-blocking entry rather than after it (read per page: a rebuild changes them).
 */
export async function withHashedEntry(html, distDir) {
  const manifest = JSON.parse(await readFile(join(distDir, 'manifest.json'), 'utf8'));
  const entry = Object.values(manifest).find((record) => record.isEntry);
  const hints = (entry.imports ?? [])
    .filter((key) => manifest[key])
    .map(
      (key) =>
        `<link rel="modulepreload" href="${RUNTIME_PREFIX}/${manifest[key].file}" nonce="${NONCE_PLACEHOLDER}">`,
    )
    .join('');
  const fixed = `${RUNTIME_PREFIX}/${FIXED_ENTRY}"`;
  // Before the first start tag that loads the entry (any case, quoted attributes may hold ">").
  let hinted = false;
  const tag = /<script\b(?:[^>"']|"[^"]*"|'[^']*')*>/gi;
  return html
    .replace(tag, (found) =>
      hinted || !found.includes(`src="${fixed}`) ? found : ((hinted = true), hints + found),
    )
    .replaceAll(fixed, `${RUNTIME_PREFIX}/${entry.file}"`);
}

function localPort(req) {
  return Number(req.socket.localPort);
}

/**
 * The request target as a URL and its decoded path, or null when it cannot be read.
 * Resolved against a base, `//evil.example/x` would become a URL on host evil.example with
 * path `/x`; prefixed with an origin it stays the path `//evil.example/x`, which no route matches.
 */
function parseTarget(target = '/') {
  try {
    const url = target.startsWith('/')
      ? new URL(`http://placeholder${target}`)
      : new URL(target, 'http://placeholder');
    return { url, path: decodeURIComponent(url.pathname) };
  } catch {
    return null;
  }
}
