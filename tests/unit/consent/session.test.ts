import { describe, expect, it, vi } from 'vitest';
import type { ConsentClient } from '../../../runtime/consent/client';
import { bannerShown, consentFlow, initialConsent, type ConsentSetup } from '../../../runtime/consent/flow';
import { parseGroups, type Flags } from '../../../runtime/consent/model';
import {
  recheckConsent,
  saveConsent,
  startConsent,
  type ConsentSession,
} from '../../../runtime/consent/session';
import { createStore } from '../../../runtime/ui/store';

const groups = parseGroups(
  JSON.stringify([
    { label: 'Necessary', variable: 'privacy_cookie_1' },
    { label: 'Statistics', variable: 'privacy_cookie_2' },
  ]),
)!;
const all = { privacy_cookie_1: 1, privacy_cookie_2: 1 } as const;
const none = { privacy_cookie_1: 1, privacy_cookie_2: 0 } as const;
const detailAll = { privacy_cookie: '1', privacy_cookie_1: '1', privacy_cookie_2: '1' };

/** A session on a fake client: each method answers as the test says (by default: nothing kept, a first visit). */
function session(client: Partial<ConsentClient> = {}, setup: Partial<ConsentSetup> = {}) {
  const fake: ConsentClient = {
    pending: vi.fn(async () => undefined),
    read: vi.fn(async () => ({
      kind: 'read' as const,
      flags: none,
      detail: {},
      firstVisit: true,
      outdated: false,
    })),
    save: vi.fn(async () => ({
      kind: 'saved' as const,
      flags: all,
      detail: detailAll,
      answer: { scripts: [] },
    })),
    resend: vi.fn(async () => ({
      kind: 'sent' as const,
      flags: all,
      detail: detailAll,
      answer: { scripts: [] },
    })),
    inject: vi.fn(async () => undefined),
    keep: vi.fn(async () => true),
    ...client,
  };
  const s: ConsentSession & { published: unknown[]; withdrawn: unknown[] } = {
    store: createStore(
      consentFlow,
      initialConsent({ groups, forceReload: false, gpc: false, local: false, ...setup }),
    ),
    client: fake,
    signal: new AbortController().signal,
    published: [],
    withdrawn: [],
    withdraw: (flags) => void s.withdrawn.push(flags),
    publish: (flags, reloading) => void s.published.push(reloading ? { reloading, ...flags } : flags),
    reload: vi.fn(),
  };
  return s;
}

describe('consent session: on load', () => {
  it('nothing kept: reads the server and announces its flags', async () => {
    const s = session();
    await startConsent(s);
    expect(s.client.resend).not.toHaveBeenCalled();
    expect(s.published).toEqual([{}]);
    expect(s.store.get()).toMatchObject({ phase: 'ready', firstVisit: true, outdated: false });
  });

  it('a failed read announces nothing', async () => {
    const s = session({ read: async () => ({ kind: 'failed' }) });
    await startConsent(s);
    expect(s.published).toEqual([]);
    expect(s.store.get().phase).toBe('ready');
  });

  it('a kept choice is sent again (as the page’s groups have it); confirmed, its scripts run and nothing is read', async () => {
    const s = session({ pending: async () => ({ privacy_cookie_2: 1 }) });
    await startConsent(s);
    expect(s.client.resend).toHaveBeenCalledWith(all);
    expect(s.client.read).not.toHaveBeenCalled();
    expect(s.published).toEqual([detailAll]);
    expect(s.client.inject).toHaveBeenCalledWith({ scripts: [] });
  });

  it('a kept choice that was no first visit’s, or under forceReload, reloads the page once sent (spec §4), injecting nothing', async () => {
    const sent = (firstVisit: boolean) => async () =>
      ({ kind: 'sent', firstVisit, flags: all, detail: detailAll, answer: { scripts: [] } }) as const;
    const changed = session({ pending: async () => all, resend: sent(false) });
    await startConsent(changed);
    expect(changed.reload).toHaveBeenCalledTimes(1);
    expect(changed.client.inject).not.toHaveBeenCalled();
    expect(changed.published).toEqual([{ reloading: true, ...detailAll }]);
    const forced = session({ pending: async () => all, resend: sent(true) }, { forceReload: true });
    await startConsent(forced);
    expect(forced.reload).toHaveBeenCalledTimes(1);
    expect(forced.client.inject).not.toHaveBeenCalled();
  });

  it('a save not confirmed is kept with whether it was a first visit’s', async () => {
    const s = session({ save: vi.fn(async () => ({ kind: 'unsaved' as const, detail: {} })) });
    await startConsent(s);
    await saveConsent(s, 'accept-all');
    expect(s.client.save).toHaveBeenCalledWith(all, true);
  });

  it('a kept choice that still cannot be sent applies, and nothing is read', async () => {
    const local = { privacy_cookie: '1', privacy_cookie_1: '1', privacy_cookie_2: '0' };
    const s = session({
      pending: async () => none,
      resend: async () => ({ kind: 'kept', detail: local }),
    });
    await startConsent(s);
    expect(s.published).toEqual([local]);
    expect(s.client.read).not.toHaveBeenCalled();
    expect(s.store.get()).toMatchObject({ flags: none, choiceMade: true });
  });

  it('a kept choice refused for good: the server is read', async () => {
    const s = session({ pending: async () => all, resend: async () => ({ kind: 'refused' }) });
    await startConsent(s);
    expect(s.client.read).toHaveBeenCalled();
    expect(s.published).toEqual([{}]);
    expect(s.store.get()).toMatchObject({ firstVisit: true, choiceMade: false });
  });

  it('a kept no refused for good, the server holding an older yes: that yes is not applied, the visitor is asked again', async () => {
    const s = session({
      pending: async () => none,
      resend: async () => ({ kind: 'refused' }),
      read: async () => ({ kind: 'read', flags: all, detail: detailAll, firstVisit: false, outdated: false }),
    });
    await startConsent(s);
    expect(s.published).toEqual([{ privacy_cookie_1: '1', privacy_cookie_2: '0' }]);
    // The switches show the no the visitor made (dropped), not the server's yes pre-ticked.
    expect(s.store.get()).toMatchObject({ outdated: true, choiceMade: false, previous: none });
    s.store.dispatch({ type: 'delay-over' });
    expect(bannerShown(s.store.get())).toBe(true);
  });

  it('disconnected meanwhile: stops', async () => {
    const abort = new AbortController();
    const s = session({ pending: async () => (abort.abort(), undefined) });
    s.signal = abort.signal;
    await startConsent(s);
    expect(s.client.read).not.toHaveBeenCalled();
    const t = session({ read: async () => ({ kind: 'aborted' }) });
    await startConsent(t);
    expect(t.published).toEqual([]);
  });

  it('a save while the server is read: the read’s answer, older, is not announced', async () => {
    let answer!: () => void;
    const s = session({
      read: () =>
        new Promise(
          (resolve) =>
            (answer = () =>
              resolve({ kind: 'read', flags: none, detail: {}, firstVisit: true, outdated: false })),
        ),
    });
    const started = startConsent(s);
    await vi.waitFor(() => expect(answer).toBeDefined());
    await saveConsent(s, 'accept-all');
    answer();
    await started;
    expect(s.published).toEqual([{ reloading: true, ...detailAll }]);
    expect(s.reload).toHaveBeenCalled();
  });
});

/** A returning visitor's read: everything allowed. */
const returning = vi.fn(async () => ({
  kind: 'read' as const,
  flags: all,
  detail: detailAll,
  firstVisit: false,
  outdated: false,
}));

describe('consent session: saving', () => {
  it('a first visit: saved, announced, the scripts injected without a reload; the next save reloads', async () => {
    const s = session();
    await startConsent(s);
    await saveConsent(s, 'accept-all');
    expect(s.client.save).toHaveBeenCalledWith(all, true); // a first visit's, should it be kept
    expect(s.published.at(-1)).toEqual(detailAll);
    expect(s.client.inject).toHaveBeenCalledTimes(1);
    expect(s.reload).not.toHaveBeenCalled();
    await saveConsent(s, 'decline');
    expect(s.client.save).toHaveBeenLastCalledWith(none, false);
    expect(s.reload).toHaveBeenCalledTimes(1);
    // Announced as the page reloads with it: nothing is to start on this page.
    expect(s.published.at(-1)).toEqual({ reloading: true, ...detailAll });
    expect(s.client.inject).toHaveBeenCalledTimes(1);
  });

  it('not confirmed: applies on the page and is announced as a choice', async () => {
    const local = { privacy_cookie: '1', privacy_cookie_1: '1', privacy_cookie_2: '0' };
    const s = session({ save: async () => ({ kind: 'unsaved', detail: local }) });
    await startConsent(s);
    await saveConsent(s, 'decline');
    expect(s.published.at(-1)).toEqual(local);
    expect(s.store.get()).toMatchObject({ phase: 'ready', flags: none, choiceMade: true });
    expect(s.reload).not.toHaveBeenCalled();
  });

  it('one save at a time: a choice made meanwhile is sent next, and only the last is announced and applied', async () => {
    const s = session({
      save: vi.fn(async (choice) => ({
        kind: 'saved' as const,
        flags: choice,
        detail: { privacy_cookie: '1', privacy_cookie_2: String(choice.privacy_cookie_2) },
        answer: { scripts: [choice.privacy_cookie_2] },
      })),
    });
    await startConsent(s);
    s.published.length = 0;
    await Promise.all([saveConsent(s, 'accept-all'), saveConsent(s, 'accept'), saveConsent(s, 'decline')]);
    expect(vi.mocked(s.client.save).mock.calls).toEqual([
      [all, true],
      [none, true],
    ]);
    expect(s.published).toEqual([{ privacy_cookie: '1', privacy_cookie_2: '0' }]);
    // A first visit: the last choice's scripts run (the first's never do), no reload.
    expect(vi.mocked(s.client.inject).mock.calls).toEqual([[{ scripts: [0] }]]);
    expect(s.reload).not.toHaveBeenCalled();
    expect(s.store.get()).toMatchObject({ phase: 'ready', flags: none });
  });

  it('a returning visitor’s queued choice is sent before the page reloads', async () => {
    const s = session({
      read: returning,
    });
    await startConsent(s);
    await Promise.all([saveConsent(s, 'accept-all'), saveConsent(s, 'decline')]);
    expect(vi.mocked(s.client.save).mock.calls).toEqual([
      [all, false],
      [none, false],
    ]);
    expect(s.reload).toHaveBeenCalledTimes(1);
  });

  it('a choice queued behind a save under way is kept on the device at once (a page left before its turn sends it next)', async () => {
    let answer!: () => void;
    const save = vi.fn(
      (choice: Flags) =>
        new Promise<Awaited<ReturnType<ConsentClient['save']>>>((resolve) => {
          answer = () => resolve({ kind: 'saved', flags: choice, detail: {}, answer: {} });
        }),
    );
    const s = session({ read: returning, save });
    await startConsent(s);
    const first = saveConsent(s, 'accept-all');
    await saveConsent(s, 'decline');
    expect(s.client.keep).toHaveBeenCalledExactlyOnceWith(none, false);
    answer();
    await vi.waitFor(() => expect(save).toHaveBeenCalledTimes(2));
    answer();
    await first;
    expect(save.mock.calls).toEqual([
      [all, false],
      [none, false],
    ]);
  });

  it('a first choice the server did not confirm is not announced when another follows', async () => {
    const save = vi
      .fn()
      .mockResolvedValueOnce({ kind: 'unsaved', detail: detailAll })
      .mockResolvedValueOnce({ kind: 'saved', flags: none, detail: { privacy_cookie: '1' }, answer: {} });
    const s = session({ save });
    await startConsent(s);
    s.published.length = 0;
    await Promise.all([saveConsent(s, 'accept-all'), saveConsent(s, 'decline')]);
    expect(save).toHaveBeenCalledTimes(2);
    expect(s.published).toEqual([{ privacy_cookie: '1' }]);
  });

  it('a group switched off stops at once, before the server answers; a grant waits for the answer', async () => {
    let answer!: () => void;
    const s = session({
      read: returning,
      save: vi.fn(
        (choice) =>
          new Promise<Awaited<ReturnType<ConsentClient['save']>>>((resolve) => {
            answer = () => resolve({ kind: 'saved', flags: choice, detail: {}, answer: {} });
          }),
      ),
    });
    await startConsent(s);
    const saved = saveConsent(s, 'decline');
    expect(s.withdrawn).toEqual([['privacy_cookie_2']]);
    expect(s.published).toEqual([detailAll]); // sw:consent: after the save, as the contract says
    const queued = saveConsent(s, 'accept-all');
    expect(s.withdrawn).toEqual([['privacy_cookie_2'], []]); // nothing switched off: grants wait
    answer();
    await vi.waitFor(() => expect(s.client.save).toHaveBeenCalledTimes(2));
    answer();
    await Promise.all([saved, queued]);
    expect(s.withdrawn).toHaveLength(2);
  });

  it('the editors: nothing is sent or announced', async () => {
    const s = session({}, { local: true });
    await saveConsent(s, 'accept-all');
    expect(s.client.save).not.toHaveBeenCalled();
    expect(s.published).toEqual([]);
    expect(s.store.get().flags).toEqual(all);
  });
});

describe('consent session: a page restored from the back/forward cache', () => {
  const answer = (flags: typeof all | typeof none, firstVisit = false, outdated = false) => ({
    kind: 'read' as const,
    flags,
    detail: {},
    firstVisit,
    outdated,
  });
  /** A page that loaded with `before`, then read `after` when it is shown again. */
  const restored = async (before: ReturnType<typeof answer>, after: ReturnType<typeof answer>) => {
    const read = vi.fn(async () => before);
    const s = session({ read });
    await startConsent(s);
    read.mockImplementation(async () => after);
    await recheckConsent(s);
    return s;
  };

  it.each([
    ['a yes withdrawn on another page: reloaded', answer(all), answer(none), true],
    [
      'a choice made on another page (its banner was showing here): reloaded',
      answer(none, true),
      answer(none),
      true,
    ],
    ['the same choice: left as it is', answer(all), answer(all), false],
    ['still no choice (the banner still due): left as it is', answer(none, true), answer(none, true), false],
    [
      'an outdated choice, still outdated: left as it is',
      answer(all, false, true),
      answer(all, false, true),
      false,
    ],
  ])('%s', async (_what, before, after, reloads) => {
    const s = await restored(before, after);
    expect(s.client.read).toHaveBeenCalledTimes(2);
    expect(vi.mocked(s.reload).mock.calls.length).toBe(reloads ? 1 : 0);
  });

  it('a choice kept on this device (its save failed on another page) is the latest: it decides, not the server', async () => {
    const pending = vi.fn(async () => undefined as Flags | undefined);
    const read = vi.fn(async () => answer(all));
    const s = session({ pending, read });
    await startConsent(s);
    pending.mockImplementation(async () => ({ privacy_cookie_1: 1, privacy_cookie_2: 0 }));
    await recheckConsent(s); // a no kept there, the server still saying yes
    expect(s.reload).toHaveBeenCalledTimes(1);
    expect(read).toHaveBeenCalledTimes(1);
    // A page whose state came from that kept choice: the same choice, no reload on each Back.
    const same = session({ pending: async () => ({ privacy_cookie_1: 1, privacy_cookie_2: 0 }), read });
    same.client.resend = vi.fn(async () => ({ kind: 'kept' as const, detail: {} }));
    await startConsent(same);
    await recheckConsent(same);
    expect(same.reload).not.toHaveBeenCalled();
  });

  it('asks nothing while the page’s own questions or a save are under way', async () => {
    const s = session();
    await recheckConsent(s); // still looking
    expect(s.client.read).not.toHaveBeenCalled();
  });
});
