import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/server.mjs';
import { rawRequest } from './raw-http';

// Issue 11, points 8 and 10: the consent endpoint against requests a browser's visitor did
// not mean to make, and against cookies it cannot decode.
let server: RunningServer;
const ENDPOINT = '/clinic/swfiles/lib/privacycookie.php';
const BODY = 'privacy_cookie_1=1&privacy_cookie_2=1&privacy_cookie_3=1';
const FORM = 'application/x-www-form-urlencoded';

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sw-consent-hardening-'));
  const consentLog = join(dir, 'consent.jsonl');
  writeFileSync(consentLog, '');
  server = await startServer({ port: 0, consentLog });
});
afterAll(() => server.close());

const log = () => readFileSync(server.consentLog, 'utf8');
// SELF and PORT stand for the running server's origin and port, unknown when the table is built.
const fill = (v: string) => (v === 'SELF' ? server.url : v.replace('PORT', String(server.port)));
const filled = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, fill(v)]));
const post = (headers: Record<string, string>, host?: string) =>
  rawRequest(server.url, ENDPOINT, {
    method: 'POST',
    headers: { 'Content-Type': FORM, ...(host ? { Host: host } : {}), ...headers },
    body: BODY,
  });

describe('privacycookie.php refuses a cross-site POST (CSRF)', () => {
  it.each([
    ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
    ['Sec-Fetch-Site: cross-site with a matching Origin', { 'Sec-Fetch-Site': 'cross-site', Origin: 'SELF' }],
    ['another site as Origin', { Origin: 'https://evil.example' }],
    ['a sibling project on the same site as Origin (same-site)', { 'Sec-Fetch-Site': 'same-site', Origin: 'http://evil.preview.localhost:PORT' }],
    ['the same host on another port as Origin', { Origin: 'http://127.0.0.1:1' }],
    ['Origin: null (sandboxed frame, data: page)', { Origin: 'null' }],
    ['an unparsable Origin', { Origin: 'not a url' }],
  ])('%s: 403, no cookie, nothing logged', async (_what, headers) => {
    const before = log();
    const res = await post(filled(headers));
    expect(res.status).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(typeof JSON.parse(res.body).error).toBe('string');
    expect(log()).toBe(before);
  });

  it.each([
    ['no Origin and no Sec-Fetch-Site (old clients, curl)', {}, undefined],
    ['Sec-Fetch-Site: same-origin with its own Origin', { 'Sec-Fetch-Site': 'same-origin', Origin: 'SELF' }, undefined],
    ['Sec-Fetch-Site: same-site without Origin', { 'Sec-Fetch-Site': 'same-site' }, undefined],
    ['Sec-Fetch-Site: none (typed by the visitor)', { 'Sec-Fetch-Site': 'none' }, undefined],
    ['the preview host with its own Origin', { Origin: 'http://clinic.preview.localhost:PORT' }, 'clinic.preview.localhost:PORT'],
    ['an https page behind a TLS proxy (scheme differs, host the same)', { Origin: 'https://clinic.example' }, 'clinic.example'],
  ])('%s: accepted and logged', async (_what, headers, host) => {
    const before = log();
    const res = await post(filled(headers), host && fill(host));
    expect(res.status).toBe(200);
    // privacy_cookie, the three group flags and (issue 17) the visitor's consent id.
    expect(res.headers['set-cookie']).toHaveLength(5);
    expect(log().length).toBeGreaterThan(before.length);
  });

  it('behind a TLS proxy (an https Origin over a plain socket) every cookie is Secure', async () => {
    const res = await post({ Origin: 'https://clinic.example' }, 'clinic.example');
    expect(res.status).toBe(200);
    const cookies = res.headers['set-cookie'] as string[];
    expect(cookies).toHaveLength(5);
    for (const c of cookies) expect(c).toMatch(/; Secure/);
    // Over plain http from an http page: not Secure (the browser would drop it).
    const plain = await post({ Origin: server.url });
    for (const c of plain.headers['set-cookie'] as string[]) expect(c).not.toMatch(/Secure/);
  });
});

describe('privacycookie.php with a malformed Cookie header', () => {
  it.each([
    ['a truncated percent escape', 'privacy_cookie=%E0%A4%A; privacy_cookie_2=1', { privacy_cookie_2: '1' }],
    ['escapes that are not UTF-8', 'privacy_cookie_2=0; x=%FF%FE%C0%AF', { privacy_cookie_2: '0' }],
    ['a lone %', 'privacy_cookie_3=%; privacy_cookie=1', { privacy_cookie: '1' }],
    ['empty names and separators only', '=;;;', {}],
    ['raw bytes that are not UTF-8', 'privacy_cookie_2=1; \xff\xfe=\xc0\xaf', { privacy_cookie_2: '1' }],
    ['names of Object.prototype members', '__proto__=1; constructor=1; toString=1; privacy_cookie_2=1', { privacy_cookie_2: '1' }],
    ['a long header (12 KB)', `big=${'%'.repeat(12_000)}; privacy_cookie_2=1`, { privacy_cookie_2: '1' }],
  ])('%s: GET answers 200 with the readable flags', async (_what, cookie, message) => {
    const res = await rawRequest(server.url, ENDPOINT, { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ status: { code: '200', message } });
  });

  it('a Cookie header over the server limit is refused with a 4xx, never a 500', async () => {
    const res = await rawRequest(server.url, ENDPOINT, { headers: { Cookie: `big=${'%E0'.repeat(10_000)}` } });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect((await rawRequest(server.url, ENDPOINT)).status).toBe(200);
  });

  it('a malformed cookie does not stop a POST from saving', async () => {
    const res = await post({ Cookie: 'privacy_cookie=%E0%A4%A' });
    expect(res.status).toBe(200);
  });
});

describe('privacycookie.php: a refusal does not read the rest of the body', () => {
  /**
   * Sends a POST's head and the first bytes of a body declared far larger, then nothing: what
   * the server answers, and whether it closed the connection (it must not wait for, or drain,
   * the megabytes a refused request says it will send).
   */
  const refusedMidBody = (method: string, headers: Record<string, string>) =>
    new Promise<{ head: string; closed: boolean }>((ok, fail) => {
      const socket = connect(server.port, '127.0.0.1');
      let head = '';
      socket.on('data', (d: Buffer) => (head += d.toString('latin1')));
      socket.on('error', fail);
      socket.on('close', () => ok({ head, closed: true }));
      const lines = Object.entries({ Host: `127.0.0.1:${server.port}`, 'Content-Length': '50000000', ...headers });
      socket.write(`${method} ${ENDPOINT} HTTP/1.1\r\n${lines.map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n`);
      socket.write('privacy_cookie_2=1&'.repeat(100));
    });

  it.each([
    ['a cross-site POST (403)', 'POST', { 'Content-Type': FORM, 'Sec-Fetch-Site': 'cross-site' }, 403],
    ['a POST that is not a form (400)', 'POST', { 'Content-Type': 'text/plain' }, 400],
    ['a PUT (405)', 'PUT', { 'Content-Type': FORM }, 405],
  ])('%s: answered, and the connection closed', async (_what, method, headers, status) => {
    const { head, closed } = await refusedMidBody(method, headers);
    expect(head).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(head.toLowerCase()).toContain('connection: close');
    expect(closed).toBe(true);
  });
});
