import { afterEach, describe, expect, it, vi } from 'vitest';
import { consentBanner } from '../../../runtime/controllers/consent-banner';
import { consentHub } from '../../../runtime/consent/hub';
import { consentModal } from '../../../runtime/controllers/consent-modal';
import { ChunkLoadError } from '../../../runtime/errors';
import type { Runtime } from '../../../runtime/runtime';
import { html, runtime, silenceConsole } from '../helpers';

// The device's kept choice, in memory (happy-dom has no IndexedDB).
const kept = new Map<string, unknown>();
vi.mock('../../../runtime/consent/pending', () => ({
  readPending: async (endpoint: string) => kept.get(endpoint),
  keepPending: async (endpoint: string, choice: unknown) => (kept.set(endpoint, choice), true),
  dropPending: async (endpoint: string) => void kept.delete(endpoint),
}));

/**
 * The consent modal's controller with its banner, on a page as the builder writes it: the
 * switches are a component drawn through the UI host (these run on Preact, what ships, and on
 * React 19), the rest is the builder's markup. The endpoint is a mocked fetch.
 */
const groups = [
  { label: 'Necessary', variable: 'privacy_cookie_1', description: 'Needed.', forced: true },
  { label: 'Statistics', variable: 'privacy_cookie_2', description: 'Visits.' },
  { label: 'Media', variable: 'privacy_cookie_3' },
];

let rt: Runtime;
let posts: string[];
let events: unknown[];
let listening: AbortController;

function setUp({
  host = true,
  gpc = false,
  later = false,
  delay = 0,
  id = 'cookie-preferences',
  more = '',
  stored = undefined as Record<string, string> | undefined,
  answered = Promise.resolve(),
  attrs = '',
  cookieGroups = JSON.stringify(groups),
} = {}) {
  kept.clear();
  posts = [];
  events = [];
  html(`<div data-sw-consent-banner hidden>
      <button type="button" data-sw-consent-action="accept-all">Accept all</button>
      <button type="button" data-sw-consent-action="preferences" id="banner-prefs">Preferences</button>
    </div>
    <div ${id ? `id="${id}"` : ''} ${attrs} data-sw-consent-modal aria-labelledby="prefs-title"
         data-sw-cookie-groups='${cookieGroups}' data-sw-consent-options='{"delay":${delay}${more}}'>
      <h2 id="prefs-title">Cookie preferences</h2>
      <div data-sw-consent-groups></div>
      <button type="button" data-sw-consent-action="accept" id="save">Save choices</button>
    </div>
    <a href="#cookie-preferences" data-sw-consent-action="preferences" id="link">Cookie settings</a>`);
  Object.defineProperty(navigator, 'globalPrivacyControl', { value: gpc, configurable: true });
  vi.spyOn(window, 'fetch').mockImplementation(async (_url, init) => {
    const body = init?.body as string | undefined;
    if (typeof body === 'string') posts.push(body);
    if (body) await answered;
    const chosen = Object.fromEntries(new URLSearchParams(body ?? ''));
    const held =
      stored ?? (later ? { privacy_cookie: '1', privacy_cookie_1: '1', privacy_cookie_2: '0' } : {});
    const message = body ? { privacy_cookie: '1', ...chosen } : held;
    return new Response(JSON.stringify({ status: { code: '200', message }, scripts: [] }));
  });
  listening = new AbortController();
  document.addEventListener('sw:consent', (e) => events.push((e as CustomEvent).detail), listening);
  rt = runtime([
    { name: 'consent-modal', selector: '[data-sw-consent-modal]', load: 'ready', controller: consentModal },
    {
      name: 'consent-banner',
      selector: '[data-sw-consent-banner]',
      load: 'ready',
      controller: consentBanner,
    },
  ]);
  if (!host)
    vi.spyOn(rt, 'ui').mockRejectedValue(new ChunkLoadError('UI host: its code could not be loaded'));
  rt.start();
}

const $ = <E extends Element = HTMLElement>(s: string) => document.querySelector<E>(s)!;
const modal = () => $('#cookie-preferences');
const banner = () => $('[data-sw-consent-banner]');
const switchFor = (name: string) => $<HTMLInputElement>(`input[role="switch"][name="${name}"]`);
const ready = () => vi.waitFor(() => expect(modal().hasAttribute('data-sw-ready')).toBe(true));
const drawn = () =>
  vi.waitFor(() => expect(document.querySelectorAll('[data-sw-consent-group]')).toHaveLength(groups.length));
const click = (s: string) => $(s).click();
/** A first contact with the banner: what fetches the switches' code (issue 14). */
const contact = async () => {
  await vi.waitFor(() => expect(banner().hidden).toBe(false));
  $('#banner-prefs').dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
};

afterEach(() => {
  listening.abort();
  rt?.destroy();
  delete (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl;
});

describe('consent preferences: the switches component', () => {
  it('draws one switch per group into the builder’s container, with the markup the contract names', async () => {
    setUp();
    await ready();
    await contact();
    await drawn(); // asked for on the first contact with the banner
    const target = $('[data-sw-consent-groups] > div');
    expect(target.getAttribute('data-sw-ui')).toBe('consent-modal');
    expect($('[data-sw-consent-gpc]').hidden).toBe(true);
    const rows = [...target.querySelectorAll('[data-sw-consent-group]')];
    expect(rows.map((r) => r.getAttribute('data-sw-consent-group'))).toEqual(groups.map((g) => g.variable));
    const inputs = rows.map((r) => r.querySelector('input')!);
    for (const [i, input] of inputs.entries()) {
      expect(input.type).toBe('checkbox');
      expect(input.getAttribute('role')).toBe('switch');
      expect(input.name).toBe(groups[i]!.variable);
      expect(input.id).toMatch(new RegExp(`^sw-consent-\\d+-${i}$`));
      expect(rows[i]!.querySelector('label')!.htmlFor).toBe(input.id);
    }
    // The forced group: checked, announced as not switchable, still focusable.
    expect(inputs[0]!.checked).toBe(true);
    expect(inputs[0]!.getAttribute('aria-disabled')).toBe('true');
    expect(inputs[0]!.disabled).toBe(false);
    expect(rows[0]!.querySelector('label')!.textContent).toBe('Necessary (Always on)');
    expect(inputs[1]!.hasAttribute('aria-disabled')).toBe(false);
    expect(inputs[1]!.checked).toBe(false);
    // A description describes its switch; a group without one has neither.
    const described = inputs[1]!.getAttribute('aria-describedby')!;
    expect(document.getElementById(described)!.textContent).toBe('Visits.');
    expect(document.getElementById(described)!.parentElement).toBe(rows[1]);
    expect(inputs[2]!.hasAttribute('aria-describedby')).toBe(false);
    expect(rows[2]!.querySelector('p')).toBeNull();
  });

  it('with Global Privacy Control, the note shows until a choice exists', async () => {
    setUp({ gpc: true });
    await ready();
    await contact();
    await vi.waitFor(() => expect($('[data-sw-consent-gpc]').hidden).toBe(false));
    expect($('[data-sw-consent-gpc]').textContent).toContain('Global Privacy Control');
  });

  it('a later visit asks for the UI host only when the preferences open (a failure is announced once, by whoever needs it)', async () => {
    setUp({ later: true });
    const ui = vi.spyOn(rt, 'ui');
    await vi.waitFor(() => expect(events).toHaveLength(1));
    await ready();
    expect(banner().hidden).toBe(true);
    expect(ui).not.toHaveBeenCalled();
    click('#link');
    expect(ui).toHaveBeenCalledTimes(1);
    await drawn();
    expect(switchFor('privacy_cookie_1').checked).toBe(true);
    expect(switchFor('privacy_cookie_2').checked).toBe(false);
  });

  it('the delay keeps the runtime busy only while the banner may be due: a later visit is idle once its choice is read', async () => {
    setUp({ later: true, delay: 600_000 });
    await vi.waitFor(() => expect(events).toHaveLength(1));
    await rt.work.idle(); // would wait the ten minutes if the delay still counted
    expect(banner().hidden).toBe(true);
    listening.abort();
    rt.destroy();
    setUp({ delay: 600_000 }); // a first visit: the banner is still to come
    await vi.waitFor(() => expect(events).toHaveLength(1));
    expect(rt.work.pending).toBeGreaterThan(0);
  });

  it('a no reaches the runtime’s parts (analytics, players) at once; sw:consent comes with the server’s answer', async () => {
    let answer!: () => void;
    const yes = { privacy_cookie: '1', privacy_cookie_1: '1', privacy_cookie_2: '1', privacy_cookie_3: '1' };
    setUp({ stored: yes, answered: new Promise<void>((r) => (answer = r)) });
    await vi.waitFor(() => expect(events).toEqual([yes]));
    const hub = consentHub(rt);
    hub.act!('decline', $('#save'));
    await vi.waitFor(() => expect(posts).toHaveLength(1));
    expect(hub.flags).toMatchObject({ privacy_cookie_2: '0', privacy_cookie_3: '0' });
    expect(events).toHaveLength(1);
    answer();
    await vi.waitFor(() => expect(events).toHaveLength(2));
  });

  it('hidden is hidden whatever the builder’s CSS says: the banner after a choice, Accept all with enableAll off (which saves nothing)', async () => {
    setUp({ more: ',"enableAll":false' });
    const style = document.head.appendChild(document.createElement('style'));
    style.textContent = '[data-sw-consent-banner]{display:flex} button{display:inline-block}';
    await ready();
    const acceptAll = $('[data-sw-consent-action="accept-all"]');
    expect(acceptAll.hidden).toBe(true);
    expect(getComputedStyle(acceptAll).display).toBe('none');
    acceptAll.click(); // a page script's click
    await rt.work.idle();
    expect(posts).toEqual([]);
    click('#banner-prefs');
    await vi.waitFor(() => expect(banner().hidden).toBe(true));
    expect(getComputedStyle(banner()).display).toBe('none');
    style.remove();
  });

  it('preferences opened from the banner, closed with Escape: focus goes back to the banner’s button (APG)', async () => {
    setUp({ more: ',"close":["escape"]' });
    await ready();
    await vi.waitFor(() => expect(banner().hidden).toBe(false));
    $('#banner-prefs').focus();
    click('#banner-prefs');
    const dialog = modal().closest('dialog')!;
    await vi.waitFor(() => expect(dialog.open).toBe(true));
    dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
    await vi.waitFor(() => expect(dialog.open).toBe(false), { timeout: 2000 });
    expect(banner().hidden).toBe(false);
    expect(document.activeElement).toBe($('#banner-prefs'));
  });

  it('a consent modal without an id is not opened by an address without a fragment', async () => {
    setUp({ id: '' });
    const el = $('[data-sw-consent-modal]');
    await vi.waitFor(() => expect(el.hasAttribute('data-sw-ready')).toBe(true));
    await rt.work.idle();
    expect(document.querySelector('dialog[open]')).toBeNull();
    click('#link'); // its preferences controls still open it
    await vi.waitFor(() => expect(el.closest('dialog')?.open).toBe(true));
  });

  it('toggles optional groups, never the forced one; Save choices sends the switches', async () => {
    setUp();
    await ready();
    await vi.waitFor(() => expect(events).toEqual([{}]));
    click('#link');
    expect(modal().closest('dialog')!.open).toBe(true);
    await drawn(); // the opening fetched the switches' code
    switchFor('privacy_cookie_2').click();
    await vi.waitFor(() => expect(switchFor('privacy_cookie_2').checked).toBe(true));
    switchFor('privacy_cookie_1').click();
    await Promise.resolve();
    expect(switchFor('privacy_cookie_1').checked).toBe(true);
    click('#save');
    await vi.waitFor(() =>
      expect(posts).toEqual(['privacy_cookie_1=1&privacy_cookie_2=1&privacy_cookie_3=0']),
    );
    await vi.waitFor(() =>
      expect(events.at(-1)).toEqual({
        privacy_cookie: '1',
        privacy_cookie_1: '1',
        privacy_cookie_2: '1',
        privacy_cookie_3: '0',
      }),
    );
  });

  it('the banner follows the flow: shown on a first visit, hidden by the preferences and by a choice', async () => {
    setUp();
    await ready();
    await vi.waitFor(() => expect(banner().hidden).toBe(false));
    click('#banner-prefs');
    expect(banner().hidden).toBe(true);
    expect(modal().closest('dialog')!.open).toBe(true);
    click('#save');
    await vi.waitFor(() => expect(modal().closest('dialog')!.open).toBe(false), { timeout: 2000 });
    expect(banner().hidden).toBe(true);
    expect(posts).toHaveLength(1);
  });

  it('disconnecting takes everything back: the builder’s markup as written, nothing of the runtime left', async () => {
    setUp();
    await ready();
    await vi.waitFor(() => expect(banner().hidden).toBe(false));
    rt.destroy();
    expect(modal().parentElement).toBe(document.body);
    expect(document.querySelector('dialog, [data-sw-ui], [aria-busy], [data-sw-consent-group]')).toBeNull();
    expect($('[data-sw-consent-groups]').childNodes).toHaveLength(0);
    expect(banner().hidden).toBe(true);
  });
});

describe('preferences the builder hid (contract §3: the runtime alone decides what is shown)', () => {
  it('a hidden attribute does not leave the open dialog empty, and is the builder’s again once the runtime goes', async () => {
    setUp({ attrs: 'hidden' });
    await ready();
    click('#link');
    expect(modal().closest('dialog')!.open).toBe(true);
    expect(modal().hidden).toBe(false);
    rt.destroy();
    expect(modal().hidden).toBe(true);
  });
});

describe('cookie groups not written as the contract says', () => {
  it('a group left out and a field not used as written are named in one warning', async () => {
    const { warn } = silenceConsole();
    setUp({
      cookieGroups: JSON.stringify([
        { label: 'Statistics', variable: 'privacy_cookie_2', forced: 'true' },
        { label: 'No variable' },
      ]),
    });
    await ready();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain(
      'data-sw-cookie-groups: privacy_cookie_2: "forced" is true or false, not "true": not forced; group 2 is left out',
    );
  });
});

describe('a no given in another tab of the site', () => {
  it('applies as one given here: tracking, sw:consent, the switches and a later save all say no', async () => {
    // Node's BroadcastChannel stands in for the browser's (happy-dom has none).
    Object.assign(window, { BroadcastChannel });
    const otherTab = new BroadcastChannel('sw-consent:/clinic');
    const sibling = new BroadcastChannel('sw-consent:/dental');
    try {
      const on = { privacy_cookie: '1', privacy_cookie_1: '1', privacy_cookie_2: '1', privacy_cookie_3: '1' };
      setUp({ stored: on });
      await ready();
      await rt.work.idle();
      expect(events).toEqual([on]);
      sibling.postMessage({ off: ['privacy_cookie_3'] }); // another project's consent: not ours
      otherTab.postMessage({ off: ['privacy_cookie_1', 'privacy_cookie', 'privacy_cookie_2'] });
      const now = { ...on, privacy_cookie_2: '0' }; // a forced group, the choice marker: no one's to refuse
      await vi.waitFor(() => expect(consentHub(rt).flags).toEqual(now));
      expect(events).toEqual([on, now]);
      click('#link');
      await drawn();
      expect(switchFor('privacy_cookie_2').checked).toBe(false);
      expect(switchFor('privacy_cookie_3').checked).toBe(true);
      click('#save');
      await vi.waitFor(() => expect(posts).toHaveLength(1));
      expect(posts[0]).toContain('privacy_cookie_2=0');
      expect(posts[0]).toContain('privacy_cookie_3=1');
    } finally {
      otherTab.close();
      sibling.close();
      delete (window as { BroadcastChannel?: unknown }).BroadcastChannel;
    }
  });
});

describe('a page shown again from the back/forward cache', () => {
  it('reads the server again (a choice made on another page meanwhile); a page shown for the first time does not', async () => {
    setUp({ later: true });
    await ready();
    await rt.work.idle();
    const reads = () => vi.mocked(window.fetch).mock.calls.filter(([, init]) => !init?.body).length;
    expect(reads()).toBe(1);
    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: false }));
    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    await vi.waitFor(() => expect(reads()).toBe(2));
  });

  it('stops at once the groups a save elsewhere left off in the site’s cookies, before the read answers', async () => {
    const on = { privacy_cookie: '1', privacy_cookie_1: '1', privacy_cookie_2: '1', privacy_cookie_3: '1' };
    setUp({ stored: on });
    await ready();
    await rt.work.idle();
    expect(consentHub(rt).flags).toEqual(on);
    // The other page's save: the server's cookies (a forced group is never the visitor's to refuse).
    document.cookie = 'privacy_cookie_1=0';
    document.cookie = 'privacy_cookie_2=0';
    try {
      window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
      expect(consentHub(rt).flags).toEqual({ ...on, privacy_cookie_2: '0' });
    } finally {
      for (const name of ['privacy_cookie_1', 'privacy_cookie_2'])
        document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
    }
  });
});

describe('the banner on its own', () => {
  const markup = `<div data-sw-consent-banner hidden><button type="button" data-sw-consent-action="accept-all">Accept all</button></div>`;
  const startBanner = (modal: string) => {
    html(markup + modal);
    const style = document.head.appendChild(document.createElement('style'));
    style.textContent = '[data-sw-consent-banner]{display:flex}';
    listening = new AbortController();
    rt = runtime([
      {
        name: 'consent-banner',
        selector: '[data-sw-consent-banner]',
        load: 'ready',
        controller: consentBanner,
      },
    ]);
    rt.start();
    return style;
  };

  it('connected before the modal’s chunk, hidden is hidden whatever the builder’s CSS says', async () => {
    const style = startBanner(
      `<div id="p" data-sw-consent-modal data-sw-cookie-groups='${JSON.stringify(groups)}'></div>`,
    );
    await rt.work.idle();
    expect(banner().hasAttribute('data-sw-ready')).toBe(true);
    expect(getComputedStyle(banner()).display).toBe('none');
    style.remove();
  });

  it('with unusable cookie groups, no consent UI: the banner stays the builder’s (the modal alone warns)', async () => {
    const { warn } = silenceConsole();
    const style = startBanner(`<div id="p" data-sw-consent-modal data-sw-cookie-groups=""></div>`);
    await rt.work.idle();
    expect(banner().hasAttribute('data-sw-ready')).toBe(false);
    expect(warn).not.toHaveBeenCalled();
    style.remove();
  });
});

describe('consent when the UI host cannot be loaded', () => {
  it('the flow still works without switches: the banner shows, a choice is saved and announced', async () => {
    silenceConsole();
    setUp({ host: false });
    await ready(); // marked: the preferences work, with no switches drawn
    expect(document.querySelector('[data-sw-consent-group]')).toBeNull();
    await vi.waitFor(() => expect(banner().hidden).toBe(false));
    click('[data-sw-consent-banner] [data-sw-consent-action="accept-all"]');
    await vi.waitFor(() =>
      expect(posts).toEqual(['privacy_cookie_1=1&privacy_cookie_2=1&privacy_cookie_3=1']),
    );
    await vi.waitFor(() =>
      expect(events.at(-1)).toMatchObject({ privacy_cookie: '1', privacy_cookie_3: '1' }),
    );
    expect(banner().hidden).toBe(true);
  });

  it('Save choices without switches saves the flags the page has; each need asks again, and then they are drawn', async () => {
    silenceConsole();
    setUp({ host: false });
    await vi.waitFor(() => expect(banner().hidden).toBe(false));
    await rt.work.idle();
    expect(rt.ui).not.toHaveBeenCalled(); // nothing at load, the banner shown (issue 14)
    await contact();
    expect(rt.ui).toHaveBeenCalledTimes(1); // the first contact with the banner
    $('#link').dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(rt.ui).toHaveBeenCalledTimes(1); // once, whichever contact comes first
    await rt.work.idle(); // that try has failed
    click('#link');
    expect(rt.ui).toHaveBeenCalledTimes(2);
    click('#save');
    await vi.waitFor(() =>
      expect(posts).toEqual(['privacy_cookie_1=1&privacy_cookie_2=0&privacy_cookie_3=0']),
    );
    vi.mocked(rt.ui).mockRestore();
    await vi.waitFor(() => expect(modal().closest('dialog')!.open).toBe(false), { timeout: 2000 });
    click('#link');
    await drawn();
    expect(switchFor('privacy_cookie_1').checked).toBe(true);
    expect(switchFor('privacy_cookie_2').checked).toBe(false);
  });

  it('the switches’ box is aria-busy while their code is on its way, not after (issue 14)', async () => {
    setUp({ later: true });
    await ready();
    const real = rt.ui.bind(rt);
    let go!: () => void;
    const gate = new Promise<void>((r) => (go = r));
    vi.spyOn(rt, 'ui').mockImplementation((use) => gate.then(() => real(use)));
    click('#link');
    const box = $('[data-sw-consent-groups] > div');
    expect(box.getAttribute('aria-busy')).toBe('true');
    go();
    await drawn();
    await vi.waitFor(() => expect(box.hasAttribute('aria-busy')).toBe(false));
  });

  it('a disconnect while the host is on its way takes everything back at once', async () => {
    setUp({ later: true });
    vi.spyOn(rt, 'ui').mockReturnValue(new Promise(() => {}));
    click('#link');
    expect(rt.ui).toHaveBeenCalled();
    rt.destroy();
    expect(modal().parentElement).toBe(document.body);
    expect(document.querySelector('dialog')).toBeNull();
    expect($('[data-sw-consent-groups]').childNodes).toHaveLength(0);
  });
});
