import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/server.mjs';
import { rawRequest } from './raw-http';

// Issue 11, points 9 and 11: what the server's redirects and files may hand a browser.
let server: RunningServer;
let site: RunningServer;
let siteDir: string;
const tmp = mkdtempSync(join(tmpdir(), 'sw-files-hardening-'));
const consentLog = join(tmp, 'consent.jsonl');

const PAGE = `<!doctype html><html lang="en"><head><title>Home</title>
<script type="application/json" id="sw-config">{"page":{"id":"1","languageId":"en"}}</script>
<script type="module" src="/swfiles/runtime/runtime.js" nonce="__CSP_NONCE__"></script></head><body></body></html>`;
const FRAGMENT = '<p>Uploaded</p><script nonce="__CSP_NONCE__">window.__pwned = 1</script>';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>parent.__pwned = 1</script></svg>';

function write(rel: string, text: string) {
  mkdirSync(join(siteDir, rel, '..'), { recursive: true });
  writeFileSync(join(siteDir, rel), text);
}

beforeAll(async () => {
  server = await startServer({ port: 0, consentLog });
  siteDir = join(tmp, 'site');
  write('en/index.html', PAGE);
  write('assets/fragments/upload.html', FRAGMENT);
  write('assets/img/upload.svg', SVG);
  site = await startServer({ port: 0, consentLog, siteDir });
});
afterAll(() => Promise.all([server.close(), site.close()]));

describe('redirects stay on the site', () => {
  it.each([
    '/clinic//evil.example%2F..%2Fen',
    '/clinic/%2F%2Fevil.example%2F..%2Fen',
    '/clinic/\\evil.example%2F..%2Fen',
    '/clinic/%5Cevil.example%2F..%2Fen',
    '/clinic/%2F%5Cevil.example%2F..%2Fen',
    '//evil.example/%2e%2e/clinic/en',
    '/swfiles/runtime//evil.example%2F..',
    '/swfiles/runtime/%2F%2Fevil.example%2F..',
  ])('%s never answers with a Location off this origin', async (path) => {
    const res = await rawRequest(server.url, path);
    expect(res.status, path).not.toBe(500);
    const location = res.headers.location;
    if (location === undefined) return;
    // One leading slash: `//host` and `/\host` are read by browsers as another host.
    expect(location).toMatch(/^\/(?![/\\])/);
    expect(new URL(location, server.url).origin).toBe(server.url);
  });

  it.each([
    ['/clinic', '/clinic/en/'],
    ['/clinic/', '/clinic/en/'],
    ['/clinic/en', '/clinic/en/'],
    ['/clinic/en/services', '/clinic/en/services/'],
    ['/clinic/en/services?page=cms', '/clinic/en/services/?page=cms'],
    ['/clinic//evil.example%2F..%2Fen', '/clinic/en/'],
  ])('%s redirects to %s, keeping the project path and the query', async (path, location) => {
    const res = await rawRequest(server.url, path);
    expect([301, 302]).toContain(res.status);
    expect(res.headers.location).toBe(location);
  });
});

describe('the CSP nonce goes only into the server’s own page templates', () => {
  const nonceOf = (csp: string | string[] | undefined) => String(csp).match(/'nonce-([^']+)'/)![1]!;

  it('a site page and its design preview get the nonce', async () => {
    for (const path of ['/clinic/en/', '/clinic/preview.php?layout_id=1&lang=en']) {
      const res = await rawRequest(site.url, path);
      expect(res.status, path).toBe(200);
      expect(res.body, path).toContain(`nonce="${nonceOf(res.headers['content-security-policy'])}"`);
    }
  });

  it('any other .html file is served as written, under a policy that runs no script', async () => {
    const res = await rawRequest(site.url, '/clinic/assets/fragments/upload.html');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toBe(FRAGMENT);
    // No nonce, and not even the site's own scripts (the runtime by `<script src>`).
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'none'");
  });

  it('a page whose sw-config is not valid JSON is served, as the runtime treats it', async () => {
    const dir = mkdtempSync(join(tmp, 'bad-config-'));
    mkdirSync(join(dir, 'en'));
    writeFileSync(join(dir, 'en', 'index.html'), PAGE.replace('{"page":{"id":"1","languageId":"en"}}', '{'));
    const bad = await startServer({ port: 0, consentLog, siteDir: dir });
    try {
      const res = await rawRequest(bad.url, '/clinic/en/');
      expect(res.status).toBe(200);
      expect(res.body).toContain('<script type="application/json" id="sw-config">{</script>');
    } finally {
      await bad.close();
    }
  });

  it('an SVG opened by itself is a sandboxed document: its script never runs on the site', async () => {
    const res = await rawRequest(site.url, '/clinic/assets/img/upload.svg');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain('sandbox');
  });

  it('an index.html that appears after start is not a page template', async () => {
    write('uploads/index.html', FRAGMENT);
    const res = await rawRequest(site.url, '/clinic/uploads/');
    expect(res.status).toBe(200);
    expect(res.body).toBe(FRAGMENT);
  });
});

describe('build metadata and source maps under /swfiles/runtime/', () => {
  // The map runtime.js names: the hashed entry's (runtime.js is its byte-identical copy).
  const entryMap = () => {
    const code = readFileSync(join(process.cwd(), 'dist', 'runtime.js'), 'utf8');
    return code.match(/sourceMappingURL=([\w.-]+\.map)/)![1]!;
  };
  it.each([
    '/swfiles/runtime/meta.json',
    '/swfiles/runtime/<entry map>',
    '/swfiles/runtime/.%2Fmeta.json',
    '/swfiles/runtime/<entry map, dot encoded>',
  ])('%s is a 404 by default', async (template) => {
    const map = entryMap();
    const path = template
      .replace('<entry map>', map)
      .replace('<entry map, dot encoded>', map.replace(/\.map$/, '%2Emap'));
    expect(existsSync(join(process.cwd(), 'dist', map)), 'the map exists: the 404 is the server refusing').toBe(true);
    expect((await rawRequest(server.url, path)).status).toBe(404);
    expect((await rawRequest(server.url, '/swfiles/runtime/runtime.js')).status).toBe(200);
  });

  it('are served with startServer({ serveSourceMaps: true })', async () => {
    const open = await startServer({ port: 0, consentLog, serveSourceMaps: true });
    try {
      for (const path of ['/swfiles/runtime/meta.json', `/swfiles/runtime/${entryMap()}`]) {
        const res = await rawRequest(open.url, path);
        expect(res.status, path).toBe(200);
        expect(res.headers['content-type']).toContain('application/json');
      }
    } finally {
      await open.close();
    }
  });
});
