import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { consentHub } from '../../../runtime/consent/hub';
import { analytics } from '../../../runtime/controllers/analytics';
import type { Runtime } from '../../../runtime/runtime';
import { runtime, silenceConsole } from '../helpers';

/**
 * The consent gate of the analytics controller (contract §5): the gtag commands it pushes
 * before consent, at consent and at withdrawal. The consent modal's controller publishes the
 * server's flags (strings, contract §3) on the runtime's consent hub; that is what the gate
 * follows. The tag library's URL never loads here (happy-dom does not fetch scripts); the
 * browser tests cover loading and the events.
 */
const w = window as unknown as { dataLayer?: IArguments[] };
const commands = () =>
  (w.dataLayer ?? []).map((a) => Array.from(a).map((x) => (x instanceof Date ? 'date' : x)));
const consent = (flags: Record<string, string>) => consentHub(rt).publish({ privacy_cookie: '1', ...flags });

let rt: Runtime;
beforeEach(() => {
  silenceConsole(); // happy-dom refuses to load the tag: that warning is expected here
  delete w.dataLayer;
  document.head.innerHTML = `<script type="application/json" id="sw-config">${JSON.stringify({
    analytics: { measurementId: 'G-TEST', scriptUrl: 'https://tags.example/gtag/js' },
  })}</script>`;
  rt = runtime([{ name: 'analytics', selector: ':root', load: 'ready', controller: analytics }]);
  rt.start();
});
afterEach(() => {
  vi.restoreAllMocks();
  rt.destroy();
  document.head.innerHTML = '';
  delete w.dataLayer;
});

const DENIED = {
  ad_storage: 'denied',
  analytics_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
};

describe('analytics consent gate', () => {
  it('pushes only the denied defaults before consent, as gtag argument lists', () => {
    expect(commands()).toEqual([['consent', 'default', DENIED]]);
    expect(Object.prototype.toString.call(w.dataLayer![0])).toBe('[object Arguments]');
    consent({ privacy_cookie_2: '0' });
    expect(commands()).toEqual([['consent', 'default', DENIED]]);
  });

  it('a runtime booted again on the same page repeats nothing the dataLayer was told', () => {
    consent({ privacy_cookie_2: '1' });
    const told = commands().length;
    for (let i = 0; i < 3; i++) {
      rt.destroy();
      rt = runtime([{ name: 'analytics', selector: ':root', load: 'ready', controller: analytics }]);
      rt.start();
      consent({ privacy_cookie_2: '1' });
    }
    // No second default, grant, configuration or page view for the same address.
    expect(commands()).toHaveLength(told);
    // A runtime booted again that reads a no says so, though the grant was an earlier one's.
    rt.destroy();
    rt = runtime([{ name: 'analytics', selector: ':root', load: 'ready', controller: analytics }]);
    rt.start();
    consent({ privacy_cookie_2: '0' });
    expect(commands().slice(told)).toEqual([['consent', 'update', { analytics_storage: 'denied' }]]);
  });

  it('analytics.scriptUrl: a relative address loads from the site; a data: or javascript: one loads nothing', () => {
    for (const [scriptUrl, loads] of [
      ['/e1/gtag.js', true],
      ['data:text/javascript,window.__ran=1//', false],
      ['javascript:window.__ran=1//', false],
    ] as const) {
      rt.destroy();
      delete w.dataLayer; // and the page's tag state with it: a new page
      document.head.innerHTML = `<script type="application/json" id="sw-config">${JSON.stringify({
        analytics: { measurementId: 'G-TEST', scriptUrl },
      })}</script>`;
      const warn = vi.mocked(console.warn);
      warn.mockClear();
      const appended: string[] = [];
      vi.spyOn(document.head, 'append').mockImplementation((...nodes) =>
        nodes.forEach((n) => n instanceof HTMLScriptElement && appended.push(n.src)),
      );
      rt = runtime([{ name: 'analytics', selector: ':root', load: 'ready', controller: analytics }]);
      rt.start();
      consent({ privacy_cookie_2: '1' });
      const tagScripts = () => appended;
      if (loads) expect(tagScripts()).toEqual([`${location.origin}/e1/gtag.js?id=G-TEST`]);
      else {
        expect(tagScripts(), scriptUrl).toEqual([]);
        expect(warn.mock.calls.map((c) => String(c[0]))).toContain(
          `[site-runtime] analytics.scriptUrl is unusable: ${scriptUrl}`,
        );
      }
    }
  });

  it('a no on the same page also turns the library off (its opt-out: denied storage alone leaves cookieless pings); a yes after turns it on', () => {
    const off = window as unknown as Record<string, unknown>;
    consent({ privacy_cookie_2: '1' });
    expect(off['ga-disable-G-TEST']).toBe(false);
    consent({ privacy_cookie_2: '0' });
    expect(off['ga-disable-G-TEST']).toBe(true);
    consent({ privacy_cookie_2: '1' });
    expect(off['ga-disable-G-TEST']).toBe(false);
    delete off['ga-disable-G-TEST'];
  });

  it('grants analytics storage once its flag is 1, before any configuration or event', () => {
    consent({ privacy_cookie_2: '1' });
    const c = commands();
    expect(c.slice(0, 4)).toEqual([
      ['consent', 'default', DENIED],
      ['consent', 'update', { analytics_storage: 'granted' }],
      ['js', 'date'],
      ['config', 'G-TEST', { send_page_view: false }],
    ]);
    expect(c[4]![0]).toBe('event');
    expect(c[4]![1]).toBe('page_view');
    // The same flags again change nothing.
    const before = commands().length;
    consent({ privacy_cookie_2: '1' });
    expect(commands().length).toBe(before);
  });

  it('a yes on a page about to reload (a returning visitor’s save) starts nothing there; a no still applies', () => {
    consentHub(rt).publish({ privacy_cookie: '1', privacy_cookie_2: '1' }, true);
    // The reloaded page grants and counts its view; this one would have counted it twice.
    expect(commands()).toEqual([['consent', 'default', DENIED]]);
    consent({ privacy_cookie_2: '1' });
    consentHub(rt).publish({ privacy_cookie: '1', privacy_cookie_2: '0' }, true);
    expect(commands().at(-1)).toEqual(['consent', 'update', { analytics_storage: 'denied' }]);
  });

  it('the page reloaded for a save of a visitor already tracked does not count its view again; a link to it later does', () => {
    const views = () => commands().filter((c) => c[0] === 'event' && c[1] === 'page_view');
    const navigation = (type: string) =>
      vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ type } as unknown as PerformanceEntry]);
    const reloadedPage = (type: string) => {
      rt.destroy();
      delete w.dataLayer; // a new document
      navigation(type);
      rt = runtime([{ name: 'analytics', selector: ':root', load: 'ready', controller: analytics }]);
      rt.start();
      consent({ privacy_cookie_2: '1' });
    };
    try {
      consent({ privacy_cookie_2: '1' });
      expect(views()).toHaveLength(1);
      consentHub(rt).publish({ privacy_cookie: '1', privacy_cookie_2: '1' }, true); // saved again: reloads
      reloadedPage('reload');
      expect(commands()).toContainEqual(['consent', 'update', { analytics_storage: 'granted' }]);
      expect(views()).toHaveLength(0);
      consentHub(rt).publish({ privacy_cookie: '1', privacy_cookie_2: '1' }, true);
      reloadedPage('navigate');
      expect(views()).toHaveLength(1);
      // A no on its way, then a yes queued behind it that reloads: the view was counted here.
      consentHub(rt).publish({ privacy_cookie: '1', privacy_cookie_2: '0' });
      consentHub(rt).publish({ privacy_cookie: '1', privacy_cookie_2: '1' }, true);
      reloadedPage('reload');
      expect(views()).toHaveLength(0);
    } finally {
      sessionStorage.clear();
    }
  });

  it('the page reloaded for a save does not send the scroll depth its view already sent', async () => {
    Object.defineProperty(document.documentElement, 'scrollHeight', { value: 800, configurable: true });
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
      { type: 'reload' } as unknown as PerformanceEntry,
    ]);
    const scrolls = () => commands().filter((c) => c[0] === 'event' && c[1] === 'scroll').length;
    const scroll = async () => {
      window.dispatchEvent(new Event('scroll'));
      await new Promise((r) => requestAnimationFrame(r));
    };
    try {
      consent({ privacy_cookie_2: '1' });
      await scroll();
      expect(scrolls()).toBe(1);
      consentHub(rt).publish({ privacy_cookie: '1', privacy_cookie_2: '1' }, true); // saved again: reloads
      rt.destroy();
      delete w.dataLayer; // the reloaded document
      rt = runtime([{ name: 'analytics', selector: ':root', load: 'ready', controller: analytics }]);
      rt.start();
      consent({ privacy_cookie_2: '1' });
      await scroll();
      expect(scrolls()).toBe(0);
    } finally {
      delete (document.documentElement as { scrollHeight?: number }).scrollHeight;
      sessionStorage.clear();
    }
  });

  it('a yes published for a page about to reload before the analytics code came starts nothing there either', () => {
    rt.destroy();
    delete w.dataLayer;
    rt = runtime([{ name: 'analytics', selector: ':root', load: 'ready', controller: analytics }]);
    // The consent flow answered (a kept choice sent again, Accept all with forceReload) first.
    consentHub(rt).publish({ privacy_cookie: '1', privacy_cookie_2: '1' }, true);
    rt.start();
    expect(commands()).toEqual([['consent', 'default', DENIED]]);
    expect(document.querySelector('script[src*="tags.example"]')).toBeNull();
  });

  it('scroll depth and a form’s start are sent once per page view, however often tracking starts again', async () => {
    document.body.innerHTML = '<form id="f"><input id="i" aria-label="Name"></form>';
    Object.defineProperty(document.documentElement, 'scrollHeight', { value: 800, configurable: true });
    const sent = (name: string) => commands().filter((c) => c[0] === 'event' && c[1] === name).length;
    try {
      for (const answer of ['1', '0', '1']) {
        consent({ privacy_cookie_2: answer });
        document.getElementById('i')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
        window.dispatchEvent(new Event('scroll'));
        await new Promise((r) => requestAnimationFrame(r));
      }
      expect(sent('form_start')).toBe(1);
      expect(sent('scroll')).toBe(1);
    } finally {
      delete (document.documentElement as { scrollHeight?: number }).scrollHeight;
      document.body.innerHTML = '';
    }
  });

  it('a form still on the page starts again with the next page view; its destination has no hash', async () => {
    const start = location.href;
    document.body.innerHTML = '<form id="search"><input id="q" aria-label="Search"></form>';
    const starts = () => commands().filter((c) => c[0] === 'event' && c[1] === 'form_start');
    try {
      history.replaceState(null, '', '#opening-hours');
      consent({ privacy_cookie_2: '1' });
      const field = document.getElementById('q')!;
      field.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
      field.dispatchEvent(new Event('input', { bubbles: true }));
      expect(starts()).toHaveLength(1);
      expect(starts()[0]![2]).toMatchObject({ form_id: 'search', form_destination: start.split('#')[0] });
      history.pushState(null, '', '?page=2');
      await rt.work.idle(); // the page view, at most once a second
      field.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
      expect(starts()).toHaveLength(2);
    } finally {
      history.replaceState(null, '', start);
      document.body.innerHTML = '';
    }
  });

  it('a video’s start and progress are sent once per page, however often tracking starts again', () => {
    document.body.innerHTML = '<video title="Tour" src="/tour.mp4"></video>';
    const video = document.querySelector('video')!;
    Object.defineProperties(video, { currentTime: { value: 30 }, duration: { value: 100 } });
    const sent = (name: string) => commands().filter((c) => c[0] === 'event' && c[1] === name).length;
    try {
      for (const answer of ['1', '0', '1']) {
        consent({ privacy_cookie_2: answer });
        video.dispatchEvent(new Event('play'));
        video.dispatchEvent(new Event('timeupdate'));
      }
      expect(sent('video_start')).toBe(1);
      expect(sent('video_progress')).toBe(2); // 10 and 25 %
    } finally {
      document.body.innerHTML = '';
    }
  });

  it('the page’s state left by an older copy of the runtime (no forms, no videos kept) is completed', () => {
    rt.destroy();
    const layer: unknown[] = [];
    (layer as unknown as Record<symbol, object>)[Symbol.for('site-runtime:gtag')] = {
      defaults: true,
      granted: false,
      configured: false,
      page: '',
      scrolled: '',
    };
    w.dataLayer = layer as IArguments[];
    rt = runtime([{ name: 'analytics', selector: ':root', load: 'ready', controller: analytics }]);
    rt.start();
    document.body.innerHTML = '<form><input aria-label="Name"></form><video src="/tour.mp4"></video>';
    const sent = (name: string) => commands().filter((c) => c[0] === 'event' && c[1] === name).length;
    try {
      consent({ privacy_cookie_2: '1' });
      document.querySelector('input')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
      document.querySelector('video')!.dispatchEvent(new Event('play'));
      expect([sent('form_start'), sent('video_start')]).toEqual([1, 1]);
    } finally {
      document.body.innerHTML = '';
    }
  });

  it('a link is judged where the browser follows it: against the page’s <base>', async () => {
    const base = document.head.appendChild(document.createElement('base'));
    base.href = 'https://files.example/clinic/';
    document.body.innerHTML = '<a href="leaflet.pdf">Leaflet</a><a href="about.html">About</a>';
    const events = () => commands().filter((c) => c[0] === 'event' && c[1] !== 'page_view');
    try {
      consent({ privacy_cookie_2: '1' });
      // A middle click (a new tab): judged as a click, with no navigation of this document.
      for (const a of document.querySelectorAll('a'))
        a.dispatchEvent(new MouseEvent('auxclick', { bubbles: true, button: 1 }));
      await rt.work.idle();
      expect(events().map((c) => [c[1], (c[2] as { link_url: string }).link_url])).toEqual([
        ['file_download', 'https://files.example/clinic/leaflet.pdf'],
        ['click', 'https://files.example/clinic/about.html'],
      ]);
    } finally {
      base.remove();
      document.body.innerHTML = '';
    }
  });

  it('a later no (a save the server could not confirm) denies again and stops the events', () => {
    consent({ privacy_cookie_2: '1' });
    consent({ privacy_cookie_2: '0' });
    expect(commands().at(-1)).toEqual(['consent', 'update', { analytics_storage: 'denied' }]);
    const before = commands().length;
    history.pushState({}, '', '?q=after');
    window.dispatchEvent(new Event('scroll'));
    expect(commands().length).toBe(before);
  });

  it('a forged sw:consent, whatever its detail, turns nothing on: the gate follows the hub', () => {
    for (const detail of [
      { privacy_cookie: '1', privacy_cookie_2: '1' },
      { privacy_cookie: 1, privacy_cookie_2: 1 },
    ])
      document.dispatchEvent(new CustomEvent('sw:consent', { detail }));
    expect(commands()).toEqual([['consent', 'default', DENIED]]);
    consent({ privacy_cookie_2: '1' });
    expect(commands()[1]).toEqual(['consent', 'update', { analytics_storage: 'granted' }]);
    // Nor does a forged no take back what the runtime granted.
    const before = commands().length;
    document.dispatchEvent(
      new CustomEvent('sw:consent', { detail: { privacy_cookie: '1', privacy_cookie_2: '0' } }),
    );
    expect(commands().length).toBe(before);
  });

  it('flags published before the analytics chunk connected apply at once', () => {
    rt.destroy();
    delete w.dataLayer;
    rt = runtime([{ name: 'analytics', selector: ':root', load: 'ready', controller: analytics }]);
    consentHub(rt).publish({ privacy_cookie: '1', privacy_cookie_2: '1' });
    rt.start();
    expect(commands()[1]).toEqual(['consent', 'update', { analytics_storage: 'granted' }]);
  });

  it('after destroy the hub reaches it no more', () => {
    const hub = consentHub(rt);
    rt.destroy();
    delete w.dataLayer;
    hub.publish({ privacy_cookie: '1', privacy_cookie_2: '1' });
    expect(w.dataLayer).toBeUndefined();
  });

  it('uses the configured consent variable', () => {
    rt.destroy();
    delete w.dataLayer;
    document.head.innerHTML = `<script type="application/json" id="sw-config">${JSON.stringify({
      analytics: { measurementId: 'G-TEST', consentVariable: 'privacy_cookie_5' },
    })}</script>`;
    rt = runtime([{ name: 'analytics', selector: ':root', load: 'ready', controller: analytics }]);
    rt.start();
    consent({ privacy_cookie_2: '1' });
    expect(commands()).toHaveLength(1);
    consent({ privacy_cookie_5: '1' });
    expect(commands()[1]).toEqual(['consent', 'update', { analytics_storage: 'granted' }]);
  });

  it('a no or a withdrawal deletes the tag library’s cookies, and only those', () => {
    document.cookie = '_ga=GA1.1.123.456; Path=/';
    document.cookie = '_ga_TEST=GS1.1.789; Path=/';
    document.cookie = '_gid=GA1.1.1; Path=/';
    document.cookie = 'sw-other=1; Path=/';
    consent({ privacy_cookie_2: '1' });
    expect(document.cookie).toContain('_ga=');
    consent({ privacy_cookie_2: '0' });
    expect(document.cookie).not.toMatch(/(^|; )_ga(_TEST)?=|_gid=/);
    expect(document.cookie).toContain('sw-other=1');
    document.cookie = 'sw-other=; Max-Age=0; Path=/';
  });

  it('with no choice in force (outdated, lapsed, a first visit) the container’s own cookie goes; _ga may be a sibling site’s', () => {
    for (const flags of [{ privacy_cookie_2: '0' }, {}] as Record<string, string>[]) {
      document.cookie = '_ga=GA1.1.123.456; Path=/';
      document.cookie = '_ga_TEST=GS1.1.789; Path=/';
      consentHub(rt).publish(flags); // no privacy_cookie: no choice in force
      expect(document.cookie).not.toMatch(/(^|; )_ga_TEST=/);
      expect(document.cookie).toMatch(/(^|; )_ga=/);
    }
    document.cookie = '_ga=; Max-Age=0; Path=/';
  });

  it('destroy puts history back', () => {
    const push = history.pushState;
    consent({ privacy_cookie_2: '1' });
    expect(history.pushState).not.toBe(push);
    rt.destroy();
    expect(history.pushState).toBe(push);
  });
});
