import { afterEach, describe, expect, it, vi } from 'vitest';
import { attachDialog } from '../../../runtime/ui/dialog';
import { openOrder } from '../../../runtime/ui/dialog-close';
import { scrollLockCss } from '../../../runtime/ui/scroll-lock';

// The page's scrollbar: a root 15 px narrower than the window, or as wide (none).
function scrollbar(width: number) {
  Object.defineProperty(document.documentElement, 'clientWidth', {
    configurable: true,
    get: () => innerWidth - width,
  });
}

function dialog(signal: AbortSignal) {
  const el = document.createElement('dialog');
  document.body.append(el);
  return attachDialog(el, signal, { closeBy: { escape: true, overlay: true } });
}

const marked = () => document.documentElement.hasAttribute('data-sw-gutter');
const locked = () => document.documentElement.hasAttribute('data-sw-locked');

describe('the scroll lock keeps the gutter only where there was a scrollbar', () => {
  let aborts = new AbortController();
  afterEach(() => {
    aborts.abort();
    aborts = new AbortController();
    document.body.replaceChildren();
    document.documentElement.removeAttribute('data-sw-gutter');
  });

  it('marks a page with a scrollbar while a dialog is open, not one without', () => {
    scrollbar(15);
    const a = dialog(aborts.signal);
    a.open();
    expect(marked()).toBe(true);
    a.stop();
    expect(marked()).toBe(false);
    scrollbar(0);
    a.open();
    expect(marked()).toBe(false);
  });

  it('a second dialog keeps what the first found (the lock has hidden the scrollbar since)', () => {
    scrollbar(15);
    const [a, b] = [dialog(aborts.signal), dialog(aborts.signal)];
    a.open();
    scrollbar(0); // locked: no scrollbar now
    b.open();
    expect(marked()).toBe(true);
    b.stop();
    expect(marked()).toBe(true); // a is still open
    expect(locked()).toBe(true);
    a.stop();
    expect(marked()).toBe(false);
    expect(locked()).toBe(false);
  });

  // Where `:has()` is unknown (Chrome < 105, Firefox < 121) the CSS locks by the root's mark.
  it('the root carries the lock’s mark while a dialog is open; the CSS falls back on it only where it must', () => {
    const a = dialog(aborts.signal);
    a.open();
    expect(locked()).toBe(true);
    a.stop();
    expect(locked()).toBe(false);
    expect(scrollLockCss).toContain(
      '@supports not selector(:root:has(dialog:modal)){:root[data-sw-locked]{overflow:hidden}',
    );
  });

  it('nothing is left on the root when a dialog is stopped while open (destroy, disconnect)', () => {
    scrollbar(15);
    const a = dialog(aborts.signal);
    a.open();
    a.stop();
    expect(marked()).toBe(false);
    expect(document.documentElement.getAttributeNames()).not.toContain('data-sw-gutter');
  });
});

describe('closing by the visitor where `:modal` is unknown (Chrome < 105, Safari < 15.6)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    document.body.replaceChildren();
  });

  it('the overlay and a blocked Escape still work: no selector the browser lacks is asked', () => {
    const matches = Element.prototype.matches;
    vi.spyOn(Element.prototype, 'matches').mockImplementation(function (this: Element, s: string) {
      if (s.includes(':modal')) throw new SyntaxError(`'${s}' is not a valid selector`);
      return matches.call(this, s);
    });
    const aborts = new AbortController();
    const el = document.createElement('dialog');
    document.body.append(el);
    const d = attachDialog(el, aborts.signal, { closeBy: { escape: false, overlay: true } });
    d.open();
    const escape = new KeyboardEvent('keydown', { key: 'Escape', cancelable: true, bubbles: true });
    document.dispatchEvent(escape);
    expect(escape.defaultPrevented).toBe(true);
    // A press and a release on the backdrop: on the dialog element, outside its box.
    const at = { clientX: 5000, clientY: 5000, bubbles: true };
    el.dispatchEvent(new MouseEvent('pointerdown', at));
    el.dispatchEvent(new MouseEvent('click', at));
    expect(d.isOpen).toBe(false);
    aborts.abort();
  });
});

describe('Escape with one modal dialog over another', () => {
  it('a dialog that refuses Escape does not take it from the one opened above it', () => {
    const aborts = new AbortController();
    const make = (escape: boolean) => {
      const el = document.createElement('dialog');
      el.append(document.createElement('button'));
      document.body.append(el);
      return [el, attachDialog(el, aborts.signal, { closeBy: { escape, overlay: true } })] as const;
    };
    const [, below] = make(false);
    const [aboveEl, above] = make(true);
    below.open();
    above.open();
    aboveEl.querySelector('button')!.focus();
    const escape = new KeyboardEvent('keydown', { key: 'Escape', cancelable: true, bubbles: true });
    aboveEl.querySelector('button')!.dispatchEvent(escape);
    // Not prevented: the browser's cancel reaches the dialog above, which allows Escape.
    expect(escape.defaultPrevented).toBe(false);
    above.close('escape');
    (document.activeElement as HTMLElement).blur(); // focus leaves the dialog that closed
    // Alone again, the one below still keeps Escape out.
    const again = new KeyboardEvent('keydown', { key: 'Escape', cancelable: true, bubbles: true });
    document.dispatchEvent(again);
    expect(again.defaultPrevented).toBe(true);
    aborts.abort();
    document.body.replaceChildren();
  });

  it('a dialog is on the stack before showModal() moves focus: the one below hears focus leave with it above', () => {
    const aborts = new AbortController();
    const el = document.body.appendChild(document.createElement('dialog'));
    const d = attachDialog(el, aborts.signal, { closeBy: { escape: true, overlay: true } });
    const showModal = HTMLDialogElement.prototype.showModal;
    let stacked: boolean | undefined;
    const spy = vi.spyOn(HTMLDialogElement.prototype, 'showModal').mockImplementation(function (
      this: HTMLDialogElement,
    ) {
      stacked = openOrder(document).includes(this);
      showModal.call(this);
    });
    d.open();
    expect(stacked).toBe(true);
    spy.mockRestore();
    aborts.abort();
    document.body.replaceChildren();
  });

  it('with focus on the body (a click on plain text), Escape is still the top one’s', () => {
    const aborts = new AbortController();
    const make = (escape: boolean) => {
      const el = document.body.appendChild(document.createElement('dialog'));
      return attachDialog(el, aborts.signal, { closeBy: { escape, overlay: true } });
    };
    const [below, above] = [make(false), make(true)];
    below.open();
    above.open();
    (document.activeElement as HTMLElement | null)?.blur();
    const escape = new KeyboardEvent('keydown', { key: 'Escape', cancelable: true, bubbles: true });
    document.body.dispatchEvent(escape);
    expect(escape.defaultPrevented).toBe(false);
    aborts.abort();
    document.body.replaceChildren();
  });
});
