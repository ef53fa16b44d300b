import { describe, expect, it, vi } from 'vitest';
import { createTilePopup } from '../../../runtime/controllers/tile-popup';
import type { ControllerContext } from '../../../runtime/controller';
import { html, runtime } from '../helpers';

// The tile popup is a component drawn through the runtime's UI host; these run on Preact
// (what ships) and on React 19 (what it is written against).
function setUp() {
  html(`<div data-sw-tiles id="tiles">
      <a data-sw-tile href="#a" id="ta">A</a><a data-sw-tile href="#b" id="tb">B</a>
    </div>
    <section data-sw-tile-content id="a" hidden><h2>Alpha</h2><p>one</p></section>
    <section data-sw-tile-content id="b" hidden aria-labelledby="tb"><p>two</p></section>`);
  const rt = runtime([]);
  const container = document.getElementById('tiles')!;
  const $ = (id: string) => document.getElementById(id)!;
  const items = [
    { tile: $('ta'), content: $('a') },
    { tile: $('tb'), content: $('b') },
  ];
  const ctx = {
    name: 'tiles',
    element: container,
    runtime: rt,
    signal: rt.signal,
  } as unknown as ControllerContext;
  return { rt, container, items, ctx, $ };
}

describe('tile popup component', () => {
  it('renders through the host after the container, shows the content itself and puts it back', async () => {
    const { rt, container, items, ctx, $ } = setUp();
    const popup = createTilePopup(ctx, items, container, await rt.ui());
    const slot = container.nextElementSibling!;
    expect(slot.getAttribute('data-sw-ui')).toBe('tiles');
    await vi.waitFor(() => expect(slot.querySelector('dialog[data-sw-tile-popup]')).not.toBeNull());
    const dialog = slot.querySelector('dialog')!;

    popup.show(0, $('ta'));
    await vi.waitFor(() => expect(dialog.contains($('a'))).toBe(true));
    expect($('a').hidden).toBe(false);
    expect(dialog.getAttribute('aria-labelledby')).toBe($('a').querySelector('h2')!.id);
    expect(dialog.querySelector('[data-sw-tile-prev]')!.getAttribute('aria-disabled')).toBe('true');
    expect(dialog.querySelector('[data-sw-tile-next]')!.hasAttribute('aria-disabled')).toBe(false);

    (dialog.querySelector('[data-sw-tile-next]') as HTMLElement).click();
    await vi.waitFor(() => expect(dialog.contains($('b'))).toBe(true));
    // The first content is back in its place, hidden as the tiles keep it.
    expect(container.nextElementSibling).toBe(slot);
    expect($('a').parentElement).toBe(document.body);
    expect($('a').hidden).toBe(true);
    expect(dialog.getAttribute('aria-labelledby')).toBe('tb');

    // Taken back at once: the builder's elements are in place when destroy returns.
    popup.destroy();
    expect(container.nextElementSibling?.id).toBe('a');
    expect(document.querySelector('dialog')).toBeNull();
    expect($('b').parentElement).toBe(document.body);
    expect($('b').hidden).toBe(true);
    // The id given to the heading to name the dialog is taken off again.
    expect($('a').querySelector('h2')!.hasAttribute('id')).toBe(false);
    rt.destroy();
  });

  it('a link in the section shown to another section: focus stays in the dialog, on its first control (APG)', async () => {
    const { rt, container, items, ctx, $ } = setUp();
    const link = $('a').appendChild(
      Object.assign(document.createElement('a'), { href: '#b', textContent: 'B' }),
    );
    const popup = createTilePopup(ctx, items, container, await rt.ui());
    popup.show(0, $('ta'));
    const dialog = await vi.waitFor(() => container.nextElementSibling!.querySelector('dialog')!);
    await vi.waitFor(() => expect(dialog.contains(link)).toBe(true));
    link.focus();
    popup.show(1, link); // what the tiles controller does with that link's click
    await vi.waitFor(() => expect(dialog.contains($('b'))).toBe(true));
    expect(document.activeElement).toBe(dialog.querySelector('[data-sw-dialog-close]'));
    // Previous and Next keep focus where it is: on the button pressed.
    const prev = dialog.querySelector<HTMLElement>('[data-sw-tile-prev]')!;
    prev.focus();
    prev.click();
    await vi.waitFor(() => expect(dialog.contains($('a'))).toBe(true));
    expect(document.activeElement).toBe(prev);
    popup.destroy();
    rt.destroy();
  });

  it('a section with an empty or blank aria-labelledby (a field left blank) names the dialog by its heading', async () => {
    const { rt, container, items, ctx, $ } = setUp();
    $('a').setAttribute('aria-labelledby', ' ');
    const popup = createTilePopup(ctx, items, container, await rt.ui());
    popup.show(0, $('ta'));
    const dialog = await vi.waitFor(() => container.nextElementSibling!.querySelector('dialog')!);
    await vi.waitFor(() => expect(dialog.contains($('a'))).toBe(true));
    expect(dialog.getAttribute('aria-labelledby')).toBe($('a').querySelector('h2')!.id);
    expect($('a').querySelector('h2')!.id).not.toBe('');
    rt.destroy();
  });

  it('audio or video playing in a section is paused when it goes back out of sight (WCAG 1.4.2)', async () => {
    const { rt, container, items, ctx, $ } = setUp();
    const video = $('a').appendChild(document.createElement('video'));
    const pause = vi.spyOn(video, 'pause');
    // A muted one (decorative autoplay) is left alone: paused, it would not start again.
    const muted = Object.assign($('a').appendChild(document.createElement('video')), { muted: true });
    const mutedPause = vi.spyOn(muted, 'pause');
    const popup = createTilePopup(ctx, items, container, await rt.ui());
    popup.show(0, $('ta'));
    const dialog = await vi.waitFor(() => container.nextElementSibling!.querySelector('dialog')!);
    await vi.waitFor(() => expect(dialog.contains(video)).toBe(true));
    expect(pause).not.toHaveBeenCalled();
    (dialog.querySelector('[data-sw-tile-next]') as HTMLElement).click();
    await vi.waitFor(() => expect(dialog.contains($('b'))).toBe(true));
    expect(pause).toHaveBeenCalled();
    expect(mutedPause).not.toHaveBeenCalled();
    rt.destroy();
  });

  it('closing takes the section’s address off the page’s own address, whatever the <base>', async () => {
    const { rt, container, items, ctx, $ } = setUp();
    const base = document.head.appendChild(document.createElement('base'));
    base.href = 'https://cdn.example/assets/';
    const page = location.href;
    try {
      const popup = createTilePopup(ctx, items, container, await rt.ui());
      history.replaceState(null, '', `${page}#a`);
      popup.show(0, $('ta'));
      const dialog = await vi.waitFor(() => container.nextElementSibling!.querySelector('dialog')!);
      await vi.waitFor(() => expect(dialog.open).toBe(true));
      (dialog.querySelector('[data-sw-dialog-close]') as HTMLElement).click();
      await vi.waitFor(() => expect(location.hash).toBe(''));
      expect(location.href).toBe(page.replace(/#.*$/, ''));
    } finally {
      base.remove();
      rt.destroy();
    }
  });
});
