import { afterEach, describe, expect, it, vi } from 'vitest';
import { menu } from '../../runtime/controllers/menu';
import type { Runtime } from '../../runtime/runtime';
import { html, runtime } from './helpers';

const happy = (window as unknown as { happyDOM: { setViewport(v: { width: number }): void } }).happyDOM;

function startMenu(markup: string): Runtime {
  html(markup);
  const rt = runtime([{ name: 'menu', selector: '[data-sw-menu]', load: 'ready', controller: menu }]);
  rt.start();
  return rt;
}

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

describe('menu: what hover opened, then the keyboard; names and focus', () => {
  let rt: Runtime | undefined;
  afterEach(() => {
    rt?.destroy();
    rt = undefined;
    vi.useRealTimers();
    vi.restoreAllMocks();
    happy.setViewport({ width: 1024 });
    document.body.innerHTML = '';
  });

  /** Starts the menu and opens A's submenu by resting the mouse on it for the delay. */
  const hoverOpen = (href = '/a/') => {
    vi.useFakeTimers();
    html(`<nav data-sw-menu aria-label="Main"><ul>
      <li id="a"><a href="${href}">A</a><ul><li><a id="a1" href="/a/1/">A1</a></li></ul></li>
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

  it('a press on a parent link that goes nowhere holds open what hover opened (not closed under the pointer)', () => {
    const { li, sub } = hoverOpen('#');
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    li.querySelector('a')!.dispatchEvent(click);
    expect([click.defaultPrevented, sub.hidden]).toEqual([true, false]);
    // Held on purpose: leaving no longer closes it; a second press does.
    li.dispatchEvent(new PointerEvent('pointerleave', { pointerType: 'mouse' }));
    expect(sub.hidden).toBe(false);
    li.querySelector('a')!.click();
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

  it('an icon-only toggle is named "Menu" in the page language; a toggle with a name keeps its own', () => {
    document.documentElement.lang = 'de';
    try {
      rt =
        startMenu(`<nav data-sw-menu aria-label="Main"><button data-sw-menu-toggle hidden><svg aria-hidden="true"></svg></button>
        <ul><li><a href="/a/">A</a></li></ul></nav>
        <nav data-sw-menu aria-label="Foot"><button data-sw-menu-toggle hidden><img src="m.svg" alt="Navigation"></button>
        <ul><li><a href="/b/">B</a></li></ul></nav>`);
      const [icon, named] = document.querySelectorAll('[data-sw-menu-toggle]');
      expect(icon!.getAttribute('aria-label')).toBe('Menü');
      expect(named!.hasAttribute('aria-label')).toBe(false);
      // A glyph hidden from assistive technology names nothing; a label, or a named icon, does.
      const toggles = [
        ['<span aria-hidden="true">☰</span>', true],
        ['<span aria-hidden="true">☰</span> Menu', false],
        ['<svg role="img" aria-label="Navigation"></svg>', false],
        ['<svg aria-hidden="true"><title>Menu</title></svg>', true],
      ] as const;
      document.body.insertAdjacentHTML(
        'beforeend',
        toggles
          .map(
            ([inner], i) =>
              `<nav data-sw-menu aria-label="N${i}"><button data-sw-menu-toggle id="t${i}">${inner}</button><ul><li><a href="/">x</a></li></ul></nav>`,
          )
          .join('') +
          '<label for="t9">Navigation</label><nav data-sw-menu aria-label="N9"><button data-sw-menu-toggle id="t9"></button><ul></ul></nav>',
      );
      rt!.rescan();
      toggles.forEach(([inner, unnamed], i) =>
        expect(document.getElementById(`t${i}`)!.getAttribute('aria-label'), inner).toBe(
          unnamed ? 'Menü' : null,
        ),
      );
      expect(document.getElementById('t9')!.hasAttribute('aria-label')).toBe(false);
      rt!.destroy();
      expect(icon!.hasAttribute('aria-label')).toBe(false); // the builder's toggle back as it was
    } finally {
      document.documentElement.removeAttribute('lang');
    }
  });

  it('crossing the breakpoint with focus in the list keeps the list open and focus where it was', async () => {
    rt = startMenu(`<nav data-sw-menu aria-label="Main"><button data-sw-menu-toggle hidden>Menu</button>
      <ul><li><a id="a" href="/a/">A</a></li></ul></nav><a id="out" href="/x/">Out</a>`);
    const list = document.querySelector<HTMLElement>('nav > ul')!;
    const toggle = document.querySelector<HTMLElement>('[data-sw-menu-toggle]')!;
    document.getElementById('a')!.focus();
    happy.setViewport({ width: 400 }); // zoomed in while tabbing through the menu
    await vi.waitFor(() => expect(toggle.hidden).toBe(false));
    expect(list.hidden).toBe(false);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement?.id).toBe('a');
    // Focus elsewhere: the list collapses behind its toggle, as at the start.
    happy.setViewport({ width: 1024 });
    await vi.waitFor(() => expect(toggle.hidden).toBe(true));
    document.getElementById('out')!.focus();
    happy.setViewport({ width: 400 });
    await vi.waitFor(() => expect(toggle.hidden).toBe(false));
    expect(list.hidden).toBe(true);
    // Back above it with focus on the toggle, which is hidden there: focus on the list's first link.
    toggle.focus();
    happy.setViewport({ width: 1024 });
    await vi.waitFor(() => expect(toggle.hidden).toBe(true));
    expect(document.activeElement?.id).toBe('a');
  });

  it('the mouse resting on another item does not close the submenu holding keyboard focus', () => {
    vi.useFakeTimers();
    rt = startMenu(`<nav data-sw-menu aria-label="Main"><ul>
      <li id="a"><a href="/a/">A</a><ul><li><a id="a1" href="/a/1/">A1</a></li></ul></li>
      <li id="b"><a href="/b/">B</a><ul><li><a href="/b/1/">B1</a></li></ul></li></ul></nav>`);
    const [a, b] = ['a', 'b'].map((id) => document.getElementById(id)!);
    a!.querySelector('button')!.click();
    document.getElementById('a1')!.focus();
    // happy-dom has no pointer: B answers :hover as a browser would with the mouse on it.
    const matches = Element.prototype.matches;
    vi.spyOn(b!, 'matches').mockImplementation((s: string) => s === ':hover' || matches.call(b, s));
    b!.dispatchEvent(new PointerEvent('pointerenter', { pointerType: 'mouse' }));
    vi.advanceTimersByTime(1000);
    expect(a!.querySelector('ul')!.hidden).toBe(false);
    expect(b!.querySelector('ul')!.hidden).toBe(true);
    expect(document.activeElement?.id).toBe('a1');
    // Focus gone from A's submenu (back on its button): hover opens B after the delay, as before.
    a!.querySelector('button')!.focus();
    b!.dispatchEvent(new PointerEvent('pointerleave', { pointerType: 'mouse' }));
    b!.dispatchEvent(new PointerEvent('pointerenter', { pointerType: 'mouse' }));
    vi.advanceTimersByTime(1000);
    expect(b!.querySelector('ul')!.hidden).toBe(false);
    expect(a!.querySelector('ul')!.hidden).toBe(true);
  });

  it('a parent whose link goes nowhere (href="#", none) opens and closes its submenu when pressed; a real one navigates', () => {
    rt = startMenu(`<nav data-sw-menu aria-label="Main"><ul>
      <li id="a"><a href="#">A</a><ul><li><a href="/a/1/">A1</a></li></ul></li>
      <li id="b"><a>B</a><ul><li><a href="/b/1/">B1</a></li></ul></li>
      <li id="c"><a href="/c/">C</a><ul><li><a href="/c/1/">C1</a></li></ul></li></ul></nav>`);
    const press = (id: string) => {
      const click = new MouseEvent('click', { bubbles: true, cancelable: true });
      document.querySelector(`#${id} > a`)!.dispatchEvent(click);
      const li = document.getElementById(id)!;
      return [
        click.defaultPrevented,
        li.querySelector('ul')!.hidden,
        li.querySelector('button')!.getAttribute('aria-expanded'),
      ];
    };
    expect(press('a')).toEqual([true, false, 'true']);
    expect(press('b')).toEqual([true, false, 'true']);
    expect(document.querySelector('#a > ul')!.hasAttribute('hidden')).toBe(true); // one branch at a time
    expect(press('b')).toEqual([true, true, 'false']);
    expect(press('c')).toEqual([false, true, 'false']);
  });
});
