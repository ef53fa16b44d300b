// The benchmark's own static server: the generated pages, dist/ at /swfiles/runtime/, and a
// consent endpoint that answers every read as a first visit. No Content-Security-Policy (the
// plugin stack would not run under the reference server's Trusted Types), no compression
// (sizes are reported as gzip, computed from the bodies), no caching (every run is cold).
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.json': 'application/json',
};

export async function startBenchServer(siteDir, distDir) {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (path === '/swfiles/lib/privacycookie.php') {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      return res.end(JSON.stringify({ status: { code: '200', message: {} } }));
    }
    const [base, rest] = path.startsWith('/swfiles/runtime/') ? [distDir, path.slice(17)] : [siteDir, path];
    let file = join(base, normalize(`/${rest}`));
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      return res.end('not found');
    }
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-store' });
    createReadStream(file).pipe(res);
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address();
  // A browser context the tests keep between tests holds its keep-alive connections open, and
  // close() alone would wait for them to time out.
  const close = () =>
    new Promise((ok) => {
      server.close(ok);
      server.closeAllConnections();
    });
  return { url: `http://127.0.0.1:${port}`, close };
}
