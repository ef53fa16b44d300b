import { describe, expect, it } from 'vitest';
import { clinicGroups } from './groups';
import {
  bannerDue,
  bannerShown,
  busy,
  consentFlow,
  gpcNoteShown,
  initialConsent,
  type ConsentEvent,
  type ConsentSetup,
  type ConsentState,
} from '../../../runtime/consent/flow';

const groups = clinicGroups;
const setup: ConsentSetup = { groups, forceReload: false, gpc: false, local: false };
const run = (events: ConsentEvent[], from: ConsentState = initialConsent(setup)) =>
  events.reduce(consentFlow, from);

const none = { privacy_cookie_1: 1, privacy_cookie_2: 0, privacy_cookie_3: 0 } as const;
const stats = { privacy_cookie_1: 1, privacy_cookie_2: 1, privacy_cookie_3: 0 } as const;
const all = { privacy_cookie_1: 1, privacy_cookie_2: 1, privacy_cookie_3: 1 } as const;

const firstVisit: ConsentEvent[] = [
  { type: 'pending', flags: undefined },
  { type: 'read', flags: none, firstVisit: true },
];

describe('consent flow: the page’s first questions', () => {
  it('starts by asking the device, with only the forced groups on and no choice', () => {
    const s = initialConsent(setup);
    expect(s).toMatchObject({
      phase: 'looking',
      flags: none,
      draft: none,
      choiceMade: false,
      firstVisit: false,
    });
    expect(bannerShown(s)).toBe(false);
  });

  it('nothing kept: the server is read; a first visit shows the banner once the delay is over', () => {
    const read = run(firstVisit);
    expect(read).toMatchObject({ phase: 'ready', firstVisit: true, choiceMade: false });
    expect(bannerShown(read)).toBe(false);
    expect(bannerShown(run([{ type: 'delay-over' }], read))).toBe(true);
    // The delay may end before the answer: then the banner shows with the answer.
    expect(bannerShown(run([{ type: 'delay-over' }, ...firstVisit]))).toBe(true);
  });

  it('a stored choice: its flags apply and the switches show them; no banner', () => {
    const s = run([
      { type: 'pending', flags: undefined },
      { type: 'read', flags: stats, firstVisit: false },
      { type: 'delay-over' },
    ]);
    expect(s).toMatchObject({ flags: stats, draft: stats, choiceMade: true, firstVisit: false });
    expect(bannerShown(s)).toBe(false);
  });

  it('the banner is due until the answers say who is visiting, and only for a visitor still to be asked', () => {
    const start = initialConsent(setup);
    expect(bannerDue(start)).toBe(true);
    expect(bannerDue(run([{ type: 'pending', flags: undefined }]))).toBe(true);
    expect(bannerDue(run(firstVisit))).toBe(true);
    expect(
      bannerDue(
        run([
          { type: 'pending', flags: undefined },
          { type: 'read', flags: stats, firstVisit: false },
        ]),
      ),
    ).toBe(false);
    expect(bannerDue(run([{ type: 'pending', flags: stats }]))).toBe(true); // still resending
    expect(
      bannerDue(
        run([
          { type: 'pending', flags: stats },
          { type: 'resent', flags: stats },
        ]),
      ),
    ).toBe(false);
    const outdated = run([
      { type: 'pending', flags: undefined },
      { type: 'read', flags: stats, firstVisit: false, outdated: true },
    ]);
    expect(bannerDue(outdated)).toBe(true);
    // A choice saved: nobody is left to ask (a first visit's stays on the page; an outdated one's reloads it).
    const save: ConsentEvent[] = [
      { type: 'save', action: 'accept-all' },
      { type: 'saved', flags: all },
    ];
    expect(bannerDue(run(save, run(firstVisit)))).toBe(false);
    expect(run(save, outdated).phase).toBe('reloading');
  });

  it('a choice made under another revision, with Global Privacy Control: the switches start off, as its note says', () => {
    const s = run(
      [
        { type: 'pending', flags: undefined },
        { type: 'read', flags: stats, firstVisit: false, outdated: true },
        { type: 'opened' },
      ],
      initialConsent({ ...setup, gpc: true }),
    );
    expect(s).toMatchObject({ flags: none, draft: none, outdated: true, previous: undefined });
    expect(gpcNoteShown(s)).toBe(true);
  });

  it('a choice made under another revision: the banner again, only forced groups apply, the old choice preselected; a save reloads', () => {
    const s = run([
      { type: 'pending', flags: undefined },
      { type: 'read', flags: stats, firstVisit: false, outdated: true },
      { type: 'delay-over' },
    ]);
    expect(s).toMatchObject({
      flags: none,
      draft: stats,
      choiceMade: false,
      outdated: true,
      previous: stats,
    });
    expect(bannerShown(s)).toBe(true);
    // The preferences open on the old choice, not on the defaults.
    const opened = run([{ type: 'opened' }], s);
    expect(opened.draft).toEqual(stats);
    expect(bannerShown(opened)).toBe(false);
    const saving = run(
      [
        { type: 'toggle', variable: 'privacy_cookie_3' },
        { type: 'save', action: 'accept' },
      ],
      opened,
    );
    expect(saving.choice).toEqual(all);
    // Scripts of the old choice may be on the page: the new one reloads it.
    const saved = run([{ type: 'saved', flags: all }], saving);
    expect(saved).toMatchObject({
      phase: 'reloading',
      outdated: false,
      previous: undefined,
      choiceMade: true,
    });
    expect(bannerShown(run([{ type: 'closed' }], saved))).toBe(false);
  });

  it('a failed read leaves the forced groups only, no banner, and a later save reloads', () => {
    const s = run([{ type: 'pending', flags: undefined }, { type: 'read-failed' }, { type: 'delay-over' }]);
    expect(s).toMatchObject({ phase: 'ready', flags: none, firstVisit: false });
    expect(bannerShown(s)).toBe(false);
    expect(
      run(
        [
          { type: 'save', action: 'accept-all' },
          { type: 'saved', flags: all },
        ],
        s,
      ).phase,
    ).toBe('reloading');
  });

  it('a kept choice is sent again (forced groups on, groups the page has no longer left out); the server’s answer applies', () => {
    const resending = run([
      { type: 'pending', flags: { privacy_cookie_1: 0, privacy_cookie_3: 1, gone: 1 } },
    ]);
    expect(resending).toMatchObject({
      phase: 'resending',
      flags: { privacy_cookie_1: 1, privacy_cookie_2: 0, privacy_cookie_3: 1 },
      choiceMade: true,
    });
    const sent = run([{ type: 'resent', flags: all }, { type: 'delay-over' }], resending);
    expect(sent).toMatchObject({ phase: 'ready', flags: all, draft: all });
    expect(bannerShown(sent)).toBe(false);
  });

  it('a kept choice that still cannot be sent stands, and nothing asks again', () => {
    const s = run([{ type: 'pending', flags: stats }, { type: 'resend-kept' }, { type: 'delay-over' }]);
    expect(s).toMatchObject({ phase: 'ready', flags: stats, draft: stats, choiceMade: true });
    expect(bannerShown(s)).toBe(false);
  });

  it('a kept choice the server refuses is dropped: the server is read and the visitor asked again', () => {
    const refused = run([{ type: 'pending', flags: all }, { type: 'resend-refused' }]);
    expect(refused).toMatchObject({ phase: 'reading', flags: none, choiceMade: false });
    expect(
      bannerShown(run([{ type: 'read', flags: none, firstVisit: true }, { type: 'delay-over' }], refused)),
    ).toBe(true);
  });

  it('each answer counts only in its own phase', () => {
    const reading = run([{ type: 'pending', flags: undefined }]);
    for (const e of [
      { type: 'pending', flags: all },
      { type: 'resent', flags: all },
      { type: 'resend-kept' },
      { type: 'resend-refused' },
    ] as ConsentEvent[])
      expect(consentFlow(reading, e)).toBe(reading);
    const ready = run(firstVisit);
    expect(consentFlow(ready, { type: 'read', flags: all, firstVisit: false })).toBe(ready);
    expect(consentFlow(ready, { type: 'read-failed' })).toBe(ready);
  });

  it('a save started while the server is read wins over the read’s (older) answer', () => {
    const saving = run([
      { type: 'pending', flags: undefined },
      { type: 'save', action: 'decline' },
    ]);
    expect(saving.phase).toBe('saving');
    const saved = run([{ type: 'saved', flags: none }], saving);
    expect(consentFlow(saved, { type: 'read', flags: none, firstVisit: true })).toBe(saved);
    // Unknown when it began, so the server renders the page again.
    expect(saved.phase).toBe('reloading');
  });
});

describe('consent flow: the visitor', () => {
  const ready = run([...firstVisit, { type: 'delay-over' }]);

  it('opening the preferences hides the banner and shows the flags; closing without a choice shows it again', () => {
    const open = run([{ type: 'toggle', variable: 'privacy_cookie_2' }, { type: 'opened' }], ready);
    expect(open.draft).toEqual(none);
    expect(bannerShown(open)).toBe(false);
    expect(bannerShown(consentFlow(open, { type: 'closed' }))).toBe(true);
  });

  it('toggling flips an optional group; a forced or unknown one does not move', () => {
    const s = run([{ type: 'opened' }, { type: 'toggle', variable: 'privacy_cookie_2' }], ready);
    expect(s.draft).toEqual(stats);
    expect(run([{ type: 'toggle', variable: 'privacy_cookie_2' }], s).draft).toEqual(none);
    expect(consentFlow(s, { type: 'toggle', variable: 'privacy_cookie_1' })).toBe(s);
    expect(consentFlow(s, { type: 'toggle', variable: 'nope' })).toBe(s);
  });

  it('what each action saves: the switches, nothing optional, or everything', () => {
    const toggled = run([{ type: 'opened' }, { type: 'toggle', variable: 'privacy_cookie_2' }], ready);
    expect(consentFlow(toggled, { type: 'save', action: 'accept' }).choice).toEqual(stats);
    expect(consentFlow(toggled, { type: 'save', action: 'decline' }).choice).toEqual(none);
    expect(consentFlow(toggled, { type: 'save', action: 'accept-all' }).choice).toEqual(all);
  });

  it('one save at a time: busy while saving; a choice made meanwhile is sent next, the last one stands', () => {
    const saving = run([{ type: 'save', action: 'accept-all' }], ready);
    expect(busy(saving)).toBe(true);
    const queued = run(
      [
        { type: 'save', action: 'accept-all' },
        { type: 'save', action: 'decline' },
      ],
      saving,
    );
    expect(queued).toMatchObject({ phase: 'saving', choice: all, queued: none });
    // The first is answered: nothing settles (no reload, no scripts, still a first visit), the last goes.
    const next = consentFlow(queued, { type: 'saved', flags: all });
    expect(next).toMatchObject({ phase: 'saving', choice: none, queued: undefined, firstVisit: true });
    expect(busy(next)).toBe(true);
    expect(consentFlow(next, { type: 'saved', flags: none })).toMatchObject({
      phase: 'ready',
      flags: none,
      firstVisit: false,
    });
    // Not confirmed, the first applies meanwhile, and the queued one is still sent.
    expect(consentFlow(queued, { type: 'save-failed' })).toMatchObject({
      phase: 'saving',
      flags: all,
      choice: none,
      queued: undefined,
    });
  });

  it('switches the visitor moved in the open preferences survive a late answer', () => {
    const open = run([
      { type: 'pending', flags: undefined },
      { type: 'opened' },
      { type: 'toggle', variable: 'privacy_cookie_2' },
    ]);
    expect(open.draft).toEqual(stats);
    expect(consentFlow(open, { type: 'read', flags: none, firstVisit: true }).draft).toEqual(stats);
    expect(consentFlow(open, { type: 'read', flags: all, firstVisit: false, outdated: true }).draft).toEqual(
      stats,
    );
    // Untouched switches follow the answer; so do they at the next opening.
    const untouched = run([{ type: 'pending', flags: undefined }, { type: 'opened' }]);
    expect(consentFlow(untouched, { type: 'read', flags: all, firstVisit: false }).draft).toEqual(all);
    const resending = run([
      { type: 'pending', flags: all },
      { type: 'opened' },
      { type: 'toggle', variable: 'privacy_cookie_3' },
    ]);
    expect(consentFlow(resending, { type: 'resent', flags: all }).draft).toEqual(stats);
    expect(consentFlow(resending, { type: 'resend-kept' }).draft).toEqual(stats);
    const reopened = run(
      [{ type: 'read', flags: all, firstVisit: false }, { type: 'closed' }, { type: 'opened' }],
      open,
    );
    expect(reopened.draft).toEqual(all);
  });

  it('a first visit’s save injects (no reload), settles the banner and the preferences; the next save reloads', () => {
    const saved = run(
      [{ type: 'opened' }, { type: 'save', action: 'accept-all' }, { type: 'saved', flags: all }],
      ready,
    );
    expect(saved).toMatchObject({
      phase: 'ready',
      flags: all,
      choiceMade: true,
      firstVisit: false,
      open: false,
    });
    expect(busy(saved)).toBe(false);
    expect(bannerShown(saved)).toBe(false);
    expect(
      run(
        [
          { type: 'save', action: 'decline' },
          { type: 'saved', flags: none },
        ],
        saved,
      ).phase,
    ).toBe('reloading');
  });

  it('preferences opened while a save is on its way show that choice, and its answer leaves them open with what the visitor moved', () => {
    const opened = run([{ type: 'save', action: 'accept-all' }, { type: 'opened' }], ready);
    expect(opened.draft).toEqual(all);
    const moved = run(
      [
        { type: 'toggle', variable: 'privacy_cookie_3' },
        { type: 'saved', flags: all },
      ],
      opened,
    );
    expect(moved).toMatchObject({ open: true, draft: stats, flags: all, phase: 'ready' });
    // Failed, the same.
    expect(run([{ type: 'save-failed' }], opened).open).toBe(true);
  });

  it('saved from the preferences, closed meanwhile and opened again: the answer leaves them open', () => {
    const reopened = run(
      [{ type: 'opened' }, { type: 'save', action: 'accept' }, { type: 'closed' }, { type: 'opened' }],
      ready,
    );
    expect(run([{ type: 'saved', flags: none }], reopened).open).toBe(true);
  });

  it('forceReload: even a first visit’s save reloads', () => {
    const forced = run(
      [...firstVisit, { type: 'save', action: 'accept' }, { type: 'saved', flags: none }],
      initialConsent({ ...setup, forceReload: true }),
    );
    expect(forced.phase).toBe('reloading');
    expect(consentFlow(forced, { type: 'save', action: 'accept-all' })).toBe(forced);
  });

  it('a save the server did not confirm applies on the page as a choice; the banner does not ask again', () => {
    const failed = run([{ type: 'save', action: 'accept-all' }, { type: 'save-failed' }], ready);
    expect(failed).toMatchObject({ phase: 'ready', flags: all, choiceMade: true, choice: undefined });
    expect(bannerShown(failed)).toBe(false);
    // Still a first visit on the server: the next save injects.
    expect(
      run(
        [
          { type: 'save', action: 'accept' },
          { type: 'saved', flags: all },
        ],
        failed,
      ).phase,
    ).toBe('ready');
  });

  it('results with no save under way change nothing', () => {
    expect(consentFlow(ready, { type: 'saved', flags: all })).toBe(ready);
    expect(consentFlow(ready, { type: 'save-failed' })).toBe(ready);
  });
});

describe('consent flow: the editors and GPC', () => {
  it('the editors: nothing is asked; a save only applies and closes the preferences', () => {
    const editing = initialConsent({ ...setup, local: true });
    expect(editing.phase).toBe('editing');
    const s = run(
      [
        { type: 'opened' },
        { type: 'toggle', variable: 'privacy_cookie_3' },
        { type: 'save', action: 'accept' },
      ],
      editing,
    );
    expect(s).toMatchObject({ phase: 'editing', flags: { ...none, privacy_cookie_3: 1 }, open: false });
    expect(busy(s)).toBe(false);
    expect(bannerShown(run([{ type: 'delay-over' }], s))).toBe(false);
  });

  it('the GPC note shows with the signal until a choice exists', () => {
    const gpc = initialConsent({ ...setup, gpc: true });
    expect(gpcNoteShown(gpc)).toBe(true);
    expect(gpcNoteShown(initialConsent(setup))).toBe(false);
    expect(gpcNoteShown(run([...firstVisit], gpc))).toBe(true);
    expect(
      gpcNoteShown(
        run(
          [
            { type: 'pending', flags: undefined },
            { type: 'read', flags: all, firstVisit: false },
          ],
          gpc,
        ),
      ),
    ).toBe(false);
  });
});
