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
