import { describe, expect, it } from 'vitest';
import { groupOf } from '../../../runtime/lightbox/items';
import { html } from '../helpers';

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
