import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedEncodings, matchesEtag } from '../../server/assets.mjs';
import { startServer, type RunningServer } from '../../server/server.mjs';
import { rawRequest } from './raw-http';

// Issue 19: how the reference server sends the built runtime (dist/, as `npm test` builds it).
let server: RunningServer;
let hashed: RunningServer;
const dist = join(process.cwd(), 'dist');
const consentLog = join(mkdtempSync(join(tmpdir(), 'sw-serving-')), 'consent.jsonl');
const manifest = (): Record<string, { file: string; isEntry?: boolean }> =>
  JSON.parse(readFileSync(join(dist, 'manifest.json'), 'utf8'));
const entryFile = () => Object.values(manifest()).find((r) => r.isEntry)!.file;
const aChunk = () => Object.values(manifest()).find((r) => r.file.startsWith('lightbox-'))!.file;
const get = (path: string, headers: Record<string, string> = {}, base = server.url) => rawRequest(base, path, { headers });

beforeAll(async () => {
  server = await startServer({ port: 0, consentLog });
  hashed = await startServer({ port: 0, consentLog, entry: 'hashed' });
});
afterAll(() => Promise.all([server.close(), hashed.close()]));

describe('caching', () => {
  it('a file named by its content (every chunk, the hashed entry) is cached for a year, immutable', async () => {
    for (const file of [aChunk(), entryFile()]) {
      const res = await get(`/swfiles/runtime/${file}`);
      expect(res.status, file).toBe(200);
      expect(res.headers['cache-control'], file).toBe('public, max-age=31536000, immutable');
    }
  });

  it('the fixed runtime.js is revalidated: no-cache with a strong ETag, 304 when the client has it', async () => {
    const first = await get('/swfiles/runtime/runtime.js');
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await get('/swfiles/runtime/runtime.js', { 'If-None-Match': header });
      expect(again.status, header).toBe(304);
      expect(again.bytes.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('no-cache');
    }
    const changed = await get('/swfiles/runtime/runtime.js', { 'If-None-Match': '"stale"' });
    expect(changed.status).toBe(200);
    expect(changed.bytes.equals(readFileSync(join(dist, 'runtime.js')))).toBe(true);
  });

  it('pages stay no-store', async () => {
    expect((await get('/clinic/en/')).headers['cache-control']).toBe('no-store');
  });
});

describe('compression', () => {
  const path = '/swfiles/runtime/runtime.js';
  const file = () => readFileSync(join(dist, 'runtime.js'));

  it('sends brotli where it is accepted, decompressing to the file', async () => {
    const res = await get(path, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(Number(res.headers['content-length'])).toBe(res.bytes.length);
    expect(brotliDecompressSync(res.bytes).equals(file())).toBe(true);
  });

  it('sends gzip to a client that takes gzip and not brotli', async () => {
    for (const header of ['gzip', 'gzip, br;q=0', 'deflate, gzip;q=0.5']) {
      const res = await get(path, { 'Accept-Encoding': header });
      expect(res.headers['content-encoding'], header).toBe('gzip');
      expect(gunzipSync(res.bytes).equals(file()), header).toBe(true);
    }
  });

  it('never sends a compressed body to a client that did not ask for one', async () => {
    for (const headers of [{} as Record<string, string>, { 'Accept-Encoding': 'identity' }, { 'Accept-Encoding': 'br;q=0, gzip;q=0' }, { 'Accept-Encoding': 'deflate' }]) {
      const res = await get(path, headers);
      expect(res.headers['content-encoding'], JSON.stringify(headers)).toBeUndefined();
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(res.bytes.equals(file()), JSON.stringify(headers)).toBe(true);
    }
  });

  it('each encoding is its own representation: its own ETag', async () => {
    const tags = new Set<string>();
    for (const enc of ['br', 'gzip', 'identity']) tags.add((await get(path, { 'Accept-Encoding': enc })).headers.etag!);
    expect(tags.size).toBe(3);
    const br = (await get(path, { 'Accept-Encoding': 'br' })).headers.etag!;
    expect((await get(path, { 'Accept-Encoding': 'br', 'If-None-Match': br })).status).toBe(304);
    expect((await get(path, { 'Accept-Encoding': 'gzip', 'If-None-Match': br })).status).toBe(200);
  });

  it('reads Accept-Encoding as RFC 9110 writes it', () => {
    expect([...acceptedEncodings('BR, GZIP')]).toEqual(['br', 'gzip']);
    expect([...acceptedEncodings('*')]).toEqual(['br', 'gzip']);
    expect([...acceptedEncodings('*;q=0, gzip')]).toEqual(['gzip']);
    expect([...acceptedEncodings('br;q=0.0')]).toEqual([]);
    expect([...acceptedEncodings(undefined)]).toEqual([]);
    expect(matchesEtag(undefined, '"a"')).toBe(false);
    expect(matchesEtag('"b" , W/"a"', '"a"')).toBe(true);
    expect(matchesEtag('"ab"', '"a"')).toBe(false);
  });
});

describe('what stays unserved', () => {
  it.each(['manifest.json', 'sizes.json', 'meta.json', 'runtime.js.br', 'runtime.js.gz', 'runtime.js.map'])(
    '/swfiles/runtime/%s is a 404: the backend reads build metadata from disk',
    async (name) => {
      expect((await get(`/swfiles/runtime/${name}`)).status).toBe(404);
      expect((await get(`/swfiles/runtime/${name.toUpperCase()}`)).status).toBe(404);
    },
  );
});

describe('startServer({ entry: "hashed" })', () => {
  it("writes the manifest's hashed entry into every page, as a builder's backend would", async () => {
    const fixed = await get('/clinic/en/');
    const page = await get('/clinic/en/', {}, hashed.url);
    expect(fixed.body).toContain('src="/swfiles/runtime/runtime.js"');
    expect(page.body).toContain(`src="/swfiles/runtime/${entryFile()}"`);
    expect(page.body).not.toContain('/swfiles/runtime/runtime.js"');
    const design = await get('/clinic/preview.php?layout_id=7&lang=fr', {}, hashed.url);
    expect(design.body).toContain(`src="/swfiles/runtime/${entryFile()}"`);
  });
});
