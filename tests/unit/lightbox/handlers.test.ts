import { describe, expect, it } from 'vitest';
import { renameHandlers } from '../../../runtime/lightbox/handlers';

const D = 'data-sw-dropped-';

describe('handler and style attributes are renamed before parsing (no CSP report for content that never runs)', () => {
  it.each([
    ['<img src=x onerror=a()>', `<img src=x ${D}onerror=a()>`],
    ['<IMG SRC="x" ONERROR="a()" OnLoad=b>', `<IMG SRC="x" ${D}ONERROR="a()" ${D}OnLoad=b>`],
    ['<svg/onload=a()>', `<svg/${D}onload=a()>`],
    ['<img src="x"onerror=a()>', `<img src="x"${D}onerror=a()>`],
    ["<img src='x'/onerror=a()>", `<img src='x'/${D}onerror=a()>`],
    ['<img alt="a>b" onerror=a()>', `<img alt="a>b" ${D}onerror=a()>`],
    ['<img\nsrc=x\tonerror\f=\ra()>', `<img\nsrc=x\t${D}onerror\f=\ra()>`],
    ['<details open ontoggle>', `<details open ${D}ontoggle>`],
    ['<a =" onclick=a()">', `<a =" ${D}onclick=a()">`],
    ['<p style="color:red" STYLE=x styles=y>', `<p ${D}style="color:red" ${D}STYLE=x styles=y>`],
    // Raw text in HTML, markup in SVG: a name found in either reading is renamed.
    ['<style><a id="</style><img onerror=a()>">', `<style><a id="</style><img ${D}onerror=a()>">`],
    ['<svg><style><img onerror=a()></style></svg>', `<svg><style><img ${D}onerror=a()></style></svg>`],
    [
      '<noscript><p title="</noscript><img onerror=a()>">',
      `<noscript><p title="</noscript><img ${D}onerror=a()>">`,
    ],
    ['<title><!--</title><img onerror=a()>-->', `<title><!--</title><img ${D}onerror=a()>-->`],
  ])('%j', (html, renamed) => {
    expect(renameHandlers(html)).toBe(renamed);
  });

  it.each([
    [
      'values that look like handlers stay as written',
      '<a title="x onclick=y style=z" href=/on>once = twice</a>',
    ],
    ['text, comments and end tags', '<p>turn on=off</p><!-- <img onerror=x> --></p onclick=x>'],
    ['an unfinished tag', '<img src="x onerror=y'],
    ['a lone <', 'a < b onclick=c'],
  ])('%s', (_what, html) => {
    expect(renameHandlers(html)).toBe(html);
  });

  it('every handler the parser sees is renamed', () => {
    const html = renameHandlers(
      '<div><img src=x onerror=a()><svg><a onclick=b()><text onmouseover=c()>t</text></a></svg>' +
        '<math><mi onclick=d()>m</mi></math><p title="a>b"onclick=e()>p</p><img/onload=f()></div>',
    );
    const t = document.createElement('template');
    t.innerHTML = html;
    const names = [...t.content.querySelectorAll('*')].flatMap((el) => [...el.attributes].map((a) => a.name));
    expect(names.filter((n) => /^on/i.test(n))).toEqual([]);
    expect(names.filter((n) => n.startsWith(D))).toHaveLength(6);
  });
});
