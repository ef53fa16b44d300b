import { describe, expect, it, vi } from 'vitest';
import { modal } from '../../runtime/controllers/modal';
import { definitions } from '../../runtime/controllers/index';
import { modalOpeners } from '../../runtime/controllers/modal-openers';
import { modalCommand } from '../../runtime/modal/api';
import type { LazyDefinition } from '../../runtime/controller';
import { html, runtime, silenceConsole } from './helpers';

/**
 * A modal is hidden until opened, so `visible` never comes and `interaction` (a hover, a focus
 * on the modal itself) hardly: its openers ask for its code (markers.md: any chunk may carry
 * `data-sw-load`).
 */
describe('a modal loaded on `visible` or `interaction`', () => {
  it('a modal whose code waits for `visible` or `interaction` gets it when an opener asks (hidden, it never would)', async () => {
    // Hidden until opened, it is never in view: the observer's one answer says so.
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private cb: (entries: object[]) => void) {}
        observe(target: Element) {
          queueMicrotask(() => this.cb([{ target, isIntersecting: false }]));
        }
        disconnect() {}
      },
    );
    for (const load of ['interaction', 'visible'] as const) {
      html(
        `<div id="m" data-sw-modal data-sw-load="${load}"><h2>Notice</h2></div><a id="l" href="#m">Open</a>`,
      );
      const importer = vi.fn(async () => ({ modal }));
      const rt = runtime([
        { name: 'modal-openers', selector: ':root', load: 'ready', controller: modalOpeners },
        { name: 'modal', selector: '[data-sw-modal]', load: 'idle', importer, exported: 'modal' },
      ]);
      rt.start();
      await rt.work.idle();
      expect(importer, load).not.toHaveBeenCalled();
      document.getElementById('l')!.click();
      await vi.waitFor(() => expect(document.querySelector('dialog')?.open, load).toBe(true));
      rt.destroy();
    }
    vi.unstubAllGlobals();
  });

  // The product's own definition: a modal that opens by itself is touched by no one first.
  it('one that opens by itself (load, scroll, exit; the address naming it) gets its code on idle, with a word', async () => {
    const { warn } = silenceConsole();
    const product = definitions.find((d) => d.name === 'modal') as LazyDefinition;
    // [its attributes, the address's hash, fetched on idle, opened at once]
    const cases: [string, string, boolean, boolean][] = [
      [`data-sw-modal='{"trigger":"load","delay":0}' data-sw-load="interaction"`, '', true, true],
      [`data-sw-modal='{ "trigger" : "scroll" }' data-sw-load="visible"`, '', true, false],
      [`data-sw-modal='{"trigger":"exit"}' data-sw-load="interaction"`, '', true, false],
      [`data-sw-modal data-sw-load="interaction"`, '#m', true, true],
      [`data-sw-modal='{"trigger":"click"}' data-sw-load="interaction"`, '', false, false], // waits for an opener
    ];
    for (const [attrs, hash, fetched, opened] of cases) {
      location.hash = hash;
      html(`<div id="m" ${attrs}><h2>Notice</h2></div><a id="l" href="#m">Open</a>`);
      const importer = vi.fn(async () => ({ modal }));
      const rt = runtime([
        { name: 'modal-openers', selector: ':root', load: 'ready', controller: modalOpeners },
        { ...product, importer },
      ]);
      rt.start();
      await rt.work.idle();
      expect(importer, attrs).toHaveBeenCalledTimes(fetched ? 1 : 0);
      if (opened) await vi.waitFor(() => expect(document.querySelector('dialog')?.open, attrs).toBe(true));
      rt.destroy();
    }
    location.hash = '';
    const said = warn.mock.calls.map((call) => String(call[0]));
    expect(
      said.filter((m) => m.includes('never comes for modal') && m.includes('"idle" applies')),
    ).toHaveLength(4);
  });

  it('the address naming it later (Back, a script) fetches its code and opens it; in the design editor every modal comes', async () => {
    silenceConsole();
    const product = definitions.find((d) => d.name === 'modal') as LazyDefinition;
    const start = (href?: string) => {
      html(`<div id="m" data-sw-modal data-sw-load="interaction"><h2>Notice</h2></div>`);
      const importer = vi.fn(async () => ({ modal }));
      const rt = runtime(
        [
          { name: 'modal-openers', selector: ':root', load: 'ready', controller: modalOpeners },
          { ...product, importer },
        ],
        href,
      );
      rt.start();
      return { rt, importer };
    };
    const live = start();
    await live.rt.work.idle();
    expect(live.importer).not.toHaveBeenCalled();
    location.hash = '#m';
    await vi.waitFor(() => expect(document.querySelector('dialog')?.open).toBe(true));
    live.rt.destroy();
    location.hash = '';
    const design = start('https://clinic.example/clinic/preview.php?layout_id=3');
    await design.rt.work.idle();
    expect(design.importer).toHaveBeenCalledTimes(1);
    design.rt.destroy();
  });

  it('an open asked for while its code cannot come is given back to the link (:target), never replayed later', async () => {
    html(`<div id="m" data-sw-modal><h2>Notice</h2></div><a id="l" href="#m">Open</a>`);
    silenceConsole();
    let fail = true;
    const importer = vi.fn(async () => {
      if (fail) throw new TypeError('Failed to fetch dynamically imported module');
      return { modal };
    });
    const rt = runtime([
      { name: 'modal-openers', selector: ':root', load: 'ready', controller: modalOpeners },
      { name: 'modal', selector: '[data-sw-modal]', load: 'idle', importer, exported: 'modal' },
    ]);
    try {
      rt.start();
      document.getElementById('l')!.click(); // before the code came
      await vi.waitFor(() => expect(location.hash).toBe('#m'));
      location.hash = '';
      fail = false;
      rt.rescan(); // the code comes now: the old open is not replayed
      await vi.waitFor(() => expect(document.getElementById('m')!.hasAttribute('data-sw-ready')).toBe(true));
      await rt.work.idle();
      expect(document.querySelector('dialog')!.open).toBe(false);
    } finally {
      rt.destroy();
      location.hash = '';
    }
  });

  it('a modal a script adds and opens in the same task gets its code, whatever its strategy', async () => {
    html('<main></main>');
    const importer = vi.fn(async () => ({ modal }));
    const rt = runtime([
      { name: 'modal-openers', selector: ':root', load: 'ready', controller: modalOpeners },
      { name: 'modal', selector: '[data-sw-modal]', load: 'interaction', importer, exported: 'modal' },
    ]);
    try {
      rt.start();
      const el = Object.assign(document.createElement('div'), { id: 'promo', textContent: 'Promo' });
      el.setAttribute('data-sw-modal', '');
      document.querySelector('main')!.append(el);
      const { modalCommand } = await import('../../runtime/modal/api');
      modalCommand(rt, 'promo', 'open');
      await vi.waitFor(() => expect(document.querySelector('dialog')?.open).toBe(true));
    } finally {
      rt.destroy();
    }
  });

  it('a failure gives back only a link to the modal itself: not href="#", not a button', async () => {
    html(`<div id="m" data-sw-modal><h2>Notice</h2></div>
      <a id="top" href="#" data-sw-modal-open="m">Open</a><button id="b" data-sw-modal-open="m">Open</button>`);
    silenceConsole();
    const importer = vi.fn(async () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const rt = runtime([
      { name: 'modal-openers', selector: ':root', load: 'ready', controller: modalOpeners },
      { name: 'modal', selector: '[data-sw-modal]', load: 'idle', importer, exported: 'modal' },
    ]);
    try {
      rt.start();
      document.getElementById('top')!.click();
      await vi.waitFor(() => expect(rt.registry.inspect().map((m) => m.state)).toContain('failed'));
      await rt.work.idle();
      expect(location.hash).toBe('');
    } finally {
      rt.destroy();
      location.hash = '';
    }
  });
});

describe('a modal refused for invalid JSON', () => {
  // Contract §3: one warning for that element. Its link changes the address, which asked for
  // its code again, and each such try warned anew (1 after load, 4 after 3 clicks).
  it('is warned of once, however often its link, its buttons or the API name it', async () => {
    const { warn } = silenceConsole();
    html(`<div id="m" data-sw-modal='{trigger:1}'><h2>Notice</h2></div>
      <a id="l" href="#m">Open</a><button id="b" data-sw-modal-open="m">Open</button>`);
    const importer = vi.fn(async () => ({ modal }));
    const rt = runtime([
      { name: 'modal-openers', selector: ':root', load: 'ready', controller: modalOpeners },
      { name: 'modal', selector: '[data-sw-modal]', load: 'idle', importer, exported: 'modal' },
    ]);
    const said = (text: RegExp) => warn.mock.calls.filter((c) => text.test(String(c[0]))).length;
    try {
      rt.start();
      await rt.work.idle();
      expect(said(/data-sw-modal holds invalid JSON; left as plain HTML/)).toBe(1);
      for (let i = 0; i < 3; i++) {
        location.hash = '';
        await new Promise((r) => setTimeout(r, 10)); // its hashchange
        document.getElementById('l')!.click();
        await new Promise((r) => setTimeout(r, 10));
        document.getElementById('b')!.click();
        modalCommand(rt, 'm', 'open');
        await rt.work.idle();
      }
      expect(said(/invalid JSON/)).toBe(1);
      // The API's own message stays per call (spec §4), the button's too.
      expect(said(/^No modal elements found$/)).toBe(6);
      expect(rt.registry.inspect().filter((m) => m.element.id === 'm')).toHaveLength(1);
      expect(document.querySelector('dialog')).toBeNull();
    } finally {
      rt.destroy();
      location.hash = '';
    }
  });
});

describe('a refused modal the page corrects', () => {
  // The failure was kept after the corrected element connected: inspect() listed it as both
  // enhanced and failed, and the API still refused it.
  it('is enhanced only, and the API opens it', async () => {
    const { warn } = silenceConsole();
    html(`<div id="m1" data-sw-modal='{bad' aria-labelledby="m1t" hidden><h2 id="m1t">M1</h2></div>
      <a href="#m1">open</a>`);
    const importer = vi.fn(async () => ({ modal }));
    const rt = runtime([
      { name: 'modal-openers', selector: ':root', load: 'ready', controller: modalOpeners },
      { name: 'modal', selector: '[data-sw-modal]', load: 'idle', importer, exported: 'modal' },
    ]);
    try {
      rt.start();
      await rt.work.idle();
      const m1 = document.getElementById('m1')!;
      expect(rt.registry.inspect().map((m) => m.state)).toContain('failed');
      m1.setAttribute('data-sw-modal', '{}');
      await vi.waitFor(() => expect(m1.hasAttribute('data-sw-ready')).toBe(true));
      await rt.work.idle();
      expect(
        rt.registry
          .inspect()
          .filter((m) => m.element === m1)
          .map((m) => m.state),
      ).toEqual(['enhanced']);
      warn.mockClear();
      modalCommand(rt, 'm1', 'open');
      expect(warn).not.toHaveBeenCalledWith('No modal elements found');
      expect(document.querySelector('dialog')?.open).toBe(true);
    } finally {
      rt.destroy();
    }
  });
});
