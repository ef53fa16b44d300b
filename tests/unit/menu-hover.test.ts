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

describe('menu: what hover opened, then the keyboard', () => {
  let rt: Runtime | undefined;
  afterEach(() => {
    rt?.destroy();
    rt = undefined;
    vi.useRealTimers();
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  /** Starts the menu and opens A's submenu by resting the mouse on it for the delay. */
  const hoverOpen = () => {
    vi.useFakeTimers();
    html(`<nav data-sw-menu aria-label="Main"><ul>
      <li id="a"><a href="/a/">A</a><ul><li><a id="a1" href="/a/1/">A1</a></li></ul></li>
      <li><a id="b" href="/b/">B</a></li></ul></nav><p><a id="out" href="/x/">Elsewhere</a></p>`);
    const li = document.getElementById('a')!;
    const matches = Element.prototype.matches;
    const states: Record<string, boolean> = { ':hover': false, ':hover, :focus-within': false };
    const sub = li.querySelector('ul')!;
    // happy-dom has no :focus-within: the item and its submenu answer as a browser would.
    for (const el of [li, sub])
      vi.spyOn(el, 'matches').mockImplementation((s: string) =>
        el === li && s in states
          ? states[s]!
          : s === ':focus-within'
            ? el.contains(document.activeElement)
            : matches.call(el, s),
      );
    rt = runtime([{ name: 'menu', selector: '[data-sw-menu]', load: 'ready', controller: menu }]);
    rt.start();
    expect(sub.hidden).toBe(true);
    states[':hover'] = true;
    li.dispatchEvent(new PointerEvent('pointerenter', { pointerType: 'mouse' }));
    vi.advanceTimersByTime(1000);
    expect(sub.hidden).toBe(false);
    return { li, sub };
  };
  const escape = (at: Element) =>
    at.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));

  it('keeps open, when the mouse leaves, a submenu the visitor has tabbed into', () => {
    const { li, sub } = hoverOpen();
    document.getElementById('a1')!.focus();
    li.dispatchEvent(new PointerEvent('pointerleave', { pointerType: 'mouse' }));
    expect(sub.hidden).toBe(false);
    expect(document.activeElement?.id).toBe('a1');
  });

  it('closes on Escape with focus outside the menu (WCAG 1.4.13), not while a dialog is open nor when taken', () => {
    const { sub } = hoverOpen();
    const dialog = document.body.appendChild(document.createElement('dialog'));
    dialog.setAttribute('open', '');
    escape(dialog.appendChild(document.createElement('button')));
    escape(document.body); // focus fell to the body while the dialog is open
    expect(sub.hidden).toBe(false);
    dialog.remove();
    const out = document.getElementById('out')!;
    out.addEventListener('keydown', (e) => e.preventDefault(), { once: true });
    escape(out);
    expect(sub.hidden).toBe(false);
    escape(out);
    expect(sub.hidden).toBe(true);
  });

  it('an Escape a field inside the submenu takes (its suggestions closing) leaves the submenu open', () => {
    const { sub } = hoverOpen();
    const field = sub.appendChild(document.createElement('input'));
    field.focus();
    field.addEventListener('keydown', (e) => e.preventDefault(), { once: true });
    escape(field);
    expect(sub.hidden).toBe(false);
    expect(document.activeElement).toBe(field);
    escape(field);
    expect(sub.hidden).toBe(true);
  });

  it('closes, when the mouse leaves, what hover opened while focus was on its own top-level link', () => {
    const { li, sub } = hoverOpen();
    li.querySelector<HTMLElement>(':scope > a')!.focus();
    li.dispatchEvent(new PointerEvent('pointerleave', { pointerType: 'mouse' }));
    expect(sub.hidden).toBe(true);
  });

  it('closes on Escape from a top-level link beside it, focus staying there (APG)', () => {
    const { li, sub } = hoverOpen();
    li.querySelector('button')!.click(); // closes; a second click opens it on purpose
    li.querySelector('button')!.click();
    expect(sub.hidden).toBe(false);
    const b = document.getElementById('b')!;
    b.focus();
    escape(b);
    expect(sub.hidden).toBe(true);
    expect(document.activeElement).toBe(b);
  });
});
