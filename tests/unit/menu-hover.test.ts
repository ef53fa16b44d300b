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

  /** Starts the menu with its first item under the mouse, and with focus inside it or not. */
  const start = (focusInside: boolean) => {
    html(`<nav data-sw-menu aria-label="Main"><ul>
      <li id="a"><a href="/a/">A</a><ul><li><a href="/a/1/">A1</a></li></ul></li>
      <li><a href="/b/">B</a></li></ul></nav>`);
    const li = document.getElementById('a')!;
    const matches = Element.prototype.matches;
    // happy-dom has no pointer: the item answers the runtime's questions as a browser would.
    const states: Record<string, boolean> = {
      ':hover': true,
      ':hover, :focus-within': true,
      ':hover:not(:focus-within)': !focusInside,
    };
    vi.spyOn(li, 'matches').mockImplementation((s: string) => states[s] ?? matches.call(li, s));
    rt = runtime([{ name: 'menu', selector: '[data-sw-menu]', load: 'ready', controller: menu }]);
    rt.start();
    const sub = li.querySelector('ul')!;
    expect(sub.hidden).toBe(false); // no flash
    li.dispatchEvent(new PointerEvent('pointerleave', { pointerType: 'mouse' }));
    return { sub, button: li.querySelector('button')! };
  };

  it('stays open (no flash), and closes when the pointer leaves, as one hover opened', () => {
    const { sub, button } = start(false);
    expect(sub.hidden).toBe(true);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('with focus inside it, stays open when the pointer leaves (the focused link is not hidden)', () => {
    const { sub } = start(true);
    expect(sub.hidden).toBe(false);
  });
});
