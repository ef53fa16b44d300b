import { describe, expect, it, vi } from 'vitest';
import { offInJar, otherTabs } from '../../../runtime/consent/tabs';

// Node's own BroadcastChannel stands in for the browser's: two "tabs" are two windows with it.
const OPTIONAL = ['privacy_cookie_2', 'privacy_cookie_3'];
const windowWithChannels = () => Object.assign(new EventTarget(), { BroadcastChannel }) as unknown as Window;
const tab = () => {
  const heard: string[][] = [];
  const life = new AbortController();
  const tell = otherTabs(windowWithChannels(), life.signal, {
    scope: '/clinic',
    optional: OPTIONAL,
    withdraw: (off) => heard.push(off),
  });
  return { heard, tell, close: () => life.abort() };
};

describe('consent across the site’s tabs', () => {
  it('the groups switched off in one tab reach the others, not itself', async () => {
    const [a, b, c] = [tab(), tab(), tab()];
    try {
      a.tell(['privacy_cookie_2']);
      await vi.waitFor(() =>
        expect([b.heard, c.heard]).toEqual([[['privacy_cookie_2']], [['privacy_cookie_2']]]),
      );
      expect(a.heard).toEqual([]);
    } finally {
      [a, b, c].forEach((t) => t.close());
    }
  });

  it('anything else on the channel is no answer, and a closed tab hears nothing', async () => {
    const [a, b, gone] = [tab(), tab(), tab()];
    gone.close();
    const raw = new BroadcastChannel('sw-consent:/clinic');
    try {
      for (const data of [null, 'privacy_cookie_2', { off: 'privacy_cookie_2' }, { off: [2] }, { on: ['x'] }])
        raw.postMessage(data);
      raw.postMessage({ off: ['privacy_cookie_3'] }); // one sender's messages come in order
      await vi.waitFor(() =>
        expect([a.heard, b.heard]).toEqual([[['privacy_cookie_3']], [['privacy_cookie_3']]]),
      );
      expect(gone.heard).toEqual([]);
    } finally {
      raw.close();
      [a, b].forEach((t) => t.close());
    }
  });

  it('another project of the site hears nothing; nothing to withdraw is not sent', async () => {
    const [a, b] = [tab(), tab()];
    const dental: string[][] = [];
    const sibling = new BroadcastChannel('sw-consent:/dental');
    sibling.onmessage = (e) => dental.push(e.data.off);
    try {
      a.tell([]);
      a.tell(['privacy_cookie_3']);
      await vi.waitFor(() => expect(b.heard).toEqual([['privacy_cookie_3']]));
      expect(dental).toEqual([]);
    } finally {
      sibling.close();
      [a, b].forEach((t) => t.close());
    }
  });

  it('without BroadcastChannel (an old browser) telling does nothing and throws nothing', () => {
    const tell = otherTabs(new EventTarget() as Window, new AbortController().signal, {
      scope: '/clinic',
      optional: OPTIONAL,
      withdraw: () => {},
    });
    expect(() => tell(['privacy_cookie_2'])).not.toThrow();
  });
});

describe('consent across tabs and the back/forward cache', () => {
  it('a page left (perhaps into the cache) closes its channel; back from the cache, it hears again', async () => {
    const win = windowWithChannels();
    const heard: string[][] = [];
    const life = new AbortController();
    otherTabs(win, life.signal, { scope: '/clinic', optional: OPTIONAL, withdraw: (off) => heard.push(off) });
    const raw = new BroadcastChannel('sw-consent:/clinic');
    const shown = (persisted: boolean) =>
      win.dispatchEvent(Object.assign(new Event('pageshow'), { persisted }));
    try {
      win.dispatchEvent(new Event('pagehide'));
      raw.postMessage({ off: ['privacy_cookie_2'] }); // while it is away: missed
      shown(true);
      raw.postMessage({ off: ['privacy_cookie_3'] });
      await vi.waitFor(() => expect(heard).toEqual([['privacy_cookie_3']]));
    } finally {
      raw.close();
      life.abort();
    }
  });
});

describe('a no given on another page while this one was in the back/forward cache', () => {
  const restored = (cookie: string, withChannels = true) => {
    const win = Object.assign(new EventTarget(), {
      document: { cookie },
      ...(withChannels ? { BroadcastChannel } : {}),
    }) as unknown as Window;
    const heard: string[][] = [];
    const life = new AbortController();
    otherTabs(win, life.signal, { scope: '/clinic', optional: OPTIONAL, withdraw: (off) => heard.push(off) });
    const show = (persisted: boolean) =>
      win.dispatchEvent(Object.assign(new Event('pageshow'), { persisted }));
    return { heard, show, close: () => life.abort() };
  };

  it('stops at once what the site’s cookies now say is off: the optional groups only', () => {
    const page = restored('privacy_cookie=1; privacy_cookie_1=0; privacy_cookie_2=0; privacy_cookie_3=1');
    try {
      page.show(false); // a first showing is no return: the page's own read is on its way
      expect(page.heard).toEqual([]);
      page.show(true);
      expect(page.heard).toEqual([['privacy_cookie_2']]); // before any answer: synchronously
    } finally {
      page.close();
    }
  });

  it('nothing off in the cookies, nothing withdrawn; without BroadcastChannel the cookies still count', () => {
    const nothing = restored('privacy_cookie_2=1; privacy_cookie_20=0; x_privacy_cookie_3=0');
    const old = restored('privacy_cookie_3=0', false);
    try {
      nothing.show(true);
      old.show(true);
      expect(nothing.heard).toEqual([]);
      expect(old.heard).toEqual([['privacy_cookie_3']]);
    } finally {
      nothing.close();
      old.close();
    }
  });

  it('reads a cookie by its whole name and value, and a document without cookies as none', () => {
    expect(offInJar({ cookie: 'a=0;privacy_cookie_2=0 ; b=1' } as Document, OPTIONAL)).toEqual([
      'privacy_cookie_2',
    ]);
    expect(offInJar({ cookie: 'privacy_cookie_2=00; privacy_cookie_3=0x' } as Document, OPTIONAL)).toEqual(
      [],
    );
    // This project's cookie (the longer path, listed first), not the site root's of the same name.
    expect(offInJar({ cookie: 'privacy_cookie_2=1; privacy_cookie_2=0' } as Document, OPTIONAL)).toEqual([]);
    const sandboxed = {
      get cookie(): string {
        throw new DOMException('The document is sandboxed', 'SecurityError');
      },
    } as Document;
    expect(offInJar(sandboxed, OPTIONAL)).toEqual([]);
  });
});
