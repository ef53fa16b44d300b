import { describe, expect, it } from 'vitest';
import {
  consentCookies,
  flagsFromCookies,
  parseCookies,
  scriptsFor,
  validateConsentBody,
} from '../../server/consent.mjs';

const site = {
  groups: [{ variable: 'privacy_cookie_1', forced: true }, { variable: 'privacy_cookie_2' }, { variable: 'privacy_cookie_3' }],
  scripts: {
    privacy_cookie_2: [{ scriptdata: '<script src="/a.js"></script>' }, { scriptdata: '<script>b()</script>', position: 'endbody' }],
    privacy_cookie_3: [{ scriptdata: '<script>c()</script>', position: 'startbody' }],
  },
};

describe('consent rules of the reference server', () => {
  it('parses cookies, first value winning', () => {
    expect(parseCookies('a=1; privacy_cookie_2=0; a=2; junk')).toEqual({ a: '1', privacy_cookie_2: '0' });
    expect(parseCookies(undefined)).toEqual({});
  });

  it('reads only known flags with 0/1 values; no privacy_cookie means a first visit', () => {
    expect(flagsFromCookies({ privacy_cookie_2: '1', privacy_cookie_9: '1', privacy_cookie_3: 'yes' }, site)).toEqual({
      privacy_cookie_2: '1',
    });
    expect(flagsFromCookies({ privacy_cookie: '1', privacy_cookie_1: '1', privacy_cookie_2: '0' }, site)).toEqual({
      privacy_cookie: '1',
      privacy_cookie_1: '1',
      privacy_cookie_2: '0',
    });
  });

  it.each([
    ['privacy_cookie_1=1&privacy_cookie_2=0&privacy_cookie_3=1', { flags: { privacy_cookie_1: '1', privacy_cookie_2: '0', privacy_cookie_3: '1' } }],
    // a forced group stays on whatever is sent
    ['privacy_cookie_1=0&privacy_cookie_2=1&privacy_cookie_3=0', { flags: { privacy_cookie_1: '1', privacy_cookie_2: '1', privacy_cookie_3: '0' } }],
    ['privacy_cookie_1=1&privacy_cookie_2=0&privacy_cookie_3=0&evil=1', { error: 'unknown variable: evil' }],
    ['privacy_cookie_1=1&privacy_cookie_2=2&privacy_cookie_3=0', { error: 'privacy_cookie_2 must be 0 or 1' }],
    ['privacy_cookie_1=1&privacy_cookie_2=&privacy_cookie_3=0', { error: 'privacy_cookie_2 must be 0 or 1' }],
    ['privacy_cookie_1=1&privacy_cookie_2=1&privacy_cookie_2=0&privacy_cookie_3=0', { error: 'repeated variable: privacy_cookie_2' }],
    ['privacy_cookie_1=1&privacy_cookie_2=1', { error: 'missing variable: privacy_cookie_3' }],
    ['', { error: 'missing variable: privacy_cookie_1' }],
  ])('validates %j', (body, expected) => {
    expect(validateConsentBody(body, site)).toEqual(expected);
  });

  it('sets privacy_cookie=1 and every flag, SameSite=Lax, Secure only under https', () => {
    const plain = consentCookies({ privacy_cookie_1: '1', privacy_cookie_2: '0' }, { path: '/clinic' });
    expect(plain).toEqual([
      'privacy_cookie=1; Path=/clinic; Max-Age=15552000; SameSite=Lax',
      'privacy_cookie_1=1; Path=/clinic; Max-Age=15552000; SameSite=Lax',
      'privacy_cookie_2=0; Path=/clinic; Max-Age=15552000; SameSite=Lax',
    ]);
    const secure = consentCookies({ privacy_cookie_1: '1' }, { path: '', secure: true });
    expect(secure.every((c) => c.endsWith('; SameSite=Lax; Secure') && c.includes('Path=/;'))).toBe(true);
  });

  it('returns the scripts of the groups that are on, in order, header by default', () => {
    expect(scriptsFor({ privacy_cookie_1: '1', privacy_cookie_2: '1', privacy_cookie_3: '0' }, site)).toEqual([
      { scriptdata: '<script src="/a.js"></script>', position: 'header' },
      { scriptdata: '<script>b()</script>', position: 'endbody' },
    ]);
    expect(scriptsFor({ privacy_cookie_1: '1', privacy_cookie_2: '0', privacy_cookie_3: '1' }, site)).toEqual([
      { scriptdata: '<script>c()</script>', position: 'startbody' },
    ]);
  });
});
