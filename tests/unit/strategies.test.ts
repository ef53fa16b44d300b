import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Controller, LazyDefinition } from '../../runtime/controller';
import { definitions as lazyDefinitions } from '../../runtime/controllers/index';
import { GIVE_BACK_MS } from '../../runtime/held-clicks';
import { html, runtime, silenceConsole } from './helpers';

/** A lazy lightbox-like controller whose connect records the element and takes plain clicks. */
function clicker(overrides: Partial<LazyDefinition> = {}) {
  const opened: string[] = [];
  let fail = false;
  const controller: Controller = {
    async connect(el, ctx) {
      await new Promise((r) => setTimeout(r, 5)); // an async connect (the lightbox fetches its UI host)
      ctx.listen<MouseEvent>(el, 'click', (e) => {
        e.preventDefault();
        opened.push(el.id);
      });
    },
  };
  const importer = vi.fn(() =>
    fail ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve({ default: controller }),
  );
  const definition: LazyDefinition = {
    name: 'lightbox',
    selector: '[data-sw-lightbox]',
    load: 'interaction',
    replay: '*',
    importer,
    ...overrides,
  };
  return { definition, opened, importer, failNext: () => (fail = true) };
}

const link = (id: string, extra = '') =>
  `<a data-sw-lightbox id="${id}" href="#${id}-file" ${extra}><img id="${id}-img" alt=""></a>`;

/** A fake IntersectionObserver: the test says when a target is in view. */
function fakeObserver() {
  const observers: { cb: IntersectionObserverCallback; targets: Element[] }[] = [];
  class FakeIO {
    cb: IntersectionObserverCallback;
    targets: Element[] = [];
    constructor(cb: IntersectionObserverCallback) {
      this.cb = cb;
      observers.push(this);
    }
    observe(el: Element) {
      this.targets.push(el);
    }
    disconnect() {
      this.targets = [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeIO);
  const report = (el: Element, isIntersecting: boolean) => {
    for (const o of observers)
      if (o.targets.includes(el))
        o.cb([{ target: el, isIntersecting } as IntersectionObserverEntry], o as never);
  };
  return { report, observing: () => observers.flatMap((o) => o.targets) };
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.getElementById('sw-config')?.remove();
  location.hash = '';
});

describe('load strategies (issue 14)', () => {
  it('interaction: nothing is fetched until a contact; a click meanwhile opens once the controller connects', async () => {
    html(link('a') + link('b'));
    const c = clicker();
    const rt = runtime([c.definition]);
    rt.start();
    await rt.work.idle();
    expect(c.importer).not.toHaveBeenCalled();
    // The click's own default (the file) is held, not followed; the controller gets it back.
    const first = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById('b-img')!.dispatchEvent(first);
    expect(first.defaultPrevented).toBe(true);
    expect(c.importer).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(c.opened).toEqual(['b']));
    expect(document.querySelectorAll('[data-sw-ready]')).toHaveLength(2);
    rt.destroy();
  });

  it('interaction: a link a page script made plain again (its marker taken off) is not held: the builder’s link', async () => {
    html(link('a') + link('b'));
    const c = clicker();
    const rt = runtime([c.definition]);
    rt.start();
    await rt.work.idle();
    document.getElementById('a')!.removeAttribute('data-sw-lightbox');
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById('a-img')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    expect(c.importer).not.toHaveBeenCalled();
    rt.destroy();
  });

  it('interaction: a hover fetches, a click while the code is on its way is given back once connected', async () => {
    html(link('a'));
    const c = clicker();
    const rt = runtime([c.definition]);
    rt.start();
    const a = document.getElementById('a')!;
    a.dispatchEvent(new Event('pointerover', { bubbles: true }));
    a.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    // The click was held, not followed, and reaches the controller after its async connect.
    await vi.waitFor(() => expect(c.opened).toEqual(['a']));
    expect(c.importer).toHaveBeenCalledTimes(1);
    rt.destroy();
  });

  it('interaction: only the first held click is given back; clicks with a modifier are the browser’s', async () => {
    html(link('a') + link('b'));
    const c = clicker();
    const rt = runtime([c.definition]);
    rt.start();
    const withCtrl = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    document.getElementById('a')!.dispatchEvent(withCtrl);
    expect(withCtrl.defaultPrevented).toBe(false);
    document.getElementById('a')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    document.getElementById('b')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    await vi.waitFor(() => expect(c.opened).toEqual(['a']));
    await rt.work.idle();
    expect(c.opened).toEqual(['a']);
    rt.destroy();
  });

  it('interaction: a focus or a hover fetches without any click', async () => {
    html(link('a'));
    const c = clicker();
    const rt = runtime([c.definition]);
    rt.start();
    document.getElementById('a')!.dispatchEvent(new Event('pointerover', { bubbles: true }));
    await vi.waitFor(() => expect(document.getElementById('a')!.hasAttribute('data-sw-ready')).toBe(true));
    expect(c.importer).toHaveBeenCalledTimes(1);
    expect(c.opened).toEqual([]);
    rt.destroy();
  });

  it('interaction: when the code cannot come, the held click is given back to the page unprevented', async () => {
    silenceConsole();
    html(link('a'));
    const c = clicker();
    c.failNext();
    const rt = runtime([c.definition]);
    rt.start();
    const given: MouseEvent[] = [];
    document.addEventListener('click', (e) => given.push(e));
    document
      .getElementById('a-img')!
      .dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    // The held click never reached the page; the one given back does, and nothing prevents it.
    expect(given).toHaveLength(0);
    await vi.waitFor(() => expect(given).toHaveLength(1));
    expect(given[0]!.target).toBe(document.getElementById('a-img'));
    await Promise.resolve();
    expect(given[0]!.defaultPrevented).toBe(false);
    rt.destroy();
  });

  it('visible: fetched when a marker comes near the viewport, not before; the first answer holds idle()', async () => {
    const io = fakeObserver();
    html(link('a'));
    const c = clicker({ load: 'visible' });
    const rt = runtime([c.definition]);
    rt.start();
    let idle = false;
    void rt.work.idle().then(() => (idle = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(idle).toBe(false); // the observer has not answered yet
    io.report(document.getElementById('a')!, false);
    await vi.waitFor(() => expect(idle).toBe(true));
    expect(c.importer).not.toHaveBeenCalled();
    io.report(document.getElementById('a')!, true);
    await vi.waitFor(() => expect(document.getElementById('a')!.hasAttribute('data-sw-ready')).toBe(true));
    expect(io.observing()).toEqual([]);
    rt.destroy();
  });

  it('a marker’s data-sw-load overrides the config’s load, which overrides the default', async () => {
    document.head.insertAdjacentHTML(
      'beforeend',
      '<script type="application/json" id="sw-config">{"load":{"lightbox":"ready"}}</script>',
    );
    html(link('a', 'data-sw-load="interaction"') + link('b'));
    const c = clicker();
    const rt = runtime([c.definition]);
    rt.start();
    // b follows the config (ready): fetched at once, and a connects with it.
    await vi.waitFor(() => expect(document.querySelectorAll('[data-sw-ready]')).toHaveLength(2));
    expect(c.importer).toHaveBeenCalledTimes(1);
    rt.destroy();

    html(link('a', 'data-sw-load="interaction"'));
    const d = clicker();
    const rt2 = runtime([d.definition]);
    rt2.start();
    await rt2.work.idle();
    expect(d.importer).not.toHaveBeenCalled();
    rt2.destroy();
  });

  it('a data-sw-load that is not a strategy is named, and the next choice applies', async () => {
    const { warn } = silenceConsole();
    html(link('a', 'data-sw-load="later"'));
    const c = clicker({ load: 'ready' });
    const rt = runtime([c.definition]);
    rt.start();
    expect(String(warn.mock.calls[0]![0])).toContain(
      'data-sw-load="later" is not one of ready, idle, visible, interaction; "ready" applies',
    );
    await vi.waitFor(() => expect(c.importer).toHaveBeenCalledTimes(1));
    rt.destroy();
  });

  it('a marker hidden until its controller shows it (cookie consent): visible and interaction would never come; idle applies, with a word', async () => {
    const { warn } = silenceConsole();
    fakeObserver(); // never reports: a hidden element is never in view
    document.head.insertAdjacentHTML(
      'beforeend',
      '<script type="application/json" id="sw-config">{"load":{"lightbox":"visible"}}</script>',
    );
    html(link('a', 'data-sw-load="interaction" hidden') + link('b', 'hidden'));
    const c = clicker({ hidden: true });
    const rt = runtime([c.definition]);
    rt.start();
    await vi.waitFor(() => expect(document.querySelectorAll('[data-sw-ready]')).toHaveLength(2));
    const said = warn.mock.calls.map((call) => String(call[0]));
    expect(
      said.some((m) => m.includes('"interaction" never comes for lightbox') && m.includes('"idle" applies')),
    ).toBe(true);
    expect(said.some((m) => m.includes('"visible" never comes for lightbox'))).toBe(true);
    rt.destroy();
  });

  // A modal is one only when it opens by itself (modal-load.test.ts).
  it('the consent markers are such markers', () => {
    const hidden = lazyDefinitions.filter((d) => 'hidden' in d && d.hidden === true).map((d) => d.name);
    expect(hidden.sort()).toEqual(['consent-banner', 'consent-modal']);
  });

  it('urgent (a deep link): fetched at once whatever the strategy', async () => {
    html(link('a'));
    location.hash = '#!g/0';
    const c = clicker({ urgent: (r) => r.window.location.hash.startsWith('#!') });
    const rt = runtime([c.definition]);
    rt.start();
    await vi.waitFor(() => expect(c.importer).toHaveBeenCalledTimes(1));
    rt.destroy();
  });

  it('a page listener (analytics on document, capturing) sees the held click once: the one given back', async () => {
    html(link('a'));
    const c = clicker();
    const rt = runtime([c.definition]);
    rt.start();
    const seen: Event[] = [];
    const listening = new AbortController();
    document.addEventListener('click', (e) => seen.push(e), { capture: true, signal: listening.signal });
    document.getElementById('a')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(seen).toHaveLength(0);
    await vi.waitFor(() => expect(c.opened).toEqual(['a']));
    expect(seen).toHaveLength(1);
    listening.abort();
    rt.destroy();
  });

  it('a marker added while the code is on its way is held too', async () => {
    html(link('a'));
    let arrive!: () => void;
    const gate = new Promise<void>((r) => (arrive = r));
    const c = clicker();
    const inner = c.definition.importer;
    c.definition.importer = () => gate.then(inner);
    const rt = runtime([c.definition]);
    rt.start();
    document.getElementById('a')!.dispatchEvent(new Event('pointerover', { bubbles: true }));
    document.body.insertAdjacentHTML('beforeend', link('late'));
    await vi.waitFor(() => expect(rt.registry.inspect().some((m) => m.element.id === 'late')).toBe(true));
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById('late')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    arrive();
    await vi.waitFor(() => expect(c.opened).toEqual(['late']));
    rt.destroy();
  });

  it('destroyed while a click is held: nothing is given back, nothing navigates', async () => {
    html(link('a'));
    let arrive!: () => void;
    const gate = new Promise<void>((r) => (arrive = r));
    const c = clicker();
    const inner = c.definition.importer;
    c.definition.importer = () => gate.then(inner);
    const rt = runtime([c.definition]);
    rt.start();
    const seen: Event[] = [];
    const listening = new AbortController();
    document.addEventListener('click', (e) => seen.push(e), { signal: listening.signal });
    document.getElementById('a')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    rt.destroy();
    arrive();
    await rt.work.idle();
    await new Promise((r) => setTimeout(r, 20)); // the settled chunk's handlers have run
    expect(seen).toEqual([]);
    listening.abort();
  });

  it('code that fails after the visitor waited past GIVE_BACK_MS: the click is dropped, the link is plain again', async () => {
    silenceConsole();
    html(link('a'));
    let fail!: () => void;
    const gate = new Promise<void>((_, reject) => (fail = () => reject(new TypeError('Failed to fetch'))));
    const c = clicker({ importer: () => gate as never });
    const rt = runtime([c.definition]);
    rt.start();
    const given: MouseEvent[] = [];
    const listening = new AbortController();
    document.addEventListener('click', (e) => given.push(e), { signal: listening.signal });
    // The clock stands still for the click, then jumps: a real clock that moved on by 2 ms
    // between reading it here and the click's own reading gave the click back (a CI run).
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now);
    document.getElementById('a')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    clock.mockReturnValue(now + GIVE_BACK_MS + 1);
    fail();
    await vi.waitFor(() => expect(rt.registry.inspect().some((m) => m.state === 'failed')).toBe(true));
    await rt.work.idle();
    expect(given).toEqual([]);
    vi.mocked(Date.now).mockRestore();
    // The next click is the builder's link's own.
    const next = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById('a')!.dispatchEvent(next);
    expect(next.defaultPrevented).toBe(false);
    listening.abort();
    rt.destroy();
  });

  it('after a failure the links are the builder’s: a later contact fetches again, its click is not held', async () => {
    silenceConsole();
    html(link('a'));
    let fails = true;
    const c = clicker();
    const inner = c.definition.importer;
    c.definition.importer = () => (fails ? Promise.reject(new TypeError('Failed to fetch')) : inner());
    const rt = runtime([c.definition]);
    rt.start();
    const a = document.getElementById('a')!;
    a.dispatchEvent(new Event('pointerover', { bubbles: true }));
    await vi.waitFor(() => expect(rt.registry.inspect().some((m) => m.state === 'failed')).toBe(true));
    fails = false;
    a.dispatchEvent(new Event('focusin', { bubbles: true })); // a later use: the retry
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    a.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false); // the link opens its file, as without script
    await vi.waitFor(() => expect(a.hasAttribute('data-sw-ready')).toBe(true));
    expect(c.opened).toEqual([]);
    rt.destroy();
  });

  it('a hidden marker whose code failed (cookie consent) gets its one more try on a press anywhere in the page', async () => {
    silenceConsole();
    html(link('a', 'hidden') + '<button id="other">Elsewhere</button>');
    let fails = true;
    const c = clicker({ hidden: true, load: 'ready' });
    const inner = c.definition.importer;
    c.definition.importer = () => (fails ? Promise.reject(new TypeError('Failed to fetch')) : inner());
    const rt = runtime([c.definition]);
    rt.start();
    await vi.waitFor(() => expect(rt.registry.inspect().some((m) => m.state === 'failed')).toBe(true));
    fails = false;
    // Nobody can point at or focus the hidden marker itself: the visitor's next press is the use.
    document.getElementById('other')!.dispatchEvent(new Event('focusin', { bubbles: true }));
    await rt.work.idle();
    expect(document.getElementById('a')!.hasAttribute('data-sw-ready')).toBe(false); // not a focus
    document.getElementById('other')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await vi.waitFor(() => expect(document.getElementById('a')!.hasAttribute('data-sw-ready')).toBe(true));
    rt.destroy();
  });

  it('visible: the observer goes with the runtime', () => {
    const io = fakeObserver();
    html(link('a'));
    const rt = runtime([clicker({ load: 'visible' }).definition]);
    rt.start();
    expect(io.observing()).toHaveLength(1);
    rt.destroy();
    expect(io.observing()).toEqual([]);
  });
});
