import { describe, expect, it } from 'vitest';
import { sanitizeFragment } from '../../../runtime/lightbox/sanitize';
import { groupOf } from '../../../runtime/lightbox/view';
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

describe('ajax content sanitising', () => {
  it('keeps markup and text, drops scripts, handlers, frames and script URLs', () => {
    const f = sanitizeFragment(
      document,
      `<h2 onclick="x()">Hours</h2><script>bad()</script><img src="a.png" onerror="bad()" alt="">
       <a href=" JaVaScRiPt:bad()">x</a><a href="/ok">ok</a><object data="https://evil.example/x"></object>
       <p style="color:red">text</p><form action="/x"><input></form><svg><a href="data:text/html,x">y</a></svg>`,
      (s) => s,
    );
    const div = document.createElement('div');
    div.append(f);
    expect(div.querySelector('h2')!.textContent).toBe('Hours');
    expect(div.querySelectorAll('script, object, form, [onclick], [onerror], [style]')).toHaveLength(0);
    expect([...div.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([null, '/ok', null]);
    expect(div.querySelector('img')!.getAttribute('src')).toBe('a.png');
  });
});

describe('ajax content sanitising: every handler in a tag', () => {
  it('renames and drops several handlers on one element', () => {
    const div = document.createElement('div');
    div.append(
      sanitizeFragment(document, '<img src="a.png" alt="" onload="a()" onerror="b()" ONclick=c()>', (s) => s),
    );
    const img = div.querySelector('img')!;
    expect([...img.attributes].map((a) => a.name).sort()).toEqual(['alt', 'src']);
  });
});
