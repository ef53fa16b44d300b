import { afterEach, describe, expect, it, vi } from 'vitest';
import { tiles } from '../../../runtime/controllers/tiles';
import type { Runtime } from '../../../runtime/runtime';
import { html, runtime, silenceConsole } from '../helpers';

let rt: Runtime | undefined;
afterEach(() => {
  rt?.destroy();
  rt = undefined;
  document.body.innerHTML = '';
});

describe('tiles: a link to the section already shown', () => {
  it('keeps it shown (it was hidden inside the open popup, which went blank)', async () => {
    html(`<div data-sw-tiles><a data-sw-tile href="#a" id="ta">A</a><a data-sw-tile href="#b">B</a></div>
      <section id="a" data-sw-tile-content><h2>Alpha</h2><a id="self" href="#a">Link to this profile</a></section>
      <section id="b" data-sw-tile-content><h2>Beta</h2></section>`);
    rt = runtime([{ name: 'tiles', selector: '[data-sw-tiles]', load: 'ready', controller: tiles }]);
    rt.start();
    const a = document.getElementById('a')!;
    document.getElementById('ta')!.click();
    await vi.waitFor(() => expect(a.closest('dialog')?.open).toBe(true));
    document.getElementById('self')!.click();
    await rt.work.idle();
    expect(a.closest('dialog')?.open).toBe(true);
    expect(a.hidden).toBe(false);
  });
});

describe('tiles: rebuilt under the visitor (a tile or section added later)', () => {
  const start = () => {
    html(`<div data-sw-tiles id="g"><a data-sw-tile href="#a" id="ta">A</a><a data-sw-tile href="#b" id="tb">B</a></div>
      <section id="a" data-sw-tile-content><h2>Alpha</h2></section>
      <section id="b" data-sw-tile-content><h2>Beta</h2></section>`);
    rt = runtime([{ name: 'tiles', selector: '[data-sw-tiles]', load: 'ready', controller: tiles }]);
    rt.start();
  };
  const addTile = () => {
    document.getElementById('g')!.insertAdjacentHTML('beforeend', '<a data-sw-tile href="#c" id="tc">C</a>');
    document.body.insertAdjacentHTML(
      'beforeend',
      '<section id="c" data-sw-tile-content><h2>Gamma</h2></section>',
    );
  };
  const dialogOf = (id: string) => document.getElementById(id)!.closest('dialog');

  it('keeps the section the visitor moved to open, and focus still goes back to its tile', async () => {
    start();
    document.getElementById('ta')!.click();
    await vi.waitFor(() => expect(dialogOf('a')?.open).toBe(true));
    dialogOf('a')!.querySelector<HTMLElement>('[data-sw-tile-next]')!.click();
    await vi.waitFor(() => expect(dialogOf('b')?.open).toBe(true));
    addTile();
    await vi.waitFor(() => expect(dialogOf('b')?.open).toBe(true));
    await rt!.work.idle();
    expect(dialogOf('b')!.isConnected && dialogOf('b')!.open).toBe(true);
    expect(document.getElementById('a')!.hidden).toBe(true);
    // The new tile is one of the popup's items now: Next goes on to it.
    dialogOf('b')!.querySelector<HTMLElement>('[data-sw-tile-next]')!.click();
    await vi.waitFor(() => expect(dialogOf('c')?.open).toBe(true));
    dialogOf('c')!.querySelector<HTMLElement>('[data-sw-dialog-close]')!.click();
    await vi.waitFor(() => expect(document.activeElement?.id).toBe('tc'));
  });

  it('opens a section clicked while the code was coming', async () => {
    start();
    document.getElementById('tb')!.click();
    addTile(); // before the popup's code has come
    await vi.waitFor(() => expect(dialogOf('b')?.open).toBe(true));
    dialogOf('b')!.querySelector<HTMLElement>('[data-sw-dialog-close]')!.click();
    await vi.waitFor(() => expect(document.activeElement?.id).toBe('tb'));
  });

  it('one the visitor was closing (its fade under way) is not opened again', async () => {
    start();
    document.getElementById('ta')!.click();
    await vi.waitFor(() => expect(dialogOf('a')?.open).toBe(true));
    dialogOf('a')!.querySelector<HTMLElement>('[data-sw-dialog-close]')!.click();
    expect(dialogOf('a')!.hasAttribute('data-sw-closing')).toBe(true); // fading out, still open
    addTile();
    await vi.waitFor(() =>
      expect(document.querySelector('[data-sw-tiles]')!.hasAttribute('data-sw-ready')).toBe(true),
    );
    await rt!.work.idle();
    expect(document.querySelectorAll('dialog[open]')).toHaveLength(0);
    expect(document.getElementById('a')!.hidden).toBe(true);
  });

  it('one opened by the address and rebuilt while its close fades is not opened again by the address', async () => {
    history.replaceState(null, '', '#a');
    try {
      start();
      await vi.waitFor(() => expect(dialogOf('a')?.open).toBe(true));
      dialogOf('a')!.querySelector<HTMLElement>('[data-sw-dialog-close]')!.click();
      addTile();
      await vi.waitFor(() =>
        expect(document.querySelector('[data-sw-tiles]')!.hasAttribute('data-sw-ready')).toBe(true),
      );
      await rt!.work.idle();
      expect(document.querySelectorAll('dialog[open]')).toHaveLength(0);
      expect(location.hash).toBe('');
    } finally {
      history.replaceState(null, '', location.pathname + location.search);
    }
  });

  it('starts closed when nothing was open', async () => {
    start();
    addTile();
    await rt!.work.idle();
    document.getElementById('tc')!.click();
    await vi.waitFor(() => expect(dialogOf('c')?.open).toBe(true));
    expect(document.querySelectorAll('dialog[open]')).toHaveLength(1);
  });
});

describe('tiles: a section two galleries share', () => {
  const start = () => {
    html(`<div data-sw-tiles><a data-sw-tile href="#a">A</a><a data-sw-tile href="#s" id="in-first">S</a></div>
      <div data-sw-tiles><a data-sw-tile href="#s" id="in-second">S</a><a data-sw-tile href="#c" id="c-tile">C</a></div>
      <section id="a" data-sw-tile-content><h2>Alpha</h2></section>
      <section id="s" data-sw-tile-content><h2>Shared</h2></section>
      <section id="c" data-sw-tile-content><h2>Gamma</h2></section>`);
    rt = runtime([{ name: 'tiles', selector: '[data-sw-tiles]', load: 'ready', controller: tiles }]);
    rt.start();
  };
  const dialogOf = (id: string) => document.getElementById(id)!.closest('dialog');
  const next = (id: string) => dialogOf(id)!.querySelector<HTMLElement>('[data-sw-tile-next]')!;

  it("opens from a tile with that tile's own gallery: Next goes on to its own sibling", async () => {
    start();
    document.getElementById('in-second')!.click();
    await vi.waitFor(() => expect(dialogOf('s')?.open).toBe(true));
    expect(next('s').getAttribute('aria-disabled')).not.toBe('true');
    next('s').click();
    await vi.waitFor(() => expect(dialogOf('c')?.open).toBe(true));
    expect(document.querySelectorAll('dialog[open]')).toHaveLength(1);
    dialogOf('c')!.querySelector<HTMLElement>('[data-sw-dialog-close]')!.click();
    await vi.waitFor(() => expect(document.activeElement?.id).toBe('c-tile')); // the tile of the section shown
  });

  it('opens one popup, not two, from the address (the first gallery with it)', async () => {
    history.replaceState(null, '', '#s');
    try {
      start();
      await vi.waitFor(() => expect(dialogOf('s')?.open).toBe(true));
      await rt!.work.idle();
      expect(document.querySelectorAll('dialog[open]')).toHaveLength(1);
      expect(next('s').getAttribute('aria-disabled')).toBe('true'); // the last of the first gallery
    } finally {
      history.replaceState(null, '', location.pathname + location.search);
    }
  });
});

describe('tiles: a tile whose href names no section', () => {
  it('stays a plain link, and the warning says which href, so the builder can find it', () => {
    const { warn } = silenceConsole();
    html(`<div data-sw-tiles><a data-sw-tile href="#a">A</a><a data-sw-tile href="#gone">B</a></div>
      <section id="a" data-sw-tile-content><h2>Alpha</h2></section>`);
    rt = runtime([{ name: 'tiles', selector: '[data-sw-tiles]', load: 'ready', controller: tiles }]);
    rt.start();
    const lines = warn.mock.calls.map((c) => c.join(' '));
    expect(lines.filter((l) => l.includes('href="#gone"'))).toHaveLength(1);
    expect(lines.some((l) => l.includes('href="#a"'))).toBe(false);
  });
});
