import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { modal } from '../../runtime/controllers/modal';
import { modalCommand } from '../../runtime/modal/api';
import type { Runtime } from '../../runtime/runtime';
import { frameIn, html, runtime, srcWrites } from './helpers';

// What a modal owes the visitor beyond opening and closing: it does not run its course in a
// tab nobody looks at, and what it plays stops when it goes out of sight.
describe('modal: the visitor away, and sound out of sight', () => {
  let rt: Runtime | undefined;
  let hidden = false;
  const setHidden = (on: boolean) => {
    hidden = on;
    document.dispatchEvent(new Event('visibilitychange'));
  };
  beforeEach(() => {
    vi.useFakeTimers();
    sessionStorage.clear();
    hidden = false;
    vi.spyOn(document, 'hidden', 'get').mockImplementation(() => hidden);
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => (hidden ? 'hidden' : 'visible'));
  });
  afterEach(() => {
    rt?.destroy();
    rt = undefined;
  });
  const start = (json: string, content = '') => {
    html(`<div id="m" data-sw-modal='${json}'><h2>Notice</h2>${content}</div>`);
    rt = runtime([{ name: 'modal', selector: '[data-sw-modal]', load: 'ready', controller: modal }]);
    rt.start();
    return () => (document.querySelector('dialog[data-sw-dialog]') as HTMLDialogElement).open;
  };

  it('due in a background tab, it waits until the tab is looked at; then its autoHide time runs', () => {
    hidden = true;
    const open = start('{"trigger":"load","delay":1000,"autoHide":3000,"storage":"session"}');
    vi.advanceTimersByTime(60_000);
    expect(open()).toBe(false);
    expect(sessionStorage.getItem('sw-modal:m')).toBeNull(); // not seen: nobody looked
    setHidden(false);
    expect(open()).toBe(true);
    expect(sessionStorage.getItem('sw-modal:m')).toBe('1');
    vi.advanceTimersByTime(2999);
    expect(open()).toBe(true);
    vi.advanceTimersByTime(1 + 400); // the time, then the fade's bound
    expect(open()).toBe(false);
  });

  it('its autoHide time stands still while the tab is in the background, and runs on from there', () => {
    const open = start('{"autoHide":3000}');
    modalCommand(rt!, 'm', 'open');
    vi.advanceTimersByTime(2000);
    setHidden(true);
    vi.advanceTimersByTime(60_000);
    expect(open()).toBe(true);
    setHidden(false);
    vi.advanceTimersByTime(999);
    expect(open()).toBe(true);
    vi.advanceTimersByTime(1 + 400);
    expect(open()).toBe(false);
  });

  it('opened in a background tab (by its address), its autoHide waits for the visitor too', () => {
    hidden = true;
    html('');
    history.replaceState(null, '', '#m');
    try {
      const open = start('{"autoHide":3000}');
      expect(open()).toBe(true);
      vi.advanceTimersByTime(60_000);
      expect(open()).toBe(true);
      setHidden(false);
      vi.advanceTimersByTime(3000 + 400);
      expect(open()).toBe(false);
    } finally {
      history.replaceState(null, '', location.pathname);
    }
  });

  it('closing pauses what plays inside with sound and empties a video provider’s player, which comes back on opening; a muted video and other frames are left alone', () => {
    const open = start(
      '{}',
      '<video id="v"></video><audio id="a"></audio><video id="muted" muted></video><button type="button" data-sw-modal-close>Close</button>',
    );
    // (happy-dom loads no frame: it prints each address it is given, on its own console.)
    const $ = (id: string) => document.getElementById(id) as HTMLMediaElement;
    $('muted').muted = true;
    const pauses = ['v', 'a', 'muted'].map((id) => vi.spyOn($(id), 'pause'));
    const box = document.getElementById('m')!;
    // An address that autoplays must not be loaded again out of sight: it would play there.
    const players = [
      'https://www.youtube-nocookie.com/embed/abc123?autoplay=1',
      '//m.youtube.com/embed/abc123',
      'https://player.vimeo.com/video/76979871',
    ].map((src) => frameIn(box, src));
    const others = [
      '/booking/form.html',
      'https://youtube.com.example.org/embed/abc123',
      'https://youtube.com:x@evil.example/embed/abc123',
    ].map((src) => frameIn(box, src));
    const srcs = (frames: HTMLIFrameElement[]) => frames.map((f) => f.getAttribute('src'));
    const [playing, elsewhere] = [srcs(players), srcs(others)];
    modalCommand(rt!, 'm', 'open');
    expect(open()).toBe(true);
    const loads = srcWrites(...others);
    vi.advanceTimersByTime(10_000);
    expect(pauses.map((p) => p.mock.calls.length)).toEqual([0, 0, 0]); // open: nothing stops
    expect(srcs(players)).toEqual(playing);
    document.querySelector<HTMLElement>('[data-sw-modal-close]')!.click();
    vi.advanceTimersByTime(400); // the fade
    expect(open()).toBe(false);
    expect(pauses.map((p) => p.mock.calls.length > 0)).toEqual([true, true, false]);
    expect(srcs(players)).toEqual(['about:blank', 'about:blank', 'about:blank']);
    expect(srcs(others)).toEqual(elsewhere);
    expect(loads()).toEqual([]);
    modalCommand(rt!, 'm', 'open');
    expect(srcs(players)).toEqual(playing);
    modalCommand(rt!, 'm', 'close');
    vi.advanceTimersByTime(400);
    rt!.destroy(); // the page's markup as it was, players included
    rt = undefined;
    expect(srcs(players)).toEqual(playing);
  });
});

// Contract §3: once enhanced, the runtime alone decides what is shown. A builder's no-JS CSS
// written for every state, or a `hidden` attribute, must not leave an open modal empty.
describe('modal: hidden by the builder’s markup or CSS', () => {
  let rt: Runtime | undefined;
  afterEach(() => {
    rt?.destroy();
    rt = undefined;
    document.head.querySelector('style[data-test]')?.remove();
  });
  /** Starts the runtime on the modal; returns it, and its attributes as the builder wrote them. */
  const start = (attrs: string) => {
    const css = document.head.appendChild(document.createElement('style'));
    css.setAttribute('data-test', '');
    css.textContent = '.popup{display:none}.popup:target{display:block}';
    html(`<div id="m" ${attrs} data-sw-modal='{}'><h2 id="t">Notice</h2></div>`);
    const el = document.getElementById('m')!;
    const written = attributes(el);
    rt = runtime([{ name: 'modal', selector: '[data-sw-modal]', load: 'ready', controller: modal }]);
    rt.start();
    return { el, written };
  };
  const attributes = (el: Element) => [...el.attributes].map((a) => `${a.name}=${a.value}`).sort();
  const shown = (el: Element) => !(el as HTMLElement).hidden && getComputedStyle(el).display !== 'none';

  for (const [how, attrs] of [
    ['a class the builder’s CSS hides', 'class="popup"'],
    ['the hidden attribute', 'hidden'],
    ['an inline display:none', 'style="display:none"'],
  ])
    it(`${how}: shown when it opens, the builder’s markup as written once the runtime goes`, () => {
      const { el, written } = start(attrs);
      modalCommand(rt!, 'm', 'open');
      expect((el.closest('dialog') as HTMLDialogElement).open).toBe(true);
      expect(shown(el)).toBe(true);
      rt!.destroy();
      rt = undefined;
      expect(attributes(el)).toEqual(written);
      expect(shown(el)).toBe(false);
    });

  it('a modal the builder shows is left as it is', () => {
    const { el } = start('class="shown" style="display:flex"');
    modalCommand(rt!, 'm', 'open');
    expect(el.getAttribute('style')).toBe('display:flex');
  });
});
