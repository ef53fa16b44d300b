import { afterEach, describe, expect, it } from 'vitest';
import { attachDialog } from '../../../runtime/ui/dialog';
import { Work } from '../../../runtime/work';

/**
 * A dialog's fades are the runtime's work: `SiteRuntime.idle()` resolves only once the fade-in
 * has started (`data-sw-shown`) and, after a close, once the dialog is closed, so a test or the
 * audit command that presses Escape and waits for idle() finds it closed.
 */
describe('idle() and a dialog’s fades', () => {
  let aborts = new AbortController();
  afterEach(() => {
    aborts.abort();
    aborts = new AbortController();
    document.body.replaceChildren();
  });

  function setup() {
    const work = new Work(window);
    const el = document.createElement('dialog');
    document.body.append(el);
    const control = attachDialog(el, aborts.signal, { closeBy: { escape: true, overlay: true } }, work);
    return { work, el, control };
  }

  it('waits for the frame that starts the fade-in, then for the fade-out to end', async () => {
    const { work, el, control } = setup();
    control.open();
    expect(work.pending).toBe(1);
    await work.idle();
    expect(el.hasAttribute('data-sw-shown')).toBe(true);
    control.close('escape');
    expect(el.open).toBe(true); // fading out
    expect(work.pending).toBe(1);
    await work.idle();
    expect(el.open).toBe(false);
    expect(work.pending).toBe(0);
  });

  it('lets go of the fade when stopped, and when its connection ends', async () => {
    const { work, control } = setup();
    control.open();
    await work.idle();
    control.close('api');
    control.stop();
    expect(work.pending).toBe(0);
    control.open();
    await work.idle();
    control.close('api');
    aborts.abort();
    expect(work.pending).toBe(0);
  });
});
