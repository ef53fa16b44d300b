import { describe, expect, it, vi } from 'vitest';
import { createLightbox } from '../../../runtime/lightbox/view';
import { html, runtime } from '../helpers';

// The lightbox is a component drawn through the runtime's UI host; these run on Preact (what
// ships) and on React 19 (what it is written against).
describe('lightbox component', () => {
  it('opens a group on an item, moves with wrap-around, and shows inline content as a copy', async () => {
    html(`<a id="a" data-sw-lightbox="g" href="#one" title="One">1</a>
      <a id="b" data-sw-lightbox="g" href="#two" title="Two">2</a>
      <div id="one" hidden><p>first</p></div><div id="two" hidden><p>second</p></div>`);
    const rt = runtime([]);
    const box = createLightbox(rt, await rt.ui());
    const dialog = document.querySelector<HTMLDialogElement>('dialog.sw-lightbox')!;
    expect(dialog.closest('[data-sw-ui="lightbox"]')).not.toBeNull();
    expect(box.isOpen()).toBe(false);

    expect(box.open(document.getElementById('b') as HTMLAnchorElement)).toBe(true);
    await vi.waitFor(() => expect(dialog.querySelector('.sw-lb-counter')!.textContent).toBe('Item 2 of 2'));
    expect(dialog.querySelector('.sw-lb-content')!.textContent).toBe('second');
    const title = dialog.querySelector('figcaption h2')!;
    expect(title.textContent).toBe('Two');
    expect(dialog.getAttribute('aria-labelledby')).toBe(title.id);
    // The original stays where it was, hidden; the copy has its own ids.
    expect(document.getElementById('two')!.parentElement).toBe(document.body);

    (dialog.querySelector('.sw-lb-next') as HTMLButtonElement).click();
    await vi.waitFor(() => expect(dialog.querySelector('.sw-lb-counter')!.textContent).toBe('Item 1 of 2'));
    expect(dialog.querySelector('.sw-lb-content')!.textContent).toBe('first');
    expect((dialog.querySelector('.sw-lb-expand') as HTMLElement).hidden).toBe(true);
    rt.destroy();
    expect(document.querySelector('dialog.sw-lightbox')).toBeNull();
  });
});
