import { afterEach, describe, expect, it, vi } from 'vitest';
import { tiles } from '../../../runtime/controllers/tiles';
import type { Runtime } from '../../../runtime/runtime';
import { html, runtime } from '../helpers';

describe('tiles: a link to the section already shown', () => {
  let rt: Runtime | undefined;
  afterEach(() => {
    rt?.destroy();
    rt = undefined;
    document.body.innerHTML = '';
  });

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
