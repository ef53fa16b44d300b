import { describe, expect, it, vi } from 'vitest';
import { consentHub } from '../../../runtime/consent/hub';
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

  it('a YouTube item shows a placeholder until "Load video"; the player then has the focus', async () => {
    html(`<a id="yt" data-sw-lightbox href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" title="Tour">v</a>
      <a id="vm" data-sw-lightbox href="https://vimeo.com/76979871" title="Welcome">v</a>`);
    const rt = runtime([]);
    const box = createLightbox(rt, await rt.ui());
    const content = () => document.querySelector('dialog.sw-lightbox .sw-lb-content')!;
    box.open(document.getElementById('yt') as HTMLAnchorElement);
    await vi.waitFor(() => expect(content().querySelector('.sw-lb-embed')).not.toBeNull());
    expect(content().querySelector('iframe')).toBeNull();
    expect(content().textContent).toBe('TourYouTube may set cookies once it loads.Load video');
    const load = content().querySelector('button')!;
    load.focus();
    load.click();
    await vi.waitFor(() => expect(content().querySelector('iframe')).not.toBeNull());
    const frame = content().querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(document.activeElement).toBe(frame);
    rt.destroy();
  });

  it('players load at once while the media consent group is on (lightbox.mediaConsentVariable)', async () => {
    document.head.innerHTML = `<script type="application/json" id="sw-config">{"lightbox":{"mediaConsentVariable":"media_ok"}}</script>`;
    try {
      html(`<a id="vm" data-sw-lightbox href="https://vimeo.com/76979871" title="Welcome">v</a>`);
      const rt = runtime([]);
      const hub = consentHub(rt);
      hub.publish({ privacy_cookie: '1', privacy_cookie_3: '1', media_ok: '0' });
      const box = createLightbox(rt, await rt.ui());
      const content = () => document.querySelector('dialog.sw-lightbox .sw-lb-content')!;
      box.open(document.getElementById('vm') as HTMLAnchorElement);
      await vi.waitFor(() => expect(content().querySelector('.sw-lb-embed')).not.toBeNull());
      hub.publish({ privacy_cookie: '1', media_ok: '1' }); // saved on this page
      await vi.waitFor(() => expect(content().querySelector('iframe')).not.toBeNull());
      expect(content().querySelector('iframe')!.getAttribute('src')).toBe(
        'https://player.vimeo.com/video/76979871?dnt=1',
      );
      hub.publish({ privacy_cookie: '1', media_ok: '0' }); // withdrawn without a reload
      await vi.waitFor(() => expect(content().querySelector('iframe')).toBeNull());
      rt.destroy();
    } finally {
      document.head.innerHTML = '';
    }
  });
});
