import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedEncodings, matchesEtag } from '../../server/assets.mjs';
import { startServer, withHashedEntry, type RunningServer } from '../../server/server.mjs';
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

  it('follows the client: gzip where it prefers gzip, nothing where it refuses with a space before the ;', async () => {
    const preferred = await get(path, { 'Accept-Encoding': 'br;q=0.1, gzip;q=1' });
    expect(preferred.headers['content-encoding']).toBe('gzip');
    const refused = await get(path, { 'Accept-Encoding': 'gzip ;q=0, br ; q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.bytes.equals(file())).toBe(true);
  });

  it('reads Accept-Encoding as RFC 9110 writes it', () => {
    expect([...acceptedEncodings('BR, GZIP')]).toEqual(['br', 'gzip']);
    expect([...acceptedEncodings('gzip ;q=0, *')]).toEqual(['br']);
    expect([...acceptedEncodings('br ;q=1')]).toEqual(['br']);
    expect([...acceptedEncodings('x-gzip')]).toEqual(['gzip']);
    expect([...acceptedEncodings('br;q=0.5, gzip')]).toEqual(['gzip', 'br']);
    expect([...acceptedEncodings('br;q=abc')]).toEqual([]);
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
  // The map runtime.js names is the hashed entry's (runtime.js is its copy).
  const entryMap = () => readFileSync(join(dist, 'runtime.js'), 'utf8').match(/sourceMappingURL=([\w.-]+\.map)/)![1]!;
  it.each(['manifest.json', 'sizes.json', 'meta.json', 'runtime.js.br', 'runtime.js.gz', '<entry map>'])(
    '/swfiles/runtime/%s is a 404: the backend reads build metadata from disk',
    async (template) => {
      const name = template === '<entry map>' ? entryMap() : template;
      expect(existsSync(join(dist, name)), `${name} exists: the 404 is the server refusing`).toBe(true);
      expect((await get(`/swfiles/runtime/${name}`)).status).toBe(404);
    },
  );
});

describe('methods', () => {
  it('HEAD gets the headers of the variant GET would send, and no body', async () => {
    const get = await rawRequest(server.url, '/swfiles/runtime/runtime.js', { headers: { 'Accept-Encoding': 'br' } });
    const head = await rawRequest(server.url, '/swfiles/runtime/runtime.js', { method: 'HEAD', headers: { 'Accept-Encoding': 'br' } });
    expect(head.status).toBe(200);
    expect(head.bytes.length).toBe(0);
    for (const name of ['content-encoding', 'content-length', 'etag', 'cache-control', 'vary'])
      expect(head.headers[name], name).toBe(get.headers[name]);
  });

  it('any other method is a 405, never a 304 or a body', async () => {
    for (const headers of [{} as Record<string, string>, { 'If-None-Match': '*' }]) {
      const res = await rawRequest(server.url, '/swfiles/runtime/runtime.js', { method: 'POST', headers, body: 'x' });
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD');
      expect(res.bytes.length).toBe(0);
    }
  });
});

describe('a variant missing or older than its script', () => {
  // A copy of dist/ to break: a deploy that forgot a variant, or replaced only the script.
  let copy: string;
  let broken: RunningServer;
  beforeAll(async () => {
    copy = mkdtempSync(join(tmpdir(), 'sw-serving-dist-'));
    cpSync(dist, copy, { recursive: true, preserveTimestamps: true });
    broken = await startServer({ port: 0, consentLog, distDir: copy });
  });
  afterAll(() => broken.close());

  it('without the .br, a client that takes both gets the .gz; without either, the file', async () => {
    rmSync(join(copy, 'runtime.js.br'));
    const gz = await get('/swfiles/runtime/runtime.js', { 'Accept-Encoding': 'br, gzip' }, broken.url);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.bytes).equals(readFileSync(join(copy, 'runtime.js')))).toBe(true);
    rmSync(join(copy, 'runtime.js.gz'));
    const plain = await get('/swfiles/runtime/runtime.js', { 'Accept-Encoding': 'br, gzip' }, broken.url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.bytes.equals(readFileSync(join(copy, 'runtime.js')))).toBe(true);
  });

  it('a variant older than the script is not sent: the script changed after it was compressed', async () => {
    const file = join(copy, aChunk());
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n// changed after the build`);
    const later = new Date(Date.now() + 60_000);
    utimesSync(file, later, later);
    const res = await get(`/swfiles/runtime/${aChunk()}`, { 'Accept-Encoding': 'br, gzip' }, broken.url);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.bytes.equals(readFileSync(file))).toBe(true);
  });
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

  it("hints each file the entry imports, with the page's nonce, before the entry's tag", async () => {
    const records = manifest() as Record<string, { file: string; isEntry?: boolean; imports?: string[] }>;
    const imports = Object.values(records).find((r) => r.isEntry)!.imports ?? [];
    expect(imports.length, 'the entry imports a shared file (the build keeps it at 2 files)').toBeGreaterThan(0);
    for (const path of ['/clinic/en/', '/clinic/preview.php?layout_id=7&lang=fr']) {
      const page = await get(path, {}, hashed.url);
      const nonce = /'nonce-([^']+)'/.exec(String(page.headers['content-security-policy']))![1];
      const links = [...page.body.matchAll(/<link rel="modulepreload" href="([^"]+)" nonce="([^"]+)">/g)];
      expect(links.map((l) => l[1]), path).toEqual(imports.map((key) => `/swfiles/runtime/${records[key]!.file}`));
      expect(new Set(links.map((l) => l[2])), path).toEqual(new Set([nonce]));
      expect(page.body.indexOf(links.at(-1)![0]), path).toBeLessThan(page.body.indexOf(`src="/swfiles/runtime/${entryFile()}"`));
    }
    // A page that keeps the fixed name has no manifest read for it, so no hints either.
    expect((await get('/clinic/en/')).body).not.toContain('modulepreload');
  });

  it('hints once, before the first tag that loads the entry, however the tag is written', async () => {
    const fixed = '/swfiles/runtime/runtime.js';
    const page = [
      `<script data-note="a > b">var s = "x";</script>`,
      `<SCRIPT type="module" data-x='1>0' src="${fixed}" nonce="n"></SCRIPT>`,
      `<script type="module" src="${fixed}"></script>`,
    ].join('\n');
    const out = await withHashedEntry(page, dist);
    const hints = out.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
    expect(hints.length).toBeGreaterThan(0);
    expect(out.split(hints[0]!)).toHaveLength(2); // once
    expect(out.indexOf(hints.at(-1)!)).toBeLessThan(out.indexOf('<SCRIPT'));
    expect(out.indexOf(hints[0]!)).toBeGreaterThan(out.indexOf('</script>')); // not before the first, other script
    expect(out).not.toContain(fixed);
    expect(out.split(`/swfiles/runtime/${entryFile()}"`)).toHaveLength(3);
  });
});
