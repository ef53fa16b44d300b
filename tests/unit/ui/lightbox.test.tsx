import { describe, expect, it, vi } from 'vitest';
import { consentHub } from '../../../runtime/consent/hub';
import { modal } from '../../../runtime/controllers/modal';
import { lightbox } from '../../../runtime/controllers/lightbox';
import { modalOpeners } from '../../../runtime/controllers/modal-openers';
import { BROKEN_IMAGE, SPINNER_DELAY, createLightbox } from '../../../runtime/lightbox/view';
import type { Runtime } from '../../../runtime/runtime';
import { html, runtime, silenceConsole } from '../helpers';

// The lightbox is a component drawn through the runtime's UI host; these run on Preact (what
// ships) and on React 19 (what it is written against).
/** Opens `#a`'s group, focuses the link in its content and moves on with ArrowRight to "second". */
async function arrowFromContentLink(rt: Runtime): Promise<HTMLDialogElement> {
  const box = createLightbox(rt, await rt.ui());
  const dialog = document.querySelector<HTMLDialogElement>('dialog.sw-lightbox')!;
  box.open(document.getElementById('a') as HTMLAnchorElement);
  await vi.waitFor(() => expect(dialog.querySelector('.sw-lb-content a')).not.toBeNull());
  const link = dialog.querySelector<HTMLAnchorElement>('.sw-lb-content a')!;
  link.focus();
  link.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, cancelable: true }));
  await vi.waitFor(() => expect(dialog.querySelector('.sw-lb-content')!.textContent).toBe('second'));
  return dialog;
}

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
    // Inline content is as wide as the item (contract: `defaultWidth` where no size is given).
    expect(dialog.querySelector<HTMLElement>('.sw-lb-content > div')!.style.width).toBe('500px');
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

  it('focus on a link of the content moved past goes on to Next, not to <body> (APG: kept in the dialog)', async () => {
    html(`<a id="a" data-sw-lightbox="g" href="#one">1</a><a id="b" data-sw-lightbox="g" href="#two">2</a>
      <div id="one" hidden><a href="/first/">first</a></div><div id="two" hidden><p>second</p></div>`);
    const rt = runtime([]);
    const dialog = await arrowFromContentLink(rt);
    expect(document.activeElement).toBe(dialog.querySelector('.sw-lb-next'));
    rt.destroy();
  });

  it('a runtime destroyed while the UI host was on its way draws nothing: no lightbox left in the page', async () => {
    html(`<a data-sw-lightbox href="/a.jpg">A</a>`);
    const rt = runtime([
      { name: 'lightbox', selector: '[data-sw-lightbox]', load: 'ready', controller: lightbox },
    ]);
    const host = rt.ui(); // the one the controller asks for
    rt.start();
    rt.destroy(); // SiteRuntime.destroy() on a slow phone, before the host came
    await host.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve)); // what waited on the host has run
    expect(document.querySelector('[data-sw-ui="lightbox"]')).toBeNull();
  });

  it('the same for ajax items: the content moved past leaves as the next comes, focus goes on to Next', async () => {
    html(
      `<a id="a" data-sw-lightbox="g" href="/a.html?ajax=true">1</a><a data-sw-lightbox="g" href="/b.html?ajax=true">2</a>`,
    );
    const pages: Record<string, string> = {
      '/a.html?ajax=true': '<a href="/first/">first</a>',
      '/b.html?ajax=true': '<p>second</p>',
    };
    const fetch = vi
      .spyOn(window, 'fetch')
      .mockImplementation(
        async (url) => new Response(pages[new URL(String(url), location.href).pathname + '?ajax=true']),
      );
    // The platform's sanitizer, as a browser with setHTML() has it (DOMPurify needs a real parser).
    vi.stubGlobal(
      'Sanitizer',
      class {
        allowElement = () => true;
        allowAttribute = () => true;
      },
    );
    Object.defineProperty(Element.prototype, 'setHTML', {
      configurable: true,
      value(this: Element, markup: string) {
        this.innerHTML = markup;
      },
    });
    const rt = runtime([]);
    try {
      const dialog = await arrowFromContentLink(rt);
      expect(document.activeElement).toBe(dialog.querySelector('.sw-lb-next'));
    } finally {
      rt.destroy();
      fetch.mockRestore();
      vi.unstubAllGlobals();
      delete (Element.prototype as { setHTML?: unknown }).setHTML;
    }
  });

  it('the slideshow stops when the visitor starts a video or presses into a player’s frame (spec §4)', async () => {
    html(`<a id="v" data-sw-lightbox="g" href="/tour.mp4">v</a>
      <a id="f" data-sw-lightbox="g" href="/clinic/map/?iframe=true">f</a>`);
    document.head.innerHTML = `<script type="application/json" id="sw-config">{"lightbox":{"slideshow":1000}}</script>`;
    const rt = runtime([]);
    const box = createLightbox(rt, await rt.ui());
    const dialog = document.querySelector<HTMLDialogElement>('dialog.sw-lightbox')!;
    const play = () => dialog.querySelector<HTMLButtonElement>('.sw-lb-play')!;
    const step = (to: string) => dialog.querySelector<HTMLButtonElement>(to)!.click();
    const activation = { isActive: false };
    Object.defineProperty(navigator, 'userActivation', { value: activation, configurable: true });
    try {
      box.open(document.getElementById('v') as HTMLAnchorElement);
      await vi.waitFor(() => expect(dialog.querySelector('video')).not.toBeNull());
      const idle = play().textContent;
      play().click();
      await vi.waitFor(() => expect(play().textContent).not.toBe(idle));
      // Not the visitor's: a video that plays by itself, a page script's play() with no press.
      const video = dialog.querySelector('video')!;
      video.autoplay = true;
      video.dispatchEvent(new Event('play'));
      video.autoplay = false;
      video.dispatchEvent(new Event('play'));
      // Still playing: the slideshow moves on by itself.
      await vi.waitFor(() => expect(dialog.querySelector('iframe')).not.toBeNull(), { timeout: 3000 });
      expect(play().textContent).not.toBe(idle);
      activation.isActive = true; // a press into the frame
      dialog.querySelector('iframe')!.focus();
      window.dispatchEvent(new Event('blur'));
      await vi.waitFor(() => expect(play().textContent).toBe(idle));
      step('.sw-lb-prev');
      await vi.waitFor(() => expect(dialog.querySelector('video')).not.toBeNull());
      play().click();
      await vi.waitFor(() => expect(play().textContent).not.toBe(idle));
      dialog.querySelector('video')!.dispatchEvent(new Event('play')); // the visitor's press on Play
      await vi.waitFor(() => expect(play().textContent).toBe(idle));
    } finally {
      delete (navigator as { userActivation?: unknown }).userActivation;
      document.head.innerHTML = '';
      rt.destroy();
    }
  });

  it('inline content is sized by the item (contract: width and height, else the defaults), each within the room, not scaled as a fitted box', async () => {
    html(`<a id="a" data-sw-lightbox="" href="#one" title="One">1</a><div id="one" hidden><p>text</p></div>
      <a id="b" data-sw-lightbox="" href="#one?width=300&height=120">2</a>`);
    const { innerWidth, innerHeight } = window;
    const happy = (
      window as unknown as { happyDOM: { setViewport(v: { width: number; height: number }): void } }
    ).happyDOM;
    happy.setViewport({ width: 812, height: 375 }); // a phone on its side
    const inline = () => document.querySelector<HTMLElement>('dialog.sw-lightbox .sw-lb-content > div');
    const shown = async (link: string) => {
      const rt = runtime([]);
      try {
        createLightbox(rt, await rt.ui()).open(document.getElementById(link) as HTMLAnchorElement);
        await vi.waitFor(() => expect(inline()?.textContent).toBe('text'));
        const { width, height, overflow } = inline()!.style;
        return [width, parseFloat(height), overflow, inline()!.tabIndex] as const;
      } finally {
        rt.destroy();
      }
    };
    try {
      const [width, height, overflow, tabIndex] = await shown('a');
      expect(width).toBe('500px');
      // The default height (344 px) within the short window's room; what it holds beyond scrolls.
      expect(height).toBeGreaterThan(0);
      expect(height).toBeLessThan(344);
      expect([overflow, tabIndex]).toEqual(['auto', 0]);
      expect(await shown('b')).toEqual(['300px', 120, 'auto', 0]);
    } finally {
      happy.setViewport({ width: innerWidth, height: innerHeight });
    }
  });

  it('inline content named by a percent-encoded hash is shown; a modal opener in it still opens its modal', async () => {
    html(`<a id="a" data-sw-lightbox="" href="#%C3%A9t%C3%A9">Info</a>
      <div id="été" hidden><p>summer hours</p><button type="button" data-sw-modal-open="m1">Book</button>
      <a data-sw-lightbox="x" href="/a.jpg">gallery link</a></div>
      <div id="m1" data-sw-modal><h2>Book a visit</h2></div>`);
    const rt = runtime([
      { name: 'modal', selector: '[data-sw-modal]', load: 'ready', controller: modal },
      { name: 'modal-openers', selector: ':root', load: 'ready', controller: modalOpeners },
    ]);
    rt.start();
    const box = createLightbox(rt, await rt.ui());
    const dialog = document.querySelector<HTMLDialogElement>('dialog.sw-lightbox')!;
    expect(box.open(document.getElementById('a') as HTMLAnchorElement)).toBe(true);
    await vi.waitFor(() =>
      expect(dialog.querySelector('.sw-lb-content')!.textContent).toContain('summer hours'),
    );
    const copy = dialog.querySelector('.sw-lb-content')!;
    // The page's one listener answers this opener wherever it is; other markers come off the copy.
    expect(copy.querySelector('button')!.getAttribute('data-sw-modal-open')).toBe('m1');
    expect(copy.querySelector('a')!.hasAttribute('data-sw-lightbox')).toBe(false);
    const opened: Event[] = [];
    document.getElementById('m1')!.addEventListener('sw:modal:open', (e) => opened.push(e));
    copy.querySelector('button')!.click();
    expect(opened).toHaveLength(1);
    rt.destroy();
  });

  it('ajax content is fetched in same-origin mode: a redirect to another origin fails it, nothing of it is shown', async () => {
    const { error } = silenceConsole();
    html(`<a id="a" data-sw-lightbox="" href="/moved.html?ajax=true" title="Moved">Moved</a>`);
    // What a browser does in that mode when the answer redirects to another origin.
    const fetch = vi.spyOn(window, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const rt = runtime([]);
    const box = createLightbox(rt, await rt.ui());
    const dialog = document.querySelector<HTMLDialogElement>('dialog.sw-lightbox')!;
    expect(box.open(document.getElementById('a') as HTMLAnchorElement)).toBe(true);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(fetch.mock.calls[0]![1]).toMatchObject({ mode: 'same-origin', credentials: 'same-origin' });
    await vi.waitFor(() => expect(error).toHaveBeenCalled());
    // Only the stage's word that it failed (announced), nothing fetched.
    await vi.waitFor(() =>
      expect(dialog.querySelector('.sw-lb-content [role="alert"]')?.textContent).toBe(
        'This content cannot be loaded.',
      ),
    );
    expect(dialog.querySelector('.sw-lb-content')!.textContent).toBe('This content cannot be loaded.');
    fetch.mockRestore();
    rt.destroy();
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
    expect(frame.getAttribute('src')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?enablejsapi=1',
    );
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

  it('an image: the one before goes at once, the stage keeps its size, a spinner after 300 ms; a failure says so and Next still works', async () => {
    // happy-dom loads no images: each is answered by hand.
    const images: FakeImage[] = [];
    class FakeImage {
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      src = '';
      naturalWidth = 0;
      naturalHeight = 0;
      constructor() {
        images.push(this);
      }
    }
    const asked = (name: string) => images.filter((i) => i.src.endsWith(name) && i.onload).at(-1)!;
    vi.stubGlobal('Image', FakeImage);
    const timers = vi.spyOn(window, 'setTimeout');
    try {
      html(`<a id="a" data-sw-lightbox="g" href="/a.jpg">1</a><a data-sw-lightbox="g" href="/b.jpg">2</a>
        <a data-sw-lightbox="g" href="/c.jpg">3</a>`);
      const rt = runtime([]);
      const box = createLightbox(rt, await rt.ui());
      const dialog = document.querySelector<HTMLDialogElement>('dialog.sw-lightbox')!;
      const content = () => dialog.querySelector('.sw-lb-content')!;
      const wait = () => content().querySelector<HTMLElement>('.sw-lb-wait');
      const status = () => content().querySelector('[role=status]');
      box.open(document.getElementById('a') as HTMLAnchorElement);
      // The first wait has the item's default size (500 x 344), an empty status until 300 ms.
      await vi.waitFor(() => expect(wait()).not.toBeNull());
      expect([wait()!.style.width, wait()!.style.minHeight]).toEqual(['500px', '344px']);
      expect(status()!.textContent).toBe('');
      Object.assign(asked('/a.jpg'), { naturalWidth: 400, naturalHeight: 300 }).onload!();
      await vi.waitFor(() => expect(content().querySelector('img')).not.toBeNull());
      expect(content().querySelector('img')!.style.width).toBe('400px');

      dialog.querySelector<HTMLButtonElement>('.sw-lb-next')!.click();
      await vi.waitFor(() =>
        expect(dialog.querySelector('.sw-lb-counter')!.textContent).toBe('Image 2 of 3'),
      );
      // The image before is gone at once; the stage keeps its size; no spinner yet.
      expect(content().querySelector('img')).toBeNull();
      expect([wait()!.style.width, wait()!.style.minHeight]).toEqual(['400px', '300px']);
      expect(status()!.textContent).toBe('');
      expect(timers).toHaveBeenCalledWith(expect.any(Function), SPINNER_DELAY);
      await vi.waitFor(() => expect(status()!.textContent).toBe('Loading…'));

      asked('/b.jpg').onerror!();
      await vi.waitFor(() => expect(content().querySelector('[role=alert]')?.textContent).toBe(BROKEN_IMAGE));
      expect([wait()!.style.width, wait()!.style.minHeight]).toEqual(['400px', '300px']);
      expect(dialog.open).toBe(true);
      dialog.querySelector<HTMLButtonElement>('.sw-lb-next')!.click();
      await vi.waitFor(() =>
        expect(dialog.querySelector('.sw-lb-counter')!.textContent).toBe('Image 3 of 3'),
      );
      expect(content().querySelector('[role=alert]')).toBeNull();
      Object.assign(asked('/c.jpg'), { naturalWidth: 200, naturalHeight: 100 }).onload!();
      await vi.waitFor(() =>
        expect(content().querySelector('img')?.getAttribute('src')).toMatch(/\/c\.jpg$/),
      );
      rt.destroy();
    } finally {
      timers.mockRestore();
      vi.unstubAllGlobals();
    }
  });
});
