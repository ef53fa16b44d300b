import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/server.mjs';

let server: RunningServer;
let endpoint: string;
const form = { 'Content-Type': 'application/x-www-form-urlencoded' };

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sw-server-'));
  server = await startServer({ port: 0, consentLog: join(dir, 'consent.jsonl') });
  endpoint = `${server.url}/clinic/swfiles/lib/privacycookie.php`;
});
afterAll(() => server.close());

const post = (body: string, headers: Record<string, string> = form) => fetch(endpoint, { method: 'POST', headers, body });
const cookieHeader = (res: Response) => res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

describe('reference server: privacycookie.php', () => {
  it('GET on a first visit answers code 200 with no privacy_cookie', async () => {
    const res = await fetch(endpoint);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: { code: '200', message: {} } });
  });

  it('POST sets the cookies, returns the scripts of the groups that are on, and GET reads them back', async () => {
    const res = await post('privacy_cookie_1=1&privacy_cookie_2=1&privacy_cookie_3=0');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.status).toEqual({
      code: '200',
      message: { privacy_cookie: '1', privacy_cookie_1: '1', privacy_cookie_2: '1', privacy_cookie_3: '0' },
    });
    expect(body.scripts.map((s: { position: string }) => s.position)).toEqual(['header', 'header']);
    expect(body.scripts[0].scriptdata).toContain('/clinic/assets/consent/statistics.js');
    const setCookies = res.headers.getSetCookie();
    // privacy_cookie, the three flags, and the visitor's consent id (issue 17).
    expect(setCookies).toHaveLength(5);
    expect(setCookies.at(-1)).toBe(`privacy_consent_id=${body.consentId}; Path=/clinic; Max-Age=15552000; SameSite=Lax; HttpOnly`);
    for (const c of setCookies) expect(c).toMatch(/; Path=\/clinic; Max-Age=\d+; SameSite=Lax(; HttpOnly)?$/);
    // The flags stay readable by the page's own scripts; only the id is the server's alone.
    expect(setCookies.filter((c) => c.endsWith('HttpOnly'))).toEqual([setCookies.at(-1)]);

    const again = await fetch(endpoint, { headers: { Cookie: cookieHeader(res) } });
    expect((await again.json()).status.message).toEqual({
      privacy_cookie: '1',
      privacy_cookie_1: '1',
      privacy_cookie_2: '1',
      privacy_cookie_3: '0',
    });
  });

  it.each([
    ['an unknown variable', 'privacy_cookie_1=1&privacy_cookie_2=1&privacy_cookie_3=0&x=1', form],
    ['a value other than 0/1', 'privacy_cookie_1=1&privacy_cookie_2=true&privacy_cookie_3=0', form],
    ['a missing variable', 'privacy_cookie_1=1', form],
    ['an oversized body', `privacy_cookie_1=1&pad=${'x'.repeat(5000)}`, form],
    ['a JSON body', '{"privacy_cookie_1":1}', { 'Content-Type': 'application/json' }],
  ])('POST with %s is a 400 with a JSON error, and the server keeps serving', async (_what, body, headers) => {
    const res = await post(body, headers);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(typeof (await res.json()).error).toBe('string');
    expect(res.headers.getSetCookie()).toEqual([]);
    expect((await fetch(endpoint)).status).toBe(200);
  });

  it('keeps an append-only record of each consent: time, random id, flags', async () => {
    const before = readFileSync(server.consentLog, 'utf8');
    await post('privacy_cookie_1=1&privacy_cookie_2=0&privacy_cookie_3=0');
    await post('privacy_cookie_1=1&privacy_cookie_2=1&privacy_cookie_3=1');
    const after = readFileSync(server.consentLog, 'utf8');
    expect(after.startsWith(before)).toBe(true);
    const added = after.slice(before.length).trim().split('\n').map((l) => JSON.parse(l));
    expect(added).toHaveLength(2);
    expect(added[0].flags).toEqual({ privacy_cookie_1: '1', privacy_cookie_2: '0', privacy_cookie_3: '0' });
    expect(added[1].flags).toEqual({ privacy_cookie_1: '1', privacy_cookie_2: '1', privacy_cookie_3: '1' });
    for (const r of added) {
      expect(Date.parse(r.time)).not.toBeNaN();
      expect(r.consentId).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(added[0].consentId).not.toBe(added[1].consentId);
  });

  it('refuses other methods', async () => {
    const res = await fetch(endpoint, { method: 'DELETE' });
    expect(res.status).toBe(405);
  });
});

describe('reference server: pages and files', () => {
  it('serves pages with a strict CSP and the nonce filled in', async () => {
    const res = await fetch(`${server.url}/clinic/en/services/`);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy')!;
    const nonce = csp.match(/'nonce-([^']+)'/)![1]!;
    const html = await res.text();
    expect(html).toContain(`nonce="${nonce}"`);
    expect(html).not.toContain('__CSP_NONCE__');
  });

  it('serves the built runtime at /swfiles/runtime/ and menu scripts under the project', async () => {
    const js = await fetch(`${server.url}/swfiles/runtime/runtime.js`);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toContain('text/javascript');
    const menu = await fetch(`${server.url}/clinic/swfiles/html/menu_fr.js`);
    expect(await menu.text()).toMatch(/^var menu_fr = \[/);
  });

  it('serves the design editor view of a page by layout id and language', async () => {
    const res = await fetch(`${server.url}/clinic/preview.php?layout_id=7&lang=fr`);
    expect(await res.text()).toContain('<title>Notre équipe');
    expect((await fetch(`${server.url}/clinic/preview.php?layout_id=99`)).status).toBe(404);
  });

  it('never serves a file outside the site or dist folders', async () => {
    for (const path of ['/clinic/../package.json', '/clinic/%2e%2e/package.json', '/swfiles/runtime/..%2f..%2fpackage.json']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(404);
    }
  });

  it('never follows a symbolic link out of the site folder (an upload, a deploy)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sw-links-'));
    const site = join(dir, 'site');
    mkdirSync(join(site, 'up'), { recursive: true });
    writeFileSync(join(dir, 'secret.txt'), 'secret');
    writeFileSync(join(site, 'up', 'own.txt'), 'own');
    symlinkSync(join(dir, 'secret.txt'), join(site, 'up', 'leak.txt'));
    symlinkSync(dir, join(site, 'up', 'outside'));
    symlinkSync(join(site, 'up', 'own.txt'), join(site, 'up', 'alias.txt'));
    const linked = await startServer({ port: 0, consentLog: join(dir, 'log.jsonl'), siteDir: site });
    try {
      for (const path of ['/clinic/up/leak.txt', '/clinic/up/outside/secret.txt', '/clinic/up/outside'])
        expect((await fetch(`${linked.url}${path}`, { redirect: 'manual' })).status, path).toBe(404);
      const inside = await fetch(`${linked.url}/clinic/up/alias.txt`); // a link within the site is the site's
      expect([inside.status, await inside.text()]).toEqual([200, 'own']);
    } finally {
      await linked.close();
    }
  });

  it('pages and files answer GET and HEAD only; the consent endpoint answers HEAD too', async () => {
    for (const method of ['POST', 'DELETE', 'PUT']) {
      const res = await fetch(`${server.url}/clinic/en/`, { method, body: method === 'DELETE' ? undefined : 'x' });
      expect([method, res.status, res.headers.get('allow'), await res.text()]).toEqual([method, 405, 'GET, HEAD', '']);
    }
    expect((await fetch(`${server.url}/clinic/en/`, { method: 'HEAD' })).status).toBe(200);
    expect((await fetch(endpoint, { method: 'HEAD' })).status).toBe(200);
  });

  it('a consent body declared or sent over the limit is refused at once, not read to its end', async () => {
    const { port } = new URL(server.url);
    // 5 MB declared, a few bytes sent: the answer must not wait for the rest.
    const status = await new Promise<number>((ok, fail) => {
      const req = request(
        { host: '127.0.0.1', port, method: 'POST', path: '/clinic/swfiles/lib/privacycookie.php', headers: { ...form, 'Content-Length': 5_000_000 } },
        (res) => (res.resume(), ok(res.statusCode!)),
      );
      req.on('error', fail);
      req.write('privacy_cookie_1=1&');
    });
    expect(status).toBe(400);
    // Sent in chunks with no length declared: refused once past the limit, the rest unread.
    const chunked = await new Promise<number>((ok, fail) => {
      const req = request(
        { host: '127.0.0.1', port, method: 'POST', path: '/clinic/swfiles/lib/privacycookie.php', headers: form },
        (res) => (res.resume(), ok(res.statusCode!)),
      );
      req.on('error', fail);
      req.write(`privacy_cookie_1=1&pad=${'x'.repeat(4096)}`);
    });
    expect(chunked).toBe(400);
    expect((await fetch(`${server.url}/clinic/en/`)).status).toBe(200);
  });

  it('answers a malformed address with 400, not a crash', async () => {
    expect((await fetch(`${server.url}/clinic/%E0%A4%A`)).status).toBe(400);
    expect((await fetch(`${server.url}/clinic/en/`)).status).toBe(200);
  });
});
