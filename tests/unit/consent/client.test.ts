import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { consentClient, consentWarnings } from '../../../runtime/consent/client';
import { CONSENT_READ_FAILED, parseGroups } from '../../../runtime/consent/model';
import { dropPending, keepPending, readPending } from '../../../runtime/consent/pending';
import { silenceConsole } from '../helpers';

// The device's kept choice, in memory (happy-dom has no IndexedDB).
const kept = new Map<string, unknown>();
vi.mock('../../../runtime/consent/pending', () => ({
  readPending: vi.fn(async (endpoint: string) => kept.get(endpoint)),
  keepPending: vi.fn(async (endpoint: string, choice: unknown) => (kept.set(endpoint, choice), true)),
  // Only the choice of that id, as the store does in one transaction.
  dropPending: vi.fn(async (endpoint: string, id: unknown) => {
    if ((kept.get(endpoint) as { id?: unknown } | undefined)?.id === id) kept.delete(endpoint);
  }),
}));

const ENDPOINT = '/clinic/swfiles/lib/privacycookie.php';
const groups = parseGroups(
  JSON.stringify([
    { label: 'Necessary', variable: 'privacy_cookie_1' },
    { label: 'Statistics', variable: 'privacy_cookie_2' },
  ]),
)!;
const ok = (message: Record<string, unknown>, extra: object = {}) =>
  new Response(JSON.stringify({ status: { code: '200', message }, ...extra }), { status: 200 });

let fetch: ReturnType<typeof vi.fn>;
let abort: AbortController;
let console_: ReturnType<typeof silenceConsole>;
const client = () => {
  const win = { fetch, setTimeout, clearTimeout, document, location } as unknown as Window;
  return consentClient(win, ENDPOINT, abort.signal, groups, 'n0nce');
};
const sent = () => fetch.mock.calls.map(([, init]) => [init.method, init.body ?? null]);

beforeEach(() => {
  kept.clear();
  vi.clearAllMocks();
  fetch = vi.fn();
  abort = new AbortController();
  console_ = silenceConsole();
});
afterEach(() => abort.abort());

describe('consent client: reading', () => {
  it('GETs the endpoint and reads the flags; a first visit has no privacy_cookie', async () => {
    fetch.mockResolvedValue(ok({ privacy_cookie_2: '1' }));
    expect(await client().read()).toEqual({
      kind: 'read',
      // A first visit's optional flags are the server's defaults: nobody chose them, so they
      // are neither in force nor where the switches start.
      flags: { privacy_cookie_1: 1, privacy_cookie_2: 0 },
      detail: {},
      firstVisit: true,
      outdated: false,
    });
    expect(sent()).toEqual([['GET', null]]);
    expect(fetch.mock.calls[0]![0]).toBe(ENDPOINT);
    expect(fetch.mock.calls[0]![1].keepalive).toBe(false);
  });

  it.each([
    ['a 500', () => new Response('down', { status: 500 })],
    ['another code', () => new Response('{"status":{"code":"403","message":{}}}')],
    ['an unreadable answer', () => new Response('<html>oops')],
    ['no answer', () => Promise.reject(new TypeError('network'))],
  ])('%s: the specification’s error, exactly', async (_what, answer) => {
    fetch.mockImplementation(answer);
    expect(await client().read()).toEqual({ kind: 'failed' });
    expect(console_.error).toHaveBeenCalledExactlyOnceWith(CONSENT_READ_FAILED);
  });

  it('aborted (the controller disconnected): nothing is said', async () => {
    fetch.mockImplementation(() => (abort.abort(), Promise.reject(new DOMException('', 'AbortError'))));
    expect(await client().read()).toEqual({ kind: 'aborted' });
    expect(console_.error).not.toHaveBeenCalled();
  });
});

describe('consent client: saving', () => {
  it('POSTs every group form-encoded; once confirmed, a kept choice is forgotten', async () => {
    kept.set(ENDPOINT, { flags: { privacy_cookie_2: 0 }, time: 1 });
    const answer = {
      status: { code: '200', message: { privacy_cookie: '1', privacy_cookie_1: '1', privacy_cookie_2: '1' } },
      scripts: [],
    };
    fetch.mockResolvedValue(new Response(JSON.stringify(answer)));
    const result = await client().save({ privacy_cookie_1: 1, privacy_cookie_2: 1 });
    expect(result).toEqual({
      kind: 'saved',
      flags: { privacy_cookie_1: 1, privacy_cookie_2: 1 },
      detail: answer.status.message,
      answer,
    });
    expect(sent()).toEqual([['POST', 'privacy_cookie_1=1&privacy_cookie_2=1']]);
    expect(fetch.mock.calls[0]![1].headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    // It outlives a page the visitor leaves at once (a link followed right after Accept).
    expect(fetch.mock.calls[0]![1].keepalive).toBe(true);
    expect(kept.has(ENDPOINT)).toBe(false);
  });

  it.each([
    ['echoes the flags without privacy_cookie', { privacy_cookie_1: '1', privacy_cookie_2: '1' }],
    ['echoes nothing', {}],
    ['echoes another revision', { privacy_cookie_revision: 'old' }],
  ])('a success that %s still confirms the choice sent (never a first visit)', async (_, message) => {
    fetch.mockResolvedValue(ok(message));
    const result = await consentClient(
      { fetch, setTimeout, clearTimeout, document, location } as unknown as Window,
      ENDPOINT,
      abort.signal,
      groups,
      'n0nce',
      '2026-11',
    ).save({ privacy_cookie_1: 1, privacy_cookie_2: 1 });
    expect(result).toMatchObject({
      kind: 'saved',
      flags: { privacy_cookie_1: 1, privacy_cookie_2: 1 },
      detail: { privacy_cookie: '1', privacy_cookie_1: '1', privacy_cookie_2: '1', ...message },
    });
  });

  it('the choice sent wins over an echo that says otherwise for the page’s groups (a Decline stays declined); other flags are kept', async () => {
    fetch.mockResolvedValue(ok({ privacy_cookie: '1', privacy_cookie_2: '1', privacy_cookie_9: '1' }));
    expect(await client().save({ privacy_cookie_1: 1, privacy_cookie_2: 0 })).toEqual(
      expect.objectContaining({
        flags: { privacy_cookie_1: 1, privacy_cookie_2: 0 },
        detail: { privacy_cookie: '1', privacy_cookie_1: '1', privacy_cookie_2: '0', privacy_cookie_9: '1' },
      }),
    );
  });

  it('not confirmed (an answer that is not a success too): kept on the device, applies on the page, with a warning', async () => {
    for (const answer of [
      () => new Response('busy', { status: 503 }),
      () => new Response('{"status":{"code":"500","message":{}}}'),
    ]) {
      kept.clear();
      fetch.mockImplementation(answer);
      expect(await client().save({ privacy_cookie_1: 1, privacy_cookie_2: 0 })).toEqual({
        kind: 'unsaved',
        detail: { privacy_cookie: '1', privacy_cookie_1: '1', privacy_cookie_2: '0' },
      });
      expect(kept.get(ENDPOINT)).toMatchObject({ flags: { privacy_cookie_1: 1, privacy_cookie_2: 0 } });
    }
    expect(console_.warn).toHaveBeenCalledWith(`[site-runtime] ${consentWarnings.kept}`, expect.any(Error));
  });

  it('nor kept on the device: it applies on this page only, and says so', async () => {
    vi.mocked(keepPending).mockResolvedValueOnce(false);
    fetch.mockRejectedValue(new TypeError('network'));
    expect((await client().save({ privacy_cookie_1: 1, privacy_cookie_2: 1 })).kind).toBe('unsaved');
    expect(console_.warn).toHaveBeenCalledWith(
      `[site-runtime] ${consentWarnings.lost}`,
      expect.any(TypeError),
    );
  });

  it('aborted: nothing said; the choice stays kept (the server may never have had it)', async () => {
    fetch.mockImplementation(() => (abort.abort(), Promise.reject(new DOMException('', 'AbortError'))));
    expect(await client().save({ privacy_cookie_1: 1, privacy_cookie_2: 1 })).toEqual({ kind: 'aborted' });
    expect(kept.get(ENDPOINT)).toMatchObject({ flags: { privacy_cookie_1: 1, privacy_cookie_2: 1 } });
    expect(console_.warn).not.toHaveBeenCalled();
  });
});

describe('consent client: a choice waiting for the server’s answer', () => {
  /** A fetch whose answer the test gives when it likes (a slow server, a proxy holding it). */
  const held = () => {
    let answer!: (r: Response) => void;
    fetch.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    return (r: Response) => answer(r);
  };
  const confirmed = () => ok({ privacy_cookie: '1', privacy_cookie_1: '1', privacy_cookie_2: '0' });

  it('is kept on the device from the moment it is made, not once it fails (a page left meanwhile loses nothing)', async () => {
    const answer = held();
    const saving = client().save({ privacy_cookie_1: 1, privacy_cookie_2: 0 }, false);
    await vi.waitFor(() =>
      expect(kept.get(ENDPOINT)).toMatchObject({ flags: { privacy_cookie_1: 1, privacy_cookie_2: 0 } }),
    );
    expect(kept.get(ENDPOINT)).toMatchObject({ firstVisit: false, time: expect.any(Number) });
    // The request left first: a page left at once still sends it.
    expect(sent()).toEqual([['POST', 'privacy_cookie_1=1&privacy_cookie_2=0']]);
    answer(confirmed());
    expect((await saving).kind).toBe('saved');
    expect(kept.has(ENDPOINT), 'confirmed: forgotten').toBe(false);
  });

  it('confirmed after a later choice was kept (queued here, or made in another tab): the later one stays', async () => {
    const answer = held();
    const first = client();
    const saving = first.save({ privacy_cookie_1: 1, privacy_cookie_2: 1 });
    await vi.waitFor(() => expect(kept.has(ENDPOINT)).toBe(true));
    await first.keep({ privacy_cookie_1: 1, privacy_cookie_2: 0 }, false);
    answer(ok({ privacy_cookie: '1', privacy_cookie_1: '1', privacy_cookie_2: '1' }));
    expect((await saving).kind).toBe('saved');
    expect(kept.get(ENDPOINT)).toMatchObject({ flags: { privacy_cookie_2: 0 }, firstVisit: false });
  });

  it('failing after a later choice was kept: the later one stays, not overwritten by the older', async () => {
    const answer = held();
    const saving = client().save({ privacy_cookie_1: 1, privacy_cookie_2: 1 });
    await vi.waitFor(() => expect(kept.has(ENDPOINT)).toBe(true));
    await client().keep({ privacy_cookie_1: 1, privacy_cookie_2: 0 });
    answer(new Response('busy', { status: 503 }));
    expect((await saving).kind).toBe('unsaved');
    expect(kept.get(ENDPOINT)).toMatchObject({ flags: { privacy_cookie_2: 0 } });
    expect(console_.warn).toHaveBeenCalledWith(`[site-runtime] ${consentWarnings.kept}`, expect.any(Error));
  });

  it('a kept choice sent again does not forget a choice made since (mid-resend, or in another tab)', async () => {
    kept.set(ENDPOINT, { flags: { privacy_cookie_1: 1, privacy_cookie_2: 1 }, time: 1, id: 0.5 });
    const next = client();
    await next.pending();
    const answer = held();
    const resending = next.resend({ privacy_cookie_1: 1, privacy_cookie_2: 1 });
    await client().keep({ privacy_cookie_1: 1, privacy_cookie_2: 0 });
    answer(ok({ privacy_cookie: '1', privacy_cookie_1: '1', privacy_cookie_2: '1' }));
    expect((await resending).kind).toBe('sent');
    expect(kept.get(ENDPOINT)).toMatchObject({ flags: { privacy_cookie_2: 0 } });
  });
});

describe('consent client: a save confirmed as the runtime goes', () => {
  it('is not answered as saved (the flow would announce, reload or run scripts after destroy)', async () => {
    fetch.mockResolvedValue(ok({ privacy_cookie: '1', privacy_cookie_2: '1' }));
    vi.mocked(dropPending).mockImplementationOnce(async () => void abort.abort());
    expect(await client().save({ privacy_cookie_1: 1, privacy_cookie_2: 1 })).toEqual({ kind: 'aborted' });
  });
});

describe('consent client: a choice kept by an earlier page', () => {
  it('is read from the device', async () => {
    kept.set(ENDPOINT, { flags: { privacy_cookie_2: 1 }, time: 1 });
    expect(await client().pending()).toEqual({ privacy_cookie_2: 1 });
    expect(readPending).toHaveBeenCalledWith(ENDPOINT);
  });

  it('sent again and confirmed: forgotten, the answer (with its scripts) returned', async () => {
    kept.set(ENDPOINT, { flags: { privacy_cookie_2: 1 }, time: 1 });
    fetch.mockResolvedValue(
      ok(
        { privacy_cookie: '1', privacy_cookie_1: '1', privacy_cookie_2: '1' },
        { scripts: [{ scriptdata: '<script></script>' }] },
      ),
    );
    const result = await client().resend({ privacy_cookie_1: 1, privacy_cookie_2: 1 });
    expect(result).toMatchObject({ kind: 'sent', flags: { privacy_cookie_1: 1, privacy_cookie_2: 1 } });
    expect(sent()).toEqual([['POST', 'privacy_cookie_1=1&privacy_cookie_2=1']]);
    expect(dropPending).toHaveBeenCalledWith(ENDPOINT, undefined); // a record from before ids
    expect(kept.has(ENDPOINT)).toBe(false);
  });

  it('a failed save is kept with whether it was a first visit’s, and sent again says so (older records: a first visit’s)', async () => {
    fetch.mockResolvedValueOnce(new Response('down', { status: 500 }));
    await client().save({ privacy_cookie_1: 1, privacy_cookie_2: 1 }, false);
    expect(kept.get(ENDPOINT)).toMatchObject({ firstVisit: false });
    fetch.mockResolvedValue(ok({ privacy_cookie: '1', privacy_cookie_1: '1', privacy_cookie_2: '1' }));
    const next = client();
    await next.pending();
    expect(await next.resend({ privacy_cookie_1: 1, privacy_cookie_2: 1 })).toMatchObject({
      kind: 'sent',
      firstVisit: false,
    });
  });

  it('with revisions: a failed save is kept with its revision, and sent again under it, whatever the next page says', async () => {
    const under = (revision: string) => {
      const win = { fetch, setTimeout, clearTimeout, document, location } as unknown as Window;
      return consentClient(win, ENDPOINT, abort.signal, groups, 'n0nce', revision);
    };
    fetch.mockRejectedValueOnce(new TypeError('network'));
    await under('1').save({ privacy_cookie_1: 1, privacy_cookie_2: 1 });
    expect(kept.get(ENDPOINT)).toMatchObject({
      revision: '1',
      flags: { privacy_cookie_1: 1, privacy_cookie_2: 1 },
    });
    // The policy changed before the next page: the choice is sent as made, under "1", and
    // applies on this page; the server's record says "1", so a later read asks again.
    fetch.mockImplementation(async () =>
      ok({ privacy_cookie: '1', privacy_cookie_1: '1', privacy_cookie_2: '1', privacy_cookie_revision: '1' }),
    );
    const next = under('2');
    expect(await next.pending()).toEqual({ privacy_cookie_1: 1, privacy_cookie_2: 1 });
    expect(await next.resend({ privacy_cookie_1: 1, privacy_cookie_2: 1 })).toMatchObject({
      kind: 'sent',
      detail: { privacy_cookie: '1', privacy_cookie_2: '1' },
    });
    expect(sent().at(-1)).toEqual(['POST', 'privacy_cookie_1=1&privacy_cookie_2=1&revision=1']);
    expect(await next.read()).toMatchObject({ outdated: true });
  });

  it.each([
    ['a network error', () => Promise.reject(new TypeError('network'))],
    ['a 503', () => new Response('busy', { status: 503 })],
    ['a 429', () => new Response('slow down', { status: 429 })],
    ['a 408', () => new Response('late', { status: 408 })],
  ])('%s: still kept, and it applies', async (_what, answer) => {
    kept.set(ENDPOINT, { flags: { privacy_cookie_2: 0 }, time: 1 });
    fetch.mockImplementation(answer);
    expect(await client().resend({ privacy_cookie_1: 1, privacy_cookie_2: 0 })).toEqual({
      kind: 'kept',
      detail: { privacy_cookie: '1', privacy_cookie_1: '1', privacy_cookie_2: '0' },
    });
    expect(kept.has(ENDPOINT)).toBe(true);
    expect(console_.warn).toHaveBeenCalledWith(
      `[site-runtime] ${consentWarnings.stillKept}`,
      expect.anything(),
    );
  });

  it('refused for good (a 4xx): dropped, and the visitor is asked again', async () => {
    kept.set(ENDPOINT, { flags: { privacy_cookie_2: 0 }, time: 1 });
    fetch.mockResolvedValue(new Response('{"error":"unknown variable"}', { status: 400 }));
    expect(await client().resend({ privacy_cookie_1: 1, privacy_cookie_2: 0 })).toEqual({ kind: 'refused' });
    expect(kept.has(ENDPOINT)).toBe(false);
    expect(console_.warn).toHaveBeenCalledWith(
      `[site-runtime] ${consentWarnings.refused}`,
      expect.anything(),
    );
  });
});

describe('consent client: the server’s scripts', () => {
  it('run with the nonce at their positions', async () => {
    await client().inject({
      scripts: [{ scriptdata: '<script>window.__ran = 1</script>', position: 'endbody' }],
    });
    const script = document.body.lastElementChild as HTMLScriptElement;
    expect(script.localName).toBe('script');
    expect(script.nonce).toBe('n0nce');
  });
});
