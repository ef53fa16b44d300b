import { afterEach, describe, expect, it, vi } from 'vitest';
import { menu } from '../../runtime/controllers/menu';
import type { Runtime } from '../../runtime/runtime';
import { html, runtime } from './helpers';

describe('menu: a submenu open under the pointer when the runtime starts', () => {
  let rt: Runtime | undefined;
  afterEach(() => {
    rt?.destroy();
    rt = undefined;
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  it('stays open (no flash), and closes when the pointer leaves, as one hover opened', () => {
    html(`<nav data-sw-menu aria-label="Main"><ul>
      <li id="a"><a href="/a/">A</a><ul><li><a href="/a/1/">A1</a></li></ul></li>
      <li><a href="/b/">B</a></li></ul></nav>`);
    const li = document.getElementById('a')!;
    const matches = Element.prototype.matches;
    // happy-dom has no pointer: the item answers `:hover` as the browser would under the mouse.
    vi.spyOn(li, 'matches').mockImplementation((s: string) => s.includes(':hover') || matches.call(li, s));
    rt = runtime([{ name: 'menu', selector: '[data-sw-menu]', load: 'ready', controller: menu }]);
    rt.start();
    const sub = li.querySelector('ul')!;
    expect(sub.hidden).toBe(false);
    li.dispatchEvent(new PointerEvent('pointerleave', { pointerType: 'mouse' }));
    expect(sub.hidden).toBe(true);
    expect(li.querySelector('button')!.getAttribute('aria-expanded')).toBe('false');
  });
});
