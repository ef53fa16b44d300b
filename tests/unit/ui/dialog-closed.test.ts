import { afterEach, describe, expect, it, vi } from 'vitest';
import { attachDialog } from '../../../runtime/ui/dialog';

/**
 * A dialog closed by something other than the runtime's own close: a `<form method="dialog">`
 * in a builder's content, a page script's `dialog.close()`, or the browser itself (Chrome's
 * back gesture without user activation closes a modal dialog with no `cancel` to prevent).
 */
describe('a dialog closed by someone else', () => {
  let aborts = new AbortController();
  afterEach(() => {
    aborts.abort();
    aborts = new AbortController();
    document.body.replaceChildren();
  });

  function setup() {
    const opener = document.body.appendChild(document.createElement('button'));
    const el = document.body.appendChild(document.createElement('dialog'));
    el.append(document.createElement('input'));
    const onClosed = vi.fn();
    const control = attachDialog(el, aborts.signal, { closeBy: { escape: false, overlay: false }, onClosed });
    opener.focus();
    control.open(opener);
    el.querySelector('input')!.focus();
    return { opener, el, control, onClosed };
  }
  const closeEvent = (el: HTMLDialogElement) =>
    new Promise((r) => el.addEventListener('close', r, { once: true }));

  it('is closed for the runtime too: focus back, its close reported once, ready to open again', async () => {
    const { opener, el, control, onClosed } = setup();
    el.setAttribute('data-sw-shown', ''); // the fade-in's frame
    const closed = closeEvent(el);
    el.close();
    await closed;
    expect(onClosed.mock.calls).toEqual([['escape']]);
    expect(control.isOpen).toBe(false);
    expect(el.hasAttribute('data-sw-shown')).toBe(false); // the next open fades in again
    expect(document.activeElement).toBe(opener);
    control.open(opener);
    expect(el.open).toBe(true);
  });

  it('its own close is reported once, not again by the close event it causes', async () => {
    const { el, control, onClosed } = setup();
    const closed = closeEvent(el);
    control.stop();
    control.open();
    control.close('button');
    el.dispatchEvent(new Event('transitionend')); // not the dialog's opacity: ignored
    await closed;
    await vi.waitFor(() => expect(el.open).toBe(false));
    expect(onClosed.mock.calls).toEqual([['button']]);
  });

  it('shown in place (the design editor), it is part of the page being edited: shown again, no close reported', async () => {
    const el = document.body.appendChild(document.createElement('dialog'));
    const onClosed = vi.fn();
    const control = attachDialog(el, aborts.signal, { closeBy: { escape: true, overlay: true }, onClosed });
    control.showInline();
    const closed = closeEvent(el);
    el.close(); // a <form method="dialog"> in the content, submitted in the editor
    await closed;
    expect(el.open).toBe(true);
    expect(onClosed).not.toHaveBeenCalled();
    // Its own stop (the editor's modal taken away) is not undone.
    const stopped = closeEvent(el);
    control.stop();
    await stopped;
    expect(el.open).toBe(false);
  });

  it("the backdrop's shorter fade does not end the dialog's own (spec §9: 300 ms, 150 ms)", () => {
    const { el, control } = setup();
    control.close('button');
    const backdrop = new Event('transitionend') as TransitionEvent;
    Object.defineProperties(backdrop, {
      propertyName: { value: 'opacity' },
      pseudoElement: { value: '::backdrop' },
    });
    el.dispatchEvent(backdrop);
    expect(el.open).toBe(true);
    const own = new Event('transitionend') as TransitionEvent;
    Object.defineProperties(own, { propertyName: { value: 'opacity' }, pseudoElement: { value: '' } });
    el.dispatchEvent(own);
    expect(el.open).toBe(false);
  });
});
