import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { modal } from '../../runtime/controllers/modal';
import { modalOpeners } from '../../runtime/controllers/modal-openers';
import { modalCommand } from '../../runtime/modal/api';
import { modalDefaults, modalOptions, seenFlag } from '../../runtime/controllers/modal-options';
import { InvalidOptionsError } from '../../runtime/errors';
import { MAX_TIMER_MS } from '../../runtime/options';
import type { Runtime } from '../../runtime/runtime';
import { html, runtime, silenceConsole } from './helpers';

const el = (json: string) => {
  html(`<div id="m" data-sw-modal='${json}'><h2>Title</h2></div>`);
  return document.getElementById('m')!;
};

describe('modal options', () => {
  it('defaults are the specification’s (§9)', () => {
    expect(modalOptions(el(''))).toEqual({
      trigger: 'click',
      delay: 1000,
      scrollPercent: 50,
      exitDelay: 10000,
      autoHide: 0,
      close: ['button', 'overlay', 'escape'],
      storage: 'none',
      expires: 30,
    });
    expect(modalDefaults.exitY).toBe(10);
  });

  it('valid fields are taken; each invalid one keeps its default and is named in one warning', () => {
    const { warn } = silenceConsole();
    const o = modalOptions(
      el(
        '{"trigger":"load","delay":250,"storage":"local","expires":-1,"close":["escape","nope"],"scrollPercent":120}',
      ),
    );
    expect(o).toMatchObject({
      trigger: 'load',
      delay: 250,
      storage: 'local',
      expires: 30,
      scrollPercent: 50,
    });
    expect(o.close).toEqual(['button', 'overlay', 'escape']);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/invalid scrollPercent, close, expires/);
  });

  it('times out of range are clamped, with one warning: a huge delay stays a long wait', () => {
    const { warn } = silenceConsole();
    const o = modalOptions(el('{"delay":3000000000,"exitDelay":1e300,"autoHide":5e9,"expires":1e308}'));
    expect(o).toMatchObject({
      delay: MAX_TIMER_MS,
      exitDelay: MAX_TIMER_MS,
      autoHide: MAX_TIMER_MS,
      expires: 36_500,
    });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/out of range: delay 3000000000 \(2147483647 used\)/);
  });

  it('no close method at all is allowed, with a warning: only a control of the modal’s own can close it', () => {
    const { warn } = silenceConsole();
    expect(modalOptions(el('{"close":[]}')).close).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/"close" is empty: a visitor can leave it only through/);
    modalOptions(el('{"close":["escape"]}'));
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('invalid JSON throws, so the registry leaves the element plain', () => {
    expect(() => modalOptions(el('{trigger: load}'))).toThrow(InvalidOptionsError);
  });
});

describe('seen flags', () => {
  const day = 86_400_000;
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });

  it('session storage blocks for the session', () => {
    const f = seenFlag(window, 'm', 'session', 30);
    expect(f.seen()).toBe(false);
    f.mark();
    expect(sessionStorage.getItem('sw-modal:m')).toBe('1');
    expect(f.seen()).toBe(true);
  });

  it('local storage blocks until the expiry, then is cleared', () => {
    const f = seenFlag(window, 'm', 'local', 30);
    const now = 1_800_000_000_000;
    f.mark(now);
    expect(localStorage.getItem('sw-modal:m')).toBe(String(now + 30 * day));
    expect(f.seen(now + 30 * day - 1)).toBe(true);
    expect(f.seen(now + 30 * day)).toBe(false);
    expect(localStorage.getItem('sw-modal:m')).toBeNull();
  });

  it('an unreadable value counts as expired and is cleared', () => {
    localStorage.setItem('sw-modal:m', 'soon');
    expect(seenFlag(window, 'm', 'local', 30).seen()).toBe(false);
    expect(localStorage.getItem('sw-modal:m')).toBeNull();
  });

  it('storage "none" never blocks and never writes', () => {
    const f = seenFlag(window, 'm', 'none', 30);
    f.mark();
    expect(f.seen()).toBe(false);
    expect(sessionStorage.length + localStorage.length).toBe(0);
  });

  it('storage that throws counts as not seen and breaks nothing', () => {
    const win = {
      get sessionStorage(): Storage {
        throw new DOMException('blocked', 'SecurityError');
      },
      get localStorage(): Storage {
        throw new DOMException('blocked', 'SecurityError');
      },
    } as unknown as Window;
    for (const kind of ['session', 'local'] as const) {
      const f = seenFlag(win, 'm', kind, 30);
      expect(() => f.mark()).not.toThrow();
      expect(f.seen()).toBe(false);
    }
  });
});

describe('modal trigger timing (fake timers)', () => {
  let rt: Runtime | undefined;
  beforeEach(() => {
    vi.useFakeTimers();
    sessionStorage.clear();
    localStorage.clear();
  });
  afterEach(() => {
    rt?.destroy();
    rt = undefined;
    vi.useRealTimers();
  });
  const start = (json: string, href?: string) => {
    html(
      `<div id="m" data-sw-modal='${json}'><h2>Notice</h2><button type="button" data-sw-modal-close>Close</button></div>`,
    );
    rt = runtime([{ name: 'modal', selector: '[data-sw-modal]', load: 'ready', controller: modal }], href);
    rt.start();
    return () => (document.querySelector('dialog[data-sw-dialog]') as HTMLDialogElement).open;
  };

  it('load: opens after `delay`, not before, and writes the seen flag', () => {
    const open = start('{"trigger":"load","delay":1500,"storage":"session"}');
    vi.advanceTimersByTime(1499);
    expect(open()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(open()).toBe(true);
    expect(sessionStorage.getItem('sw-modal:m')).toBe('1');
  });

  it('load: a delay past what a timer holds never arms a timer that would overflow and fire at once', () => {
    silenceConsole();
    const spy = vi.spyOn(window, 'setTimeout');
    const open = start('{"trigger":"load","delay":3000000000}');
    const delays = spy.mock.calls.map((c) => Number(c[1] ?? 0));
    expect(Math.max(...delays)).toBe(MAX_TIMER_MS);
    vi.advanceTimersByTime(24 * 3600_000);
    expect(open()).toBe(false);
    // A seen flag kept "for ever" is still a date in the future, so the modal stays closed.
    const { expires } = modalOptions(el('{"storage":"local","expires":1e308}'));
    const flag = seenFlag(window, 'forever', 'local', expires);
    flag.mark();
    expect(flag.seen()).toBe(true);
  });

  it('load: opened and closed by the visitor before the delay, the pending trigger does not reopen it', async () => {
    const open = start('{"trigger":"load","delay":1500,"storage":"session"}');
    const { modalCommand } = await import('../../runtime/modal/api');
    modalCommand(rt!, 'm', 'open');
    expect(open()).toBe(true);
    modalCommand(rt!, 'm', 'close');
    vi.advanceTimersByTime(400); // the fade
    expect(open()).toBe(false);
    vi.advanceTimersByTime(5000);
    expect(open()).toBe(false);
    expect(sessionStorage.getItem('sw-modal:m')).toBeNull();
  });

  it('load: the seen flag keeps it closed', () => {
    sessionStorage.setItem('sw-modal:m', '1');
    const open = start('{"trigger":"load","delay":10,"storage":"session"}');
    vi.advanceTimersByTime(5000);
    expect(open()).toBe(false);
  });

  it('scroll: opens at `scrollPercent`, with a pixel of room for fractional positions (100 is reachable)', () => {
    const set = (target: object, key: string, value: number) =>
      Object.defineProperty(target, key, { configurable: true, get: () => value });
    set(document.documentElement, 'scrollHeight', 2000);
    set(window, 'innerHeight', 800);
    const scrollTo = (y: number) => (set(window, 'scrollY', y), window.dispatchEvent(new Event('scroll')));
    try {
      const open = start('{"trigger":"scroll","scrollPercent":100}');
      scrollTo(1190);
      expect(open()).toBe(false);
      // The end of a page at 150 % zoom: the position stops half a pixel short of the range.
      scrollTo(1199.5);
      expect(open()).toBe(true);
    } finally {
      for (const [t, k] of [
        [document.documentElement, 'scrollHeight'],
        [window, 'innerHeight'],
        [window, 'scrollY'],
      ] as const)
        delete (t as unknown as Record<string, unknown>)[k];
    }
  });

  it('two modals due at the same moment: the second waits for the first to close, not stacked', async () => {
    html(
      ['a', 'b']
        .map(
          (id) =>
            `<div id="${id}" data-sw-modal='{"trigger":"load","delay":1000,"storage":"session"}'><h2>${id}</h2></div>`,
        )
        .join(''),
    );
    rt = runtime([{ name: 'modal', selector: '[data-sw-modal]', load: 'ready', controller: modal }]);
    rt.start();
    const isOpen = (id: string) => document.getElementById(id)!.closest('dialog')!.open;
    vi.advanceTimersByTime(1000);
    expect([isOpen('a'), isOpen('b')]).toEqual([true, false]);
    expect(sessionStorage.getItem('sw-modal:b')).toBeNull(); // not seen yet
    modalCommand(rt, 'a', 'close');
    await vi.advanceTimersByTimeAsync(400); // the fade, then the dialog's close event
    expect([isOpen('a'), isOpen('b')]).toEqual([false, true]);
    expect(sessionStorage.getItem('sw-modal:b')).toBe('1');
  });

  it('exit intent: only after `exitDelay`, only leaving at y ≤ 10', () => {
    const open = start('{"trigger":"exit","exitDelay":10000}');
    const leave = (y: number) =>
      document.documentElement.dispatchEvent(
        new MouseEvent('mouseout', { bubbles: true, clientY: y, relatedTarget: null }),
      );
    leave(0);
    expect(open()).toBe(false);
    // Arming is not work under way: a tool waiting for idle() does not wait 10 s for it.
    expect(rt!.work.pending).toBe(0);
    vi.advanceTimersByTime(10000);
    leave(11);
    expect(open()).toBe(false);
    leave(10);
    expect(open()).toBe(true);
  });

  it('autoHide: closes after its time unless the pointer is inside', () => {
    const open = start('{"autoHide":3000}');
    // Opened as an opener or SiteRuntime.modal would.
    return import('../../runtime/modal/api').then(({ modalCommand }) => {
      modalCommand(rt!, 'm', 'open');
      expect(open()).toBe(true);
      vi.advanceTimersByTime(2999);
      expect(open()).toBe(true);
      vi.advanceTimersByTime(1 + 400); // the time, then the 300 ms fade's bound
      expect(open()).toBe(false);
    });
  });

  it('autoHide: typing in the field that opening focused pauses it, until focus leaves', () => {
    html(`<button id="before">Offer</button><div id="m" data-sw-modal='{"autoHide":3000}'><h2>News</h2>
      <label>Email <input id="email"></label><button type="button" data-sw-modal-close>Close</button></div>`);
    rt = runtime([{ name: 'modal', selector: '[data-sw-modal]', load: 'ready', controller: modal }]);
    rt.start();
    const dialog = document.querySelector('dialog[data-sw-dialog]') as HTMLDialogElement;
    modalCommand(rt, 'm', 'open');
    const email = document.getElementById('email') as HTMLInputElement;
    email.focus(); // where opening puts focus: that alone does not pause it
    vi.advanceTimersByTime(1000);
    email.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
    vi.advanceTimersByTime(10_000);
    expect(dialog.open).toBe(true);
    document.getElementById('before')!.focus(); // focus leaves: the 2 s left run on
    vi.advanceTimersByTime(2000 + 400);
    expect(dialog.open).toBe(false);
    // A press on that field (a click into it, then the mouse away) pauses it as well.
    modalCommand(rt, 'm', 'open');
    email.focus();
    email.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, clientX: 0, clientY: 0 }));
    vi.advanceTimersByTime(10_000);
    expect(dialog.open).toBe(true);
  });

  it('autoHide: not while a modal opened from it is above (focus would move under the visitor)', () => {
    html(`<div id="a" data-sw-modal='{"autoHide":5000}'><h2>A</h2><a id="to-b" href="#b">B</a></div>
      <div id="b" data-sw-modal><h2>B</h2><button id="b1">One</button><button id="b2">Two</button></div>`);
    rt = runtime([{ name: 'modal', selector: '[data-sw-modal]', load: 'ready', controller: modal }]);
    rt.start();
    const dialogOf = (id: string) => document.getElementById(id)!.parentElement as HTMLDialogElement;
    modalCommand(rt, 'a', 'open');
    const link = document.getElementById('to-b')!;
    link.focus();
    link.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    modalCommand(rt, 'b', 'open');
    document.getElementById('b2')!.focus(); // focus leaves A for B: A's time would run on
    vi.advanceTimersByTime(6000);
    expect(dialogOf('a').open).toBe(true);
    expect(document.activeElement?.id).toBe('b2');
  });

  it('autoHide: its time up while a modal a script opened is above, it waits, and runs again once the pointer leaves', () => {
    html(
      `<div id="a" data-sw-modal='{"autoHide":3000}'><h2>A</h2></div><div id="b" data-sw-modal><h2>B</h2></div>`,
    );
    rt = runtime([{ name: 'modal', selector: '[data-sw-modal]', load: 'ready', controller: modal }]);
    rt.start();
    const dialogOf = (id: string) => document.getElementById(id)!.parentElement as HTMLDialogElement;
    modalCommand(rt, 'a', 'open');
    modalCommand(rt, 'b', 'open');
    vi.advanceTimersByTime(4000);
    expect(dialogOf('a').open).toBe(true);
    modalCommand(rt, 'b', 'close');
    vi.advanceTimersByTime(400);
    dialogOf('a').dispatchEvent(new PointerEvent('pointerleave'));
    vi.advanceTimersByTime(3000 + 400);
    expect(dialogOf('a').open).toBe(false);
  });

  it('autoHide: a pointer inside when it closed does not switch it off for the next opening', () => {
    const open = start('{"autoHide":3000}');
    modalCommand(rt!, 'm', 'open');
    const box = document.querySelector('dialog[data-sw-dialog]')!;
    box.dispatchEvent(new PointerEvent('pointermove', { clientX: 0, clientY: 0 })); // inside
    document.querySelector<HTMLElement>('[data-sw-modal-close]')!.click();
    vi.advanceTimersByTime(400);
    expect(open()).toBe(false);
    modalCommand(rt!, 'm', 'open'); // by the API, the pointer never having moved
    vi.advanceTimersByTime(3000 + 400);
    expect(open()).toBe(false);
  });

  it('Escape (the dialog’s cancel) closes only when `close` lists it', async () => {
    const { modalCommand } = await import('../../runtime/modal/api');
    for (const [json, closes] of [
      ['{"close":["button"]}', false],
      ['{"close":["escape"]}', true],
    ] as const) {
      const open = start(json);
      modalCommand(rt!, 'm', 'open');
      const dialog = document.querySelector('dialog')!;
      dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
      vi.advanceTimersByTime(400);
      expect(open(), json).toBe(!closes);
      rt!.destroy();
      rt = undefined;
    }
  });

  it('closed by a form in its content (method="dialog") or by the browser: `sw:modal:close` still fires', async () => {
    const { modalCommand } = await import('../../runtime/modal/api');
    const open = start('{"close":["button"]}');
    const closes: unknown[] = [];
    document
      .getElementById('m')!
      .addEventListener('sw:modal:close', (e) => closes.push((e as CustomEvent).detail));
    modalCommand(rt!, 'm', 'open');
    document.querySelector('dialog')!.close();
    await vi.advanceTimersByTimeAsync(10);
    expect(open()).toBe(false);
    expect(closes).toEqual([{ id: 'm', reason: 'escape' }]);
    modalCommand(rt!, 'm', 'open'); // opens again, its auto-hide and state as new
    expect(open()).toBe(true);
  });

  it('the close buttons of a modal whose `close` leaves out "button" are hidden', () => {
    start('{"close":["escape"]}');
    expect(document.querySelector<HTMLElement>('[data-sw-modal-close]')!.hidden).toBe(true);
  });

  it('a failure inside an action logs the generic catalogue message', async () => {
    const { error } = silenceConsole();
    const { modalCommand } = await import('../../runtime/modal/api');
    start('{}');
    const spy = vi.spyOn(HTMLDialogElement.prototype, 'showModal').mockImplementation(() => {
      throw new Error('refused');
    });
    modalCommand(rt!, 'm', 'open');
    spy.mockRestore();
    expect(error.mock.calls.map((c) => c[0])).toEqual(['SiteManager Modal: An error has occured.']);
  });

  it('destroy puts the builder element back where it was, with its attributes', () => {
    start('{"trigger":"click"}');
    const m = document.getElementById('m')!;
    m.setAttribute('aria-labelledby', 'x');
    expect(m.parentElement!.localName).toBe('dialog');
    rt!.destroy();
    rt = undefined;
    expect(m.parentElement).toBe(document.body);
    expect(document.querySelector('dialog')).toBeNull();
    expect(m.hasAttribute('data-sw-ready')).toBe(false);
  });

  it('a link whose hash is percent-encoded opens the modal it names, every time, leaving the address alone', () => {
    html(
      `<div id="café" data-sw-modal><h2>Notice</h2><button type="button" data-sw-modal-close>Close</button></div><a id="l" href="#caf%C3%A9">Open</a>`,
    );
    rt = runtime([
      { name: 'modal', selector: '[data-sw-modal]', load: 'ready', controller: modal },
      { name: 'modal-openers', selector: ':root', load: 'ready', controller: modalOpeners },
    ]);
    rt.start();
    const opened: Event[] = [];
    document.getElementById('café')!.addEventListener('sw:modal:open', (e) => opened.push(e));
    for (let i = 1; i <= 2; i++) {
      const click = new MouseEvent('click', { bubbles: true, cancelable: true });
      document.getElementById('l')!.dispatchEvent(click);
      expect(click.defaultPrevented).toBe(true); // the runtime's opener, not the browser's jump
      expect(opened).toHaveLength(i);
      modalCommand(rt, 'café', 'close');
      vi.runAllTimers(); // the closing fade
    }
  });

  it('opened by the address: closing lets the address go, so a reconnect or a reload does not open it again', async () => {
    history.replaceState(null, '', '#m');
    const entries = history.length;
    try {
      const isOpen = start('{"trigger":"click"}');
      expect(isOpen()).toBe(true);
      modalCommand(rt!, 'm', 'close');
      vi.runAllTimers(); // the closing fade
      expect(isOpen()).toBe(false);
      expect(location.hash).toBe('');
      expect(history.length).toBe(entries); // no history entry for it
      // A page script moves the builder's element: the modal is connected again where it is.
      document.body.append(document.getElementById('m')!);
      await vi.waitFor(() => expect(document.getElementById('m')!.parentElement!.localName).toBe('dialog'));
      expect(isOpen()).toBe(false);
    } finally {
      history.replaceState(null, '', location.pathname + location.search);
    }
  });

  it('opened by the address and taken back while its close fades (a script moves it): not opened again', async () => {
    history.replaceState(null, '', '#m');
    try {
      const isOpen = start('{"trigger":"click"}');
      expect(isOpen()).toBe(true);
      modalCommand(rt!, 'm', 'close'); // the fade begins; the timers stand still
      document.body.append(document.getElementById('m')!);
      await vi.waitFor(() => expect(document.getElementById('m')!.parentElement!.localName).toBe('dialog'));
      vi.runAllTimers();
      expect(isOpen()).toBe(false);
      expect(location.hash).toBe('');
    } finally {
      history.replaceState(null, '', location.pathname + location.search);
    }
  });

  it('a modal element the page removes stays removed, with its dialog gone', async () => {
    start('{"trigger":"click"}');
    const m = document.getElementById('m')!;
    m.remove();
    await vi.waitFor(() => expect(document.querySelector('dialog[data-sw-dialog]')).toBeNull());
    expect(m.isConnected).toBe(false);
    expect(document.getElementById('m')).toBeNull();
  });

  it('markup that already says "dialog" is not nested as a second dialog', () => {
    html(`<div id="a" role="dialog" aria-modal="true" data-sw-modal aria-label="A">x</div>
      <dialog id="b" data-sw-modal aria-label="B">y</dialog>`);
    rt = runtime([{ name: 'modal', selector: '[data-sw-modal]', load: 'ready', controller: modal }]);
    rt.start();
    const a = document.getElementById('a')!;
    const b = document.getElementById('b') as HTMLDialogElement;
    expect([a.hasAttribute('role'), a.hasAttribute('aria-modal')]).toEqual([false, false]);
    expect(b.open).toBe(true); // shown inside the runtime's dialog, which stays closed
    expect((b.parentElement as HTMLDialogElement).open).toBe(false);
    rt.destroy();
    rt = undefined;
    expect([a.getAttribute('role'), a.getAttribute('aria-modal'), b.open]).toEqual(['dialog', 'true', false]);
  });

  it('a modal refused for invalid JSON stays plain HTML: its link jumps natively, the API says there is none', () => {
    const { warn } = silenceConsole();
    html(`<div id="m" data-sw-modal='{trigger:1}'><h2>Notice</h2></div><a id="l" href="#m">Open</a>`);
    rt = runtime([
      { name: 'modal', selector: '[data-sw-modal]', load: 'ready', controller: modal },
      { name: 'modal-openers', selector: ':root', load: 'ready', controller: modalOpeners },
    ]);
    rt.start();
    expect(String(warn.mock.calls[0]![0])).toMatch(/left as plain HTML/);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById('l')!.dispatchEvent(click);
    // It was taken, queued for a controller that never comes: the link did nothing at all.
    expect(click.defaultPrevented).toBe(false);
    modalCommand(rt, 'm', 'open');
    expect(warn.mock.calls.at(-1)![0]).toBe('No modal elements found');
    expect(document.querySelector('dialog')).toBeNull();
  });

  it('a modal without an id warns the specification’s text and stays plain', () => {
    const { warn } = silenceConsole();
    html(`<div data-sw-modal><h2>Nameless</h2></div>`);
    rt = runtime([{ name: 'modal', selector: '[data-sw-modal]', load: 'ready', controller: modal }]);
    rt.start();
    expect(warn.mock.calls.map((c) => c[0])).toEqual(['No ID has been set']);
    expect(document.querySelector('dialog')).toBeNull();
    expect(document.querySelector('[data-sw-modal]')!.hasAttribute('data-sw-ready')).toBe(false);
  });

  it('design: an open asked for before the code came shows it in place, never as a modal over the editor', () => {
    html(`<div id="m" data-sw-modal><h2>Notice</h2></div>`);
    rt = runtime(
      [{ name: 'modal', selector: '[data-sw-modal]', load: 'ready', controller: modal }],
      'https://clinic.example/preview.php?layout_id=7',
    );
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    modalCommand(rt, 'm', 'open'); // waits for the modal's code
    rt.start();
    const dialog = document.querySelector('dialog[data-sw-dialog]') as HTMLDialogElement;
    expect(dialog.hasAttribute('data-sw-inline')).toBe(true);
    expect(dialog.open).toBe(true);
    expect(showModal).not.toHaveBeenCalled();
    expect(document.getElementById('m')!.hasAttribute('data-sw-ready')).toBe(true);
  });

  it('a modal nested in another one’s markup: its close button and close event are its own', () => {
    html(`<div id="outer" data-sw-modal='{"autoHide":5000}'><h2>Sign up</h2>
      <div id="inner" data-sw-modal><h2>Terms</h2><button type="button" data-sw-modal-close>Close terms</button></div>
    </div>`);
    rt = runtime([{ name: 'modal', selector: '[data-sw-modal]', load: 'ready', controller: modal }]);
    rt.start();
    const dialogOf = (id: string) => document.getElementById(id)!.parentElement as HTMLDialogElement;
    // The outer one has no close button of the builder's, so it gets the runtime's.
    expect(dialogOf('outer').querySelectorAll(':scope > button').length).toBe(1);
    modalCommand(rt, 'outer', 'open');
    modalCommand(rt, 'inner', 'open');
    document.querySelector<HTMLElement>('[data-sw-modal-close]')!.click();
    vi.advanceTimersByTime(1000);
    expect(dialogOf('inner').open).toBe(false);
    expect(dialogOf('outer').open).toBe(true);
    // Its auto-hide still runs: the inner one's close was not the outer one's.
    vi.advanceTimersByTime(5000);
    expect(dialogOf('outer').open).toBe(false);
  });

  it('cms: no timer opens it', () => {
    const open = start('{"trigger":"load","delay":10}', 'https://clinic.example/clinic/en/?page=cms');
    vi.advanceTimersByTime(60_000);
    expect(open()).toBe(false);
  });
});
