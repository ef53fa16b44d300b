import { describe, expect, it } from 'vitest';
import { groupOf, itemsOf } from '../../../runtime/lightbox/items';
import { defaultConfig } from '../../../runtime/config-defaults';
import { html, silenceConsole } from '../helpers';

describe('lightbox groups', () => {
  it.each([
    ['<a data-sw-lightbox="rooms" href="a.jpg">x</a>', 'rooms'],
    ['<a data-sw-lightbox="" href="a.jpg">x</a>', null],
    ['<a data-sw-lightbox href="a.jpg">x</a>', null],
    ['<a rel="prettyPhoto[lab]" href="a.jpg">x</a>', 'lab'],
    ['<a rel="prettyPhoto" href="a.jpg">x</a>', null],
    ['<a rel="prettyPhoto[]" href="a.jpg">x</a>', null],
  ])('%s → %s', (markup, group) => {
    html(markup);
    expect(groupOf(document.querySelector('a')!)).toBe(group);
  });
});

describe('lightbox items', () => {
  it('an inline item naming no element of the page (a typo) is left the builder’s link, with a word', () => {
    const { error } = silenceConsole();
    html(`<a data-sw-lightbox="g" href="#hours">Hours</a><a data-sw-lightbox="g" href="#map?width=600">Map</a>
      <div id="opening-hours" hidden>9–5</div><div id="map" hidden>Map</div>`);
    const items = itemsOf(document.querySelector('a')!, 'https://clinic.example/', defaultConfig().lightbox);
    expect(items.map((i) => i.content.src)).toEqual(['map']);
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]![0])).toContain('lightbox: no element has the id "hours".');
  });

  it('a link with an empty href, or none, is no item (not an image of the page itself), with a word', () => {
    const { error } = silenceConsole();
    html(
      `<a data-sw-lightbox="g" href="/a.jpg">A</a><a data-sw-lightbox="g" href="">B</a><a data-sw-lightbox="g">C</a>`,
    );
    const items = itemsOf(document.querySelector('a')!, 'https://clinic.example/', defaultConfig().lightbox);
    expect(items.map((i) => i.link.textContent)).toEqual(['A']);
    expect(error).toHaveBeenCalledTimes(2);
    expect(String(error.mock.calls[0]![0])).toContain('lightbox: an item needs an address');
  });

  it('a refused link is named, and said once however often its group opens', () => {
    const { error } = silenceConsole();
    html(`<a id="js" data-sw-lightbox="g" href="javascript:void(0)">JS</a>
      <a data-sw-lightbox="g" href="data:text/plain,hi">Data</a><a data-sw-lightbox="g" href="/a.jpg">A</a>`);
    const said = new WeakSet<Element>();
    const open = () =>
      itemsOf(document.querySelector('a')!, 'https://clinic.example/', defaultConfig().lightbox, said);
    expect(open().map((i) => i.link.textContent)).toEqual(['A']);
    open();
    open();
    expect(error.mock.calls.map((c) => String(c[0]))).toEqual([
      '[site-runtime] a#js[data-sw-lightbox] href="javascript:void(0)": lightbox: "javascript:" addresses are not opened.',
      '[site-runtime] a[data-sw-lightbox] href="data:text/plain,hi": lightbox: "data:" addresses are not opened.',
    ]);
  });

  // data-sw-description took the image's alt: the builder's own was lost, the description read twice.
  it('the image’s text alternative is the link’s image’s alt, else the title, whatever the description', () => {
    html(`<a data-sw-lightbox="g" href="/a.png" title="T" data-sw-description="Open Monday to Friday"><img src="/a.png" alt="Our waiting room"></a>
      <a data-sw-lightbox="g" href="/b.png" title="Lab" data-sw-description="Second floor"><img src="/b.png" alt=""></a>
      <a data-sw-lightbox="g" href="/c.png" data-sw-description="Garden">C</a>`);
    const items = itemsOf(document.querySelector('a')!, 'https://clinic.example/', defaultConfig().lightbox);
    expect(items.map((i) => [i.alt, i.description])).toEqual([
      ['Our waiting room', 'Open Monday to Friday'],
      ['Lab', 'Second floor'],
      ['', 'Garden'],
    ]);
  });

  it('the thumbnail is the page’s own small image, also before it has loaded (lazy, below the fold)', () => {
    html(`<a data-sw-lightbox="g" href="/big-1.jpg"><img loading="lazy" src="/thumb-1.jpg" alt="One"></a>
      <a data-sw-lightbox="g" href="/big-2.jpg">Two</a>`);
    const img = document.querySelector('img')!;
    // A browser's currentSrc is empty until the image has data.
    Object.defineProperty(img, 'currentSrc', { value: '' });
    const items = itemsOf(document.querySelector('a')!, 'https://clinic.example/', defaultConfig().lightbox);
    expect(items.map((i) => new URL(i.thumb, location.href).pathname)).toEqual([
      '/thumb-1.jpg',
      '/big-2.jpg',
    ]);
  });

  it('a relative href is read against the page’s <base>, as the browser follows it without script; ajax stays the page’s origin’s', () => {
    const { error } = silenceConsole();
    html(`<a data-sw-lightbox="rooms" href="room.jpg">Room</a>
      <a data-sw-lightbox="rooms" href="hours.html?ajax=true">Hours</a>`);
    const base = document.createElement('base');
    base.href = 'https://cdn.example/clinic/assets/img/';
    document.head.append(base);
    try {
      const items = itemsOf(
        document.querySelector('a')!,
        'https://clinic.example/clinic/en/gallery/',
        defaultConfig().lightbox,
      );
      expect(items.map((i) => i.content.src)).toEqual(['https://cdn.example/clinic/assets/img/room.jpg']);
      // hours.html is cdn.example's there: not the page's origin, so refused.
      expect(String(error.mock.calls[0]![0])).toMatch(/another origin \(https:\/\/cdn\.example\)/);
    } finally {
      base.remove();
    }
  });
});
