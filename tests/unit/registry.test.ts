import { describe, expect, it, vi } from 'vitest';
import type { Controller, ControllerContext, ControllerDefinition } from '../../runtime/controller';
import { CHUNK_TIMEOUT_MS } from '../../runtime/chunks';
import { ChunkLoadError, InvalidOptionsError } from '../../runtime/errors';
import { html, nextFrame, recorder, runtime, silenceConsole } from './helpers';

describe('registry: scanning', () => {
  it('connects each match once, however often or wherever it scans', () => {
    html('<div data-sw-row id="a"><div data-sw-row id="b"></div></div>');
    const r = recorder('row', '[data-sw-row]');
    const rt = runtime([r.definition]);
    rt.start();
    rt.rescan();
    rt.rescan(document.getElementById('a')!);
    rt.rescan(document.getElementById('b')!);
    expect(r.connected.map((e) => e.id)).toEqual(['a', 'b']);
    expect(rt.registry.size).toBe(2);
    rt.destroy();
  });

  it('marks enhanced elements with data-sw-ready and unmarks them on disconnect', async () => {
    html('<div data-sw-row id="a"></div>');
    const r = recorder('row', '[data-sw-row]');
    const rt = runtime([r.definition]);
    rt.start();
    const a = document.getElementById('a')!;
    expect(a.hasAttribute('data-sw-ready')).toBe(true);
    a.removeAttribute('data-sw-row');
    await nextFrame();
    expect(r.disconnected).toEqual([a]);
    expect(a.hasAttribute('data-sw-ready')).toBe(false);
    rt.destroy();
  });

  it('includes the root itself when it matches', () => {
    html('<section id="s"></section>');
    const r = recorder('row', '[data-sw-row]');
    const rt = runtime([r.definition]);
    rt.start();
    const s = document.getElementById('s')!;
    s.setAttribute('data-sw-row', '');
    rt.rescan(s);
    expect(r.connected).toEqual([s]);
    rt.destroy();
  });

  it('does not connect controllers that are not enabled on this page', () => {
    html('<div data-sw-row></div>');
    const r = recorder('row', '[data-sw-row]');
    const rt = runtime([
      { ...r.definition, enabled: (runtime) => runtime.config.analytics.measurementId !== undefined },
    ]);
    rt.start();
    expect(r.connected).toEqual([]);
    rt.destroy();
  });
});

describe('registry: markers that come and go', () => {
  it('connects markers added later and disconnects ones removed, batched once per frame', async () => {
    html('<main id="m"><div data-sw-row id="first"></div></main>');
    const r = recorder('row', '[data-sw-row]');
    const rt = runtime([r.definition]);
    rt.start();
    const scan = vi.spyOn(rt.registry, 'sweep');
    const main = document.getElementById('m')!;
    for (let i = 0; i < 20; i++)
      main.insertAdjacentHTML('beforeend', `<div><div data-sw-row id="n${i}"></div></div>`);
    document.getElementById('first')!.remove();
    expect(r.connected).toHaveLength(1); // nothing happens before the frame
    await nextFrame();
    expect(scan).toHaveBeenCalledTimes(1); // one flush for 21 mutations
    expect(r.connected).toHaveLength(21);
    expect(r.disconnected.map((e) => e.id)).toEqual(['first']);
    rt.destroy();
  });

  it('connects an existing element that gains a marker attribute', async () => {
    html('<div id="a"></div>');
    const r = recorder('row', '[data-sw-row]');
    const rt = runtime([r.definition]);
    rt.start();
    document.getElementById('a')!.setAttribute('data-sw-row', '');
    await nextFrame();
    expect(r.connected.map((e) => e.id)).toEqual(['a']);
    rt.destroy();
  });

  it('reconnects an element that is removed and put back', async () => {
    html('<div id="box"><div data-sw-row id="a"></div></div>');
    const r = recorder('row', '[data-sw-row]');
    const rt = runtime([r.definition]);
    rt.start();
    const a = document.getElementById('a')!;
    a.remove();
    await nextFrame();
    document.getElementById('box')!.append(a);
    await nextFrame();
    expect(r.connected).toEqual([a, a]);
    expect(r.disconnected).toEqual([a]);
    expect(rt.registry.size).toBe(1);
    rt.destroy();
  });
});

describe('registry: a controller asks to be connected again', () => {
  it('reconnect() undoes the connection and connects anew with a fresh signal; not once the element is gone or the runtime destroyed', () => {
    html('<div data-sw-x id="x"></div>');
    const contexts: ControllerContext[] = [];
    let undone = 0;
    const definition: ControllerDefinition = {
      name: 'x',
      selector: '[data-sw-x]',
      load: 'ready',
      controller: { connect: (_el, ctx) => (contexts.push(ctx), () => void undone++) },
    };
    const rt = runtime([definition]);
    rt.start();
    contexts[0]!.reconnect();
    expect([contexts.length, undone]).toEqual([2, 1]);
    expect(contexts[0]!.signal.aborted).toBe(true);
    expect(contexts[1]!.signal.aborted).toBe(false);
    expect(document.getElementById('x')!.hasAttribute('data-sw-ready')).toBe(true);
    contexts[0]!.reconnect(); // an old connection's context: nothing of it is left to redo
    expect(contexts.length).toBe(2);
    document.getElementById('x')!.remove();
    contexts[1]!.reconnect();
    expect([contexts.length, undone]).toEqual([2, 2]);
    rt.destroy();
  });
});

describe('registry: failures stay where they happen', () => {
  it('reports a throw in connect once, naming controller and element, and connects everything else', () => {
    const { error } = silenceConsole();
    html('<div data-sw-row id="a"></div><div data-sw-menu id="m"></div>');
    const bad: ControllerDefinition = {
      name: 'row',
      selector: '[data-sw-row]',
      load: 'ready',
      controller: {
        connect: () => {
          throw new Error('boom');
        },
      },
    };
    const good = recorder('menu', '[data-sw-menu]');
    const rt = runtime([bad, good.definition]);
    rt.start();
    rt.rescan();
    expect(good.connected.map((e) => e.id)).toEqual(['m']);
    // A failed connect is retried by a later scan, but reported only once.
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]![0])).toMatch(
      /row controller failed \(connect\) on div#a\[data-sw-row\]/,
    );
    expect(document.getElementById('a')!.hasAttribute('data-sw-ready')).toBe(false);
    rt.destroy();
  });

  it('reports a throwing event handler once and keeps other handlers working', () => {
    const { error } = silenceConsole();
    html('<button data-sw-row id="a"></button><button data-sw-menu id="b"></button>');
    let clicks = 0;
    const bad: Controller = {
      connect: (el, ctx) =>
        ctx.listen(el, 'click', () => {
          throw new Error('handler');
        }),
    };
    const good: Controller = { connect: (el, ctx) => ctx.listen(el, 'click', () => clicks++) };
    const rt = runtime([
      { name: 'row', selector: '[data-sw-row]', load: 'ready', controller: bad },
      { name: 'menu', selector: '[data-sw-menu]', load: 'ready', controller: good },
    ]);
    rt.start();
    const a = document.getElementById('a')!;
    a.click();
    a.click();
    document.getElementById('b')!.click();
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]![0])).toContain('row controller failed (event) on button#a');
    expect(clicks).toBe(1);
    rt.destroy();
  });

  it('reports a throwing disconnect and still disconnects the others', () => {
    const { error } = silenceConsole();
    html('<div data-sw-row></div><div data-sw-menu></div>');
    const good = recorder('menu', '[data-sw-menu]');
    const rt = runtime([
      {
        name: 'row',
        selector: '[data-sw-row]',
        load: 'ready',
        controller: {
          connect: () => () => {
            throw new Error('x');
          },
        },
      },
      good.definition,
    ]);
    rt.start();
    rt.destroy();
    expect(good.disconnected).toHaveLength(1);
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]![0])).toContain('row controller failed (disconnect)');
  });

  it('leaves an element with invalid options as plain HTML, with a warning instead of an error', () => {
    const { error, warn } = silenceConsole();
    html('<div data-sw-row id="a"></div>');
    const rt = runtime([
      {
        name: 'row',
        selector: '[data-sw-row]',
        load: 'ready',
        controller: {
          connect: () => {
            throw new InvalidOptionsError('data-sw-row holds invalid JSON');
          },
        },
      },
    ]);
    rt.start();
    expect(error).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain(
      'div#a[data-sw-row]: data-sw-row holds invalid JSON; left as plain HTML.',
    );
    expect(document.getElementById('a')!.hasAttribute('data-sw-ready')).toBe(false);
    rt.destroy();
  });

  it('removes the listeners of a connect that threw halfway', () => {
    silenceConsole();
    html('<button data-sw-row id="a"></button>');
    let clicks = 0;
    const rt = runtime([
      {
        name: 'row',
        selector: '[data-sw-row]',
        load: 'ready',
        controller: {
          connect(el, ctx) {
            ctx.listen(el, 'click', () => clicks++);
            throw new Error('after listening');
          },
        },
      },
    ]);
    rt.start();
    document.getElementById('a')!.click();
    expect(clicks).toBe(0);
    rt.destroy();
  });

  it('guards timer and observer callbacks the same way', async () => {
    const { error } = silenceConsole();
    html('<div data-sw-row id="a"></div>');
    const rt = runtime([
      {
        name: 'row',
        selector: '[data-sw-row]',
        load: 'ready',
        controller: {
          connect: (_el, ctx) =>
            void setTimeout(
              ctx.guard(() => {
                throw new Error('late');
              }),
              0,
            ),
        },
      },
    ]);
    rt.start();
    await vi.waitFor(() => expect(error).toHaveBeenCalled());
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]![0])).toContain('row controller failed (event)');
    rt.destroy();
  });
});

describe('registry: async connect', () => {
  it('marks the element ready only when the connect settles', async () => {
    html('<div data-sw-languages id="l"></div>');
    let resolve!: () => void;
    const rt = runtime([
      {
        name: 'languages',
        selector: '[data-sw-languages]',
        load: 'ready',
        controller: { connect: () => new Promise<void>((r) => (resolve = r)) },
      },
    ]);
    rt.start();
    const l = document.getElementById('l')!;
    expect(l.hasAttribute('data-sw-ready')).toBe(false);
    resolve();
    await Promise.resolve();
    await Promise.resolve();
    expect(l.hasAttribute('data-sw-ready')).toBe(true);
    rt.destroy();
  });

  it('reports a rejected connect and leaves the element unmarked', async () => {
    const { error } = silenceConsole();
    html('<div data-sw-languages id="l"></div>');
    const rt = runtime([
      {
        name: 'languages',
        selector: '[data-sw-languages]',
        load: 'ready',
        controller: { connect: () => Promise.reject(new Error('menu_fr.js')) },
      },
    ]);
    rt.start();
    await new Promise((r) => setTimeout(r, 0));
    expect(error).toHaveBeenCalledTimes(1);
    expect(document.getElementById('l')!.hasAttribute('data-sw-ready')).toBe(false);
    expect(rt.registry.size).toBe(0);
    rt.destroy();
  });

  it('undoes an async connect that settles after its element was removed', async () => {
    html('<div data-sw-languages id="l"></div>');
    let resolve!: (d: () => void) => void;
    const undone = vi.fn();
    const rt = runtime([
      {
        name: 'languages',
        selector: '[data-sw-languages]',
        load: 'ready',
        controller: { connect: () => new Promise((r) => (resolve = r)) },
      },
    ]);
    rt.start();
    document.getElementById('l')!.remove();
    await nextFrame();
    resolve(undone);
    await new Promise((r) => setTimeout(r, 0));
    expect(undone).toHaveBeenCalledTimes(1);
    rt.destroy();
  });
});

describe('registry: lazily loaded controllers', () => {
  it('fetches a chunk only when its marker is on the page, then connects what waited', async () => {
    html('<a data-sw-lightbox="g" id="x" href="/a.jpg">a</a>');
    const r = recorder('lightbox', '[data-sw-lightbox]');
    const importer = vi.fn(async () => ({
      default: (r.definition as { controller: Controller }).controller,
    }));
    const unused = vi.fn(async () => ({ default: r.definition as unknown as Controller }));
    const rt = runtime([
      { name: 'lightbox', selector: '[data-sw-lightbox]', load: 'idle', importer },
      { name: 'carousel', selector: '[data-sw-carousel]', load: 'idle', importer: unused },
    ]);
    rt.start();
    expect(r.connected).toEqual([]);
    await vi.waitFor(() => expect(r.connected.map((e) => e.id)).toEqual(['x']));
    expect(importer).toHaveBeenCalledTimes(1);
    expect(unused).not.toHaveBeenCalled();
    // A marker added later reuses the loaded chunk.
    document.body.insertAdjacentHTML('beforeend', '<a data-sw-lightbox="g" id="y" href="/b.jpg">b</a>');
    await vi.waitFor(() => expect(r.connected.map((e) => e.id)).toEqual(['x', 'y']));
    expect(importer).toHaveBeenCalledTimes(1);
    rt.destroy();
  });

  it('with the interaction strategy, fetches on the first pointer or focus contact', async () => {
    html('<a data-sw-lightbox="g" id="x" href="/a.jpg">a</a>');
    const r = recorder('lightbox', '[data-sw-lightbox]');
    const importer = vi.fn(async () => ({
      default: (r.definition as { controller: Controller }).controller,
    }));
    const rt = runtime([{ name: 'lightbox', selector: '[data-sw-lightbox]', load: 'interaction', importer }]);
    rt.start();
    await rt.work.idle();
    expect(importer).not.toHaveBeenCalled();
    document.getElementById('x')!.dispatchEvent(new Event('focusin', { bubbles: true }));
    await vi.waitFor(() => expect(r.connected).toHaveLength(1));
    expect(importer).toHaveBeenCalledTimes(1);
    rt.destroy();
  });

  it('a connect that fails because a part it needs could not be fetched is not reported again per element', async () => {
    const { error } = silenceConsole();
    html('<a data-sw-lightbox id="x" href="/a.jpg">a</a><a data-sw-lightbox id="y" href="/b.jpg">b</a>');
    const connect = vi.fn(() => Promise.reject(new ChunkLoadError('UI host: its code could not be loaded')));
    const rt = runtime([
      { name: 'lightbox', selector: '[data-sw-lightbox]', load: 'ready', controller: { connect } },
    ]);
    rt.start();
    await vi.waitFor(() => expect(connect).toHaveBeenCalledTimes(2));
    await new Promise((r) => setTimeout(r, 0));
    // The loader announced it (sw:error and one line); the elements stay plain, not ready.
    expect(error).not.toHaveBeenCalled();
    expect(document.querySelectorAll('[data-sw-ready]')).toHaveLength(0);
    rt.destroy();
  });

  it('retries a failed chunk once, then dispatches a cancellable sw:error and logs unless cancelled', async () => {
    const { error } = silenceConsole();
    html('<a data-sw-lightbox="g" id="x" href="/a.jpg">a</a>');
    const importer = vi.fn(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    const seen: CustomEvent[] = [];
    document.addEventListener('sw:error', (e) => seen.push(e as CustomEvent), { once: true });
    const rt = runtime([{ name: 'lightbox', selector: '[data-sw-lightbox]', load: 'idle', importer }]);
    rt.start();
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(importer).toHaveBeenCalledTimes(2);
    expect(seen[0]!.detail.controller).toBe('lightbox');
    expect(seen[0]!.detail.elements).toEqual([document.getElementById('x')]);
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]![0])).toContain('lightbox: its code could not be loaded');

    // A builder that handles the event itself silences the console line.
    error.mockClear();
    document.addEventListener('sw:error', (e) => e.preventDefault(), { once: true });
    rt.rescan();
    await vi.waitFor(() => expect(importer).toHaveBeenCalledTimes(4));
    await new Promise((r) => setTimeout(r, 0));
    expect(error).not.toHaveBeenCalled();
    rt.destroy();
  });

  it('after a failure, the next use of an element fetches once more; a second failure ends the tries', async () => {
    silenceConsole();
    html('<a data-sw-lightbox="g" id="x" href="/a.jpg">a</a>');
    const r = recorder('lightbox', '[data-sw-lightbox]');
    let fail = true;
    const importer = vi.fn(() =>
      fail
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : Promise.resolve({ default: (r.definition as { controller: Controller }).controller }),
    );
    const errors: CustomEvent[] = [];
    document.addEventListener('sw:error', (e) => errors.push(e as CustomEvent));
    const rt = runtime([{ name: 'lightbox', selector: '[data-sw-lightbox]', load: 'idle', importer }]);
    rt.start();
    await vi.waitFor(() => expect(errors).toHaveLength(1));
    const x = document.getElementById('x')!;
    // Still failing on the first later use: announced again, and no more tries after it.
    x.dispatchEvent(new Event('pointerover', { bubbles: true }));
    await vi.waitFor(() => expect(errors).toHaveLength(2));
    expect(importer).toHaveBeenCalledTimes(4);
    x.dispatchEvent(new Event('focusin', { bubbles: true }));
    await new Promise((res) => setTimeout(res, 0));
    expect(importer).toHaveBeenCalledTimes(4);
    // A rescan (the builder's, or new markup) gives it its tries back; the network is back.
    fail = false;
    rt.rescan();
    await vi.waitFor(() => expect(r.connected).toHaveLength(1));
    rt.destroy();
  });

  it('a later use after one failure connects the element when the chunk arrives', async () => {
    silenceConsole();
    html('<a data-sw-lightbox="g" id="x" href="/a.jpg">a</a>');
    const r = recorder('lightbox', '[data-sw-lightbox]');
    let calls = 0;
    const importer = () =>
      ++calls <= 2
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : Promise.resolve({ default: (r.definition as { controller: Controller }).controller });
    const rt = runtime([{ name: 'lightbox', selector: '[data-sw-lightbox]', load: 'idle', importer }]);
    const failed = new Promise((res) => document.addEventListener('sw:error', res, { once: true }));
    rt.start();
    await failed;
    expect(r.connected).toEqual([]);
    document.getElementById('x')!.dispatchEvent(new Event('focusin', { bubbles: true }));
    await vi.waitFor(() => expect(r.connected).toHaveLength(1));
    rt.destroy();
  });

  it('a chunk that never answers is given up after its time limit and holds back no other controller', async () => {
    vi.useFakeTimers();
    try {
      const { error } = silenceConsole();
      html('<a data-sw-lightbox="g" id="x" href="/a.jpg">a</a><div data-sw-modal id="m"></div>');
      const r = recorder('modal', '[data-sw-modal]');
      const errors: CustomEvent[] = [];
      document.addEventListener('sw:error', (e) => errors.push(e as CustomEvent), { once: true });
      const rt = runtime([
        {
          name: 'lightbox',
          selector: '[data-sw-lightbox]',
          load: 'idle',
          importer: () => new Promise(() => {}),
        },
        {
          name: 'modal',
          selector: '[data-sw-modal]',
          load: 'idle',
          importer: async () => ({ default: (r.definition as { controller: Controller }).controller }),
        },
      ]);
      rt.start();
      await vi.advanceTimersByTimeAsync(100);
      expect(r.connected).toHaveLength(1);
      expect(errors).toEqual([]);
      await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS);
      expect(errors).toHaveLength(1);
      expect(errors[0]!.detail.controller).toBe('lightbox');
      expect(String(error.mock.calls[0]![0])).toContain('lightbox: its code did not arrive within 10 s');
      rt.destroy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not connect anything once destroyed, even if the chunk arrives later', async () => {
    html('<a data-sw-lightbox="g" href="/a.jpg">a</a>');
    const r = recorder('lightbox', '[data-sw-lightbox]');
    let release!: () => void;
    const gate = new Promise<void>((res) => (release = res));
    const rt = runtime([
      {
        name: 'lightbox',
        selector: '[data-sw-lightbox]',
        load: 'interaction',
        importer: async () => {
          await gate;
          return { default: (r.definition as { controller: Controller }).controller };
        },
      },
    ]);
    rt.start();
    document.querySelector('a')!.dispatchEvent(new Event('pointerover', { bubbles: true }));
    rt.destroy();
    release();
    await new Promise((res) => setTimeout(res, 0));
    expect(r.connected).toEqual([]);
  });
});

describe('registry: inspect (SiteRuntime.inspect, for tools such as the audit)', () => {
  it('lists each marker with its controller: enhanced, waiting for its chunk, or failed', async () => {
    silenceConsole();
    html('<div data-sw-row id="r"></div><a data-sw-lightbox="g" id="x" href="/a.jpg">a</a>');
    const row = recorder('rows', '[data-sw-row]');
    let fail = true;
    let release: () => void = () => {};
    const lb = recorder('lightbox', '[data-sw-lightbox]');
    const importer = () =>
      fail
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : new Promise<{ default: Controller }>((res) => {
            release = () => res({ default: (lb.definition as { controller: Controller }).controller });
          });
    const rt = runtime([
      row.definition,
      { name: 'lightbox', selector: '[data-sw-lightbox]', load: 'idle', importer },
    ]);
    rt.start();
    const list = () => rt.registry.inspect().map((m) => [m.name, m.element.id, m.state]);
    expect(list()).toEqual([
      ['rows', 'r', 'enhanced'],
      ['lightbox', 'x', 'waiting'],
    ]);
    const failed = new Promise((res) => document.addEventListener('sw:error', res, { once: true }));
    await failed;
    expect(list()).toEqual([
      ['rows', 'r', 'enhanced'],
      ['lightbox', 'x', 'failed'],
    ]);
    // A rescan of a section the builder added says nothing new of a failure outside it.
    const section = document.body.appendChild(document.createElement('section'));
    rt.rescan(section);
    expect(list()).toEqual([
      ['rows', 'r', 'enhanced'],
      ['lightbox', 'x', 'failed'],
    ]);
    fail = false;
    rt.rescan();
    expect(list()).toEqual([
      ['rows', 'r', 'enhanced'],
      ['lightbox', 'x', 'waiting'],
    ]);
    await vi.waitFor(() => expect(release).not.toBe(undefined));
    await vi.waitFor(() => {
      release();
      expect(list()).toEqual([
        ['rows', 'r', 'enhanced'],
        ['lightbox', 'x', 'enhanced'],
      ]);
    });
    rt.destroy();
  });

  it('a failed marker taken out of the page is let go by a rescan: put back later, it is not listed as failed too', async () => {
    silenceConsole();
    html('<a data-sw-lightbox="g" id="x" href="/a.jpg">a</a>');
    let fail = true;
    const lb = recorder('lightbox', '[data-sw-lightbox]');
    const importer = () =>
      fail
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : Promise.resolve({ default: (lb.definition as { controller: Controller }).controller });
    const rt = runtime([{ name: 'lightbox', selector: '[data-sw-lightbox]', load: 'idle', importer }]);
    rt.start();
    await new Promise((res) => document.addEventListener('sw:error', res, { once: true }));
    const x = document.getElementById('x')!;
    x.remove();
    rt.rescan();
    fail = false;
    document.body.append(x); // picked up by the runtime's own scan of added markup
    await vi.waitFor(() => expect(x.hasAttribute('data-sw-ready')).toBe(true));
    expect(rt.registry.inspect().map((m) => [m.element.id, m.state])).toEqual([['x', 'enhanced']]);
    rt.destroy();
  });

  it('window.SiteRuntime.inspect() is the registry list', async () => {
    html('<div data-sw-row id="r"></div>');
    const { boot } = await import('../../runtime/boot');
    const row = recorder('rows', '[data-sw-row]');
    const rt = boot(document, [row.definition])!;
    expect(window.SiteRuntime!.inspect().map((m) => [m.name, m.element.id, m.state])).toEqual([
      ['rows', 'r', 'enhanced'],
    ]);
    rt.destroy();
    window.SiteRuntime?.destroy();
  });
});

describe('registry: inspect lists what could not connect', () => {
  it('an element whose controller refused it (invalid options) is listed as failed, until a rescan', () => {
    silenceConsole();
    html('<div data-sw-row id="bad"></div>');
    let refuse = true;
    const definition: ControllerDefinition = {
      name: 'rows',
      selector: '[data-sw-row]',
      load: 'ready',
      controller: {
        connect() {
          if (refuse) throw new InvalidOptionsError('bad options');
        },
      },
    };
    const rt = runtime([definition]);
    rt.start();
    expect(rt.registry.inspect().map((m) => [m.name, m.element.id, m.state])).toEqual([
      ['rows', 'bad', 'failed'],
    ]);
    refuse = false;
    rt.rescan();
    expect(rt.registry.inspect().map((m) => [m.name, m.element.id, m.state])).toEqual([
      ['rows', 'bad', 'enhanced'],
    ]);
    rt.destroy();
  });

  it('an element refused, then corrected by the page, is listed as enhanced only, without a rescan', async () => {
    silenceConsole();
    html('<div data-sw-row="bad" id="r"></div>');
    const definition: ControllerDefinition = {
      name: 'rows',
      selector: '[data-sw-row]',
      load: 'ready',
      controller: {
        connect(el) {
          if (el.getAttribute('data-sw-row') === 'bad') throw new InvalidOptionsError('bad options');
        },
      },
    };
    const rt = runtime([definition]);
    rt.start();
    const r = document.getElementById('r')!;
    r.setAttribute('data-sw-row', 'good'); // the observer connects it
    await vi.waitFor(() => expect(r.hasAttribute('data-sw-ready')).toBe(true));
    expect(rt.registry.inspect().map((m) => [m.name, m.element.id, m.state])).toEqual([
      ['rows', 'r', 'enhanced'],
    ]);
    rt.destroy();
  });
});
