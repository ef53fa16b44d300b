import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateConsentBody } from '../../server/consent.mjs';
import { startServer, type RunningServer } from '../../server/server.mjs';
import { rawRequest } from './raw-http';

// Issue 17, point 4: each saved choice is recorded with its revision, the GPC signal and a
// consent id the visitor keeps as a cookie; the revision comes back on the next read.
let server: RunningServer;
const ENDPOINT = '/clinic/swfiles/lib/privacycookie.php';
const FORM = 'application/x-www-form-urlencoded';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

beforeAll(async () => {
  const consentLog = join(mkdtempSync(join(tmpdir(), 'sw-consent-proof-')), 'consent.jsonl');
  writeFileSync(consentLog, '');
  server = await startServer({ port: 0, consentLog });
});
afterAll(() => server.close());

const lines = () =>
  readFileSync(server.consentLog, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
const post = (body: string, headers: Record<string, string> = {}) =>
  rawRequest(server.url, ENDPOINT, { method: 'POST', headers: { 'Content-Type': FORM, ...headers }, body });
const cookieHeader = (setCookie: string[]) => setCookie.map((c) => c.split(';')[0]).join('; ');

describe('the consent log and cookies', () => {
  it('records time, revision, GPC, flags and a consent id that is also a cookie and in the answer', async () => {
    const res = await post('privacy_cookie_1=1&privacy_cookie_2=1&privacy_cookie_3=0&revision=2026-11%20v2', {
      'Sec-GPC': '1',
    });
    expect(res.status).toBe(200);
    const answer = JSON.parse(res.body);
    expect(answer.consentId).toMatch(UUID);
    expect(answer.status.message).toEqual({
      privacy_cookie: '1',
      privacy_cookie_1: '1',
      privacy_cookie_2: '1',
      privacy_cookie_3: '0',
      privacy_cookie_revision: '2026-11 v2',
    });
    const cookies = res.headers['set-cookie'] as string[];
    expect(cookies).toContain(
      `privacy_consent_id=${answer.consentId}; Path=/clinic; Max-Age=15552000; SameSite=Lax; HttpOnly`,
    );
    expect(cookies).toContain(
      'privacy_cookie_revision=2026-11%20v2; Path=/clinic; Max-Age=15552000; SameSite=Lax',
    );
    const line = lines().at(-1)!;
    expect(line).toEqual({
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      consentId: answer.consentId,
      site: '/clinic',
      revision: '2026-11 v2',
      gpc: true,
      flags: { privacy_cookie_1: '1', privacy_cookie_2: '1', privacy_cookie_3: '0' },
    });
    expect(Math.abs(Date.parse(line.time as string) - Date.now())).toBeLessThan(60_000);

    // The next read says which revision the choice was made under.
    const read = await rawRequest(server.url, ENDPOINT, { headers: { Cookie: cookieHeader(cookies) } });
    expect(JSON.parse(read.body).status.message.privacy_cookie_revision).toBe('2026-11 v2');

    // A later choice of the same visitor keeps their id: one id finds all their lines.
    const again = await post('privacy_cookie_1=1&privacy_cookie_2=0&privacy_cookie_3=0&revision=3', {
      Cookie: cookieHeader(cookies),
    });
    expect(JSON.parse(again.body).consentId).toBe(answer.consentId);
    expect(
      lines()
        .filter((l) => l.consentId === answer.consentId)
        .map((l) => [l.revision, l.gpc]),
    ).toEqual([
      ['2026-11 v2', true],
      ['3', false],
    ]);
  });

  it('without revisions: no revision cookie, revision null in the log, none in the answer', async () => {
    const res = await post('privacy_cookie_1=1&privacy_cookie_2=0&privacy_cookie_3=0', {
      Cookie: 'privacy_consent_id=forged',
    });
    const answer = JSON.parse(res.body);
    expect(answer.status.message).not.toHaveProperty('privacy_cookie_revision');
    // A cookie that is not one of our ids is not taken over.
    expect(answer.consentId).toMatch(UUID);
    expect(
      (res.headers['set-cookie'] as string[]).some((c) => c.startsWith('privacy_cookie_revision=')),
    ).toBe(false);
    expect(lines().at(-1)).toMatchObject({ consentId: answer.consentId, revision: null, gpc: false });
  });

  it('a revision is text of 1 to 64 characters, sent once; anything else is refused and stores nothing', () => {
    const site = { groups: [{ variable: 'privacy_cookie_1', forced: true }] };
    expect(validateConsentBody('privacy_cookie_1=1&revision=v2', site)).toEqual({
      flags: { privacy_cookie_1: '1' },
      revision: 'v2',
    });
    expect(validateConsentBody('privacy_cookie_1=1', site)).toEqual({
      flags: { privacy_cookie_1: '1' },
      revision: undefined,
    });
    const c1 = ['revision=%C2%85', 'revision=%C2%9B2']; // NEL and CSI: control characters too
    for (const body of [
      'revision=',
      `revision=${'x'.repeat(65)}`,
      'revision=a%0Ab',
      'revision=1&revision=2',
      ...c1,
    ])
      expect(validateConsentBody(`privacy_cookie_1=1&${body}`, site).error, body).toMatch(/revision/);
  });
});
