import { describe, expect, it } from 'vitest';
import {
  afterSave,
  CONSENT_READ_FAILED,
  consentDefaults,
  consentOptions,
  flagsFor,
  parseGroups,
  postBody,
  readAnswer,
  scriptsOf,
} from '../../../runtime/consent/model';

const groupsJson = JSON.stringify([
  { label: 'Necessary', variable: 'privacy_cookie_1', description: 'Needed.' },
  { label: 'Statistics', variable: 'privacy_cookie_2', description: 'Visits.' },
  { label: 'Media', variable: 'privacy_cookie_3' },
]);
const groups = parseGroups(groupsJson)!;

describe('consent groups', () => {
  it('privacy_cookie_1 is forced when no group says forced', () => {
    expect(groups.map((g) => [g.variable, g.forced])).toEqual([
      ['privacy_cookie_1', true],
      ['privacy_cookie_2', false],
      ['privacy_cookie_3', false],
    ]);
    expect(groups[2]!.description).toBe('');
  });

  it('an explicit forced group replaces the default', () => {
    const g = parseGroups(
      '[{"label":"A","variable":"privacy_cookie_1"},{"label":"B","variable":"privacy_cookie_2","forced":true}]',
    )!;
    expect(g.map((x) => x.forced)).toEqual([false, true]);
  });

  it.each([
    [null],
    [''],
    ['   '],
    ['not json'],
    ['{}'],
    ['[]'],
    ['[{"label":"x"}]'],
    ['[{"variable":"bad name"}]'],
  ])('absent, empty or unusable (%j): cookie management is not active', (text) => {
    expect(parseGroups(text)).toBeNull();
  });

  it('each group left out and each field not used as written is named', () => {
    const problems: string[] = [];
    const text = JSON.stringify([
      { variable: 'privacy_cookie_2', forced: 'true', label: 5 },
      null,
      { variable: 'privacy_cookie_2' },
      { variable: 'privacy_cookie_3', forced: false, description: 'Maps.' },
    ]);
    expect(parseGroups(text, problems)!.map((g) => [g.variable, g.forced, g.label])).toEqual([
      ['privacy_cookie_2', false, 'privacy_cookie_2'],
      ['privacy_cookie_3', false, 'privacy_cookie_3'],
    ]);
    expect(problems).toEqual([
      'privacy_cookie_2: "forced" is true or false, not "true": not forced',
      'privacy_cookie_2: a label or description that is not text is left out',
      'group 2 is left out (a missing, invalid or repeated variable)',
      'group 3 is left out (a missing, invalid or repeated variable)',
    ]);
  });

  it('a repeated variable counts once', () => {
    expect(parseGroups('[{"variable":"a"},{"variable":"a"}]')).toHaveLength(1);
  });
});

describe('consent options', () => {
  it('defaults: enableAll on, forceReload off, delay 1000 ms, no close methods (spec §9)', () => {
    expect(consentOptions(undefined)).toEqual({
      options: { enableAll: true, forceReload: false, delay: 1000, close: [] },
      bad: [],
    });
    expect(consentDefaults).toEqual({ enableAll: true, forceReload: false, delay: 1000, close: [] });
  });
  it('fields of the wrong kind keep their defaults and are named', () => {
    expect(
      consentOptions({ enableAll: 'yes', forceReload: true, delay: -5, close: ['button', 'swipe'] }),
    ).toEqual({
      options: { enableAll: true, forceReload: true, delay: 1000, close: [] },
      bad: ['enableAll', 'delay', 'close'],
    });
  });
  it('close methods a builder asks for, as a list or a string', () => {
    expect(consentOptions({ close: ['escape', 'button'] }).options.close).toEqual(['escape', 'button']);
    // A delay past what a timer holds would overflow and show the banner at once: clamped, and said.
    expect(consentOptions({ delay: 3e9 })).toEqual({
      options: { enableAll: true, forceReload: false, delay: 2_147_483_647, close: [] },
      bad: ['delay 3000000000 (2147483647 used)'],
    });
    expect(consentOptions({ close: 'overlay escape' }).options.close).toEqual(['overlay', 'escape']);
    // The defaults are never shared between calls.
    consentOptions(undefined).options.close.push('button');
    expect(consentDefaults.close).toEqual([]);
  });
});

describe('the server’s answers', () => {
  it('reads the flags; forced groups are on whatever the server says; the detail is the message as sent, on a first visit (no privacy_cookie) without the optional groups’ flags', () => {
    expect(
      readAnswer(
        { status: { code: '200', message: { privacy_cookie_1: '0', privacy_cookie_2: '1' } } },
        groups,
      ),
    ).toEqual({
      // The server's defaults were chosen by nobody: neither in force (sw:consent, analytics,
      // players) nor where the switches start (pre-ticked boxes are not consent), so "Save
      // choices" with nothing moved grants only the forced groups.
      flags: { privacy_cookie_1: 1, privacy_cookie_2: 0, privacy_cookie_3: 0 },
      detail: { privacy_cookie_1: '0' },
      firstVisit: true,
      outdated: false,
    });
    // Nor a flag of a group this page does not have (the analytics variable, a player's).
    expect(
      readAnswer(
        { status: { code: '200', message: { privacy_cookie_1: '1', privacy_cookie_7: '1', other: '1' } } },
        groups,
      ),
    ).toMatchObject({ detail: { privacy_cookie_1: '1' } });
    expect(
      Object.keys(
        (
          readAnswer({ status: { code: '200', message: { privacy_cookie_7: '1', other: '1' } } }, groups) as {
            detail: object;
          }
        ).detail,
      ),
    ).toEqual([]);
    expect(
      readAnswer({ status: { code: 200, message: { privacy_cookie: '1', privacy_cookie_3: 1 } } }, groups),
    ).toEqual({
      flags: { privacy_cookie_1: 1, privacy_cookie_2: 0, privacy_cookie_3: 1 },
      detail: { privacy_cookie: '1', privacy_cookie_3: '1' },
      firstVisit: false,
      outdated: false,
    });
  });

  it('consent revisions: a choice made under another revision (or none) is outdated; its flags are kept to preselect, only forced groups apply', () => {
    const message = {
      privacy_cookie: '1',
      privacy_cookie_1: '1',
      privacy_cookie_2: '1',
      privacy_cookie_revision: '1',
    };
    const answer = (m: Record<string, string>) => ({ status: { code: '200', message: m } });
    expect(readAnswer(answer(message), groups, '1')).toMatchObject({ outdated: false, firstVisit: false });
    expect(readAnswer(answer(message), groups)).toMatchObject({ outdated: false });
    const { privacy_cookie_revision: _, ...before } = message;
    for (const m of [{ ...message, privacy_cookie_revision: '2' }, before])
      expect(readAnswer(answer(m), groups, '3')).toEqual({
        flags: { privacy_cookie_1: 1, privacy_cookie_2: 1, privacy_cookie_3: 0 },
        detail: { privacy_cookie_1: '1', privacy_cookie_2: '0', privacy_cookie_3: '0' },
        firstVisit: false,
        outdated: true,
      });
    // A first visit is a first visit, whatever the revision.
    expect(readAnswer(answer({}), groups, '3')).toMatchObject({ firstVisit: true, outdated: false });
  });

  it('the POST carries the revision when there is one', () => {
    expect(postBody(groups, { privacy_cookie_2: 1 }, '2026-11 v2')).toBe(
      'privacy_cookie_1=0&privacy_cookie_2=1&privacy_cookie_3=0&revision=2026-11+v2',
    );
    expect(postBody(groups, { privacy_cookie_2: 1 })).not.toContain('revision');
  });

  it.each([
    [{ status: { code: '500', message: {} } }],
    [{ status: { code: '200' } }],
    [{}],
    [null],
    ['<html>'],
  ])('%j is the error "Failed to get cookies from server"', (body) => {
    expect(readAnswer(body, groups)).toEqual({ error: CONSENT_READ_FAILED });
    expect(CONSENT_READ_FAILED).toBe('Failed to get cookies from server');
  });

  it('scripts keep their order; a missing or unknown position is header; empty ones are dropped', () => {
    expect(
      scriptsOf({
        scripts: [
          { scriptdata: '<script>a()</script>' },
          { scriptdata: '<script>b()</script>', position: 'endbody' },
          { scriptdata: '<script>c()</script>', position: 'startbody' },
          { scriptdata: '<script>d()</script>', position: 'footer' },
          { scriptdata: '  ' },
          { position: 'header' },
        ],
      }),
    ).toEqual([
      { html: '<script>a()</script>', position: 'header' },
      { html: '<script>b()</script>', position: 'endbody' },
      { html: '<script>c()</script>', position: 'startbody' },
      { html: '<script>d()</script>', position: 'header' },
    ]);
    expect(scriptsOf({})).toEqual([]);
  });
});

describe('actions and saving', () => {
  const current = { privacy_cookie_1: 0, privacy_cookie_2: 1, privacy_cookie_3: 0 } as const;
  it.each([
    ['accept', { privacy_cookie_1: 1, privacy_cookie_2: 1, privacy_cookie_3: 0 }],
    ['decline', { privacy_cookie_1: 1, privacy_cookie_2: 0, privacy_cookie_3: 0 }],
    ['accept-all', { privacy_cookie_1: 1, privacy_cookie_2: 1, privacy_cookie_3: 1 }],
  ] as const)('%s saves %j (forced groups always on)', (action, flags) => {
    expect(flagsFor(action, groups, current)).toEqual(flags);
  });

  it('the POST body names every group variable with 0 or 1', () => {
    expect(postBody(groups, { privacy_cookie_1: 1, privacy_cookie_2: 0, privacy_cookie_3: 1 })).toBe(
      'privacy_cookie_1=1&privacy_cookie_2=0&privacy_cookie_3=1',
    );
  });

  it.each([
    [true, false, 'inject'],
    [true, true, 'reload'],
    [false, false, 'reload'],
    [false, true, 'reload'],
  ] as const)('first visit %s, forceReload %s → %s', (first, force, result) => {
    expect(afterSave(first, force)).toBe(result);
  });
});
