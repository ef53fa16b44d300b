import { describe, expect, it } from 'vitest';
import { checkDocument, type Diagnostic } from '../../../runtime/check/node';

function page(body: string, config?: string): Diagnostic[] {
  document.head.innerHTML =
    config === undefined ? '' : `<script type="application/json" id="sw-config">${config}</script>`;
  document.body.innerHTML = body;
  return checkDocument(document);
}

const brief = (list: Diagnostic[]) =>
  list.map((d) => ({ kind: d.kind, marker: d.marker, at: d.element?.id || d.element?.localName || null }));

describe('checkDocument: each planted problem, once, on its element', () => {
  const cases: [string, string, Partial<ReturnType<typeof brief>[number]>][] = [
    [
      '<div id="m" data-sw-modal="{oops"></div>',
      'invalid JSON',
      { kind: 'invalid-json', marker: 'data-sw-modal', at: 'm' },
    ],
    [
      '<div id="m" data-sw-modal=\'{"trigger":"hover"}\'></div>',
      'a bad value',
      { kind: 'invalid-option', at: 'm' },
    ],
    [
      '<nav id="n" data-sw-anchor-menu="{bad"><a href="#a">A</a></nav>',
      'an anchor menu’s invalid JSON',
      { kind: 'invalid-json', marker: 'data-sw-anchor-menu', at: 'n' },
    ],
    [
      '<nav id="n" data-sw-anchor-menu=\'{"scrollspy":true}\'><a href="#a">A</a></nav>',
      'an anchor menu’s unknown option (the runtime warns it is ignored)',
      { kind: 'unknown-option', marker: 'data-sw-anchor-menu', at: 'n' },
    ],
    [
      '<nav id="n" data-sw-anchor-menu=\'{"scrollSpy":"true"}\'><a href="#a">A</a></nav>',
      'an anchor menu’s option of the wrong kind',
      { kind: 'invalid-option', marker: 'data-sw-anchor-menu', at: 'n' },
    ],
    [
      '<a id="l" href="/a.jpg" data-sw-lightbox="g" data-sw-load="soon">x</a>',
      'a load strategy that is not one (issue 14)',
      { kind: 'invalid-option', marker: 'data-sw-load', at: 'l' },
    ],
    [
      '<div id="m" data-sw-modal=\'{"dealy":5}\'></div>',
      'an unknown option',
      { kind: 'unknown-option', at: 'm' },
    ],
    ['<div data-sw-modal></div>', 'a modal without id', { kind: 'missing-target', marker: 'data-sw-modal' }],
    [
      '<button id="b" data-sw-modal-open="nope">x</button>',
      'an opener naming no modal',
      { kind: 'missing-target', marker: 'data-sw-modal-open', at: 'b' },
    ],
    [
      '<a id="l" href="#gone" data-sw-lightbox="g">x</a>',
      'a lightbox link to a missing #id',
      { kind: 'missing-target', marker: 'data-sw-lightbox', at: 'l' },
    ],
    [
      '<a id="l" href="javascript:alert(1)" rel="prettyPhoto">x</a>',
      'a refused lightbox href',
      { kind: 'invalid-option', marker: 'rel', at: 'l' },
    ],
    [
      '<div id="t" data-sw-tiles></div>',
      'an empty tile gallery',
      { kind: 'empty-group', marker: 'data-sw-tiles', at: 't' },
    ],
    [
      '<div data-sw-tiles><a id="a" data-sw-tile href="#none">x</a></div>',
      'a tile naming no content',
      { kind: 'missing-target', marker: 'data-sw-tile', at: 'a' },
    ],
    [
      '<a id="a" data-sw-tile href="#s">x</a><section id="s" data-sw-tile-content>s</section>',
      'a tile in no gallery',
      { kind: 'missing-target', marker: 'data-sw-tile', at: 'a' },
    ],
    [
      '<div id="c" data-sw-carousel></div>',
      'a carousel without slides',
      { kind: 'empty-group', marker: 'data-sw-carousel', at: 'c' },
    ],
    [
      '<div id="c" data-sw-carousel=\'{"wrap":"yes"}\'><div data-sw-slide></div></div>',
      'a carousel bad value',
      { kind: 'invalid-option', at: 'c' },
    ],
    [
      '<div id="p" data-sw-consent-modal data-sw-cookie-groups="[]"></div>',
      'empty cookie groups',
      { kind: 'empty-group', marker: 'data-sw-cookie-groups', at: 'p' },
    ],
    [
      '<div id="p" data-sw-consent-modal data-sw-cookie-groups="[{"></div>',
      'cookie groups invalid JSON',
      { kind: 'invalid-json', marker: 'data-sw-cookie-groups', at: 'p' },
    ],
    [
      '<div id="p" data-sw-consent-modal data-sw-cookie-groups=\'[{"variable":"privacy_cookie_1"}]\' data-sw-consent-options=\'{"enableAl":true}\'></div>',
      'an unknown consent option',
      { kind: 'unknown-option', marker: 'data-sw-consent-options', at: 'p' },
    ],
    [
      '<div id="k" data-sw-consent-banner hidden></div>',
      'a banner without the consent modal',
      { kind: 'missing-target', marker: 'data-sw-consent-banner', at: 'k' },
    ],
  ];
  for (const [markup, what, expected] of cases) {
    it(what, () => {
      const found = brief(page(markup));
      expect(found).toHaveLength(1);
      expect(found[0]).toMatchObject(expected);
    });
  }

  it('duplicate ids that a marker uses, on every element after the first', () => {
    const list = page(
      '<div id="m" data-sw-modal></div><section id="m" class="second"></section><p id="x"></p><p id="x"></p>',
    );
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ kind: 'duplicate-id', marker: 'id' });
    expect(list[0]!.element!.className).toBe('second');
  });

  it('a second sw-config block is a duplicate id (only the first is read)', () => {
    document.head.innerHTML =
      '<script type="application/json" id="sw-config">{}</script><script type="application/json" id="sw-config" class="second">{}</script>';
    document.body.innerHTML = '';
    const list = checkDocument(document);
    expect(list.map((d) => [d.kind, d.element?.className])).toEqual([['duplicate-id', 'second']]);
  });

  it('sw-config: invalid JSON, bad and unknown fields, out of range', () => {
    expect(brief(page('', '{'))).toEqual([{ kind: 'invalid-json', marker: 'sw-config', at: 'sw-config' }]);
    const list = page(
      '',
      '{"site":{"userParam":5},"lightbox":{"slideshow":10},"analytic":{},"page":{"idd":"1"}}',
    );
    expect(list.map((d) => d.kind).sort()).toEqual([
      'invalid-config',
      'invalid-config',
      'unknown-option',
      'unknown-option',
    ]);
    expect(list.map((d) => d.message).join(' ')).toMatch(/site\.userParam.*lightbox\.slideshow 10/s);
    expect(list.map((d) => d.message).join(' ')).toMatch(/analytic\b.*page\.idd/s);
  });

  it('cookie groups kept with a field not written as the contract says: each, as the runtime warns', () => {
    const list = page(
      `<div id="p" data-sw-consent-modal data-sw-cookie-groups='[{"label":"Necessary","variable":"privacy_cookie_1","forced":"true"},{"label":7,"variable":"privacy_cookie_2","description":["x"]}]'></div>`,
    );
    expect(brief(list)).toEqual([
      { kind: 'invalid-option', marker: 'data-sw-cookie-groups', at: 'p' },
      { kind: 'invalid-option', marker: 'data-sw-cookie-groups', at: 'p' },
    ]);
    expect(list[0]!.message).toMatch(/privacy_cookie_1: "forced" is true or false, not "true": not forced/);
    expect(list[1]!.message).toMatch(/privacy_cookie_2: a label or description that is not text is left out/);
  });

  it('lists problems in document order and says nothing about a correct page', () => {
    const list = page(
      '<button data-sw-modal-open="b">1</button><div id="c" data-sw-carousel></div><button data-sw-modal-open="a">2</button>',
    );
    expect(list.map((d) => d.element?.textContent || d.element?.id)).toEqual(['1', 'c', '2']);
    expect(
      page(
        `<div id="m" data-sw-modal='{"trigger":"load"}'></div><button data-sw-modal-open="m">o</button>
         <a href="#m">o</a><a href="/a.jpg" data-sw-lightbox="g">a</a><a href="#inline" data-sw-lightbox="g">b</a>
         <div id="inline"></div><div data-sw-tiles><a data-sw-tile href="#t1">t</a></div><section id="t1" data-sw-tile-content></section>
         <div data-sw-carousel='{"interval":4000}'><div data-sw-slide></div></div>`,
        '{"site":{"userParam":"u"},"languages":[["English","menu_en","en"]],"i18n":{"en":{"close":"Close"}}}',
      ),
    ).toEqual([]);
  });

  it('logs nothing: the runtime itself says it on the console, the checker only lists', () => {
    const warn = console.warn;
    const calls: unknown[] = [];
    console.warn = (...a: unknown[]) => void calls.push(a);
    try {
      page('<div id="m" data-sw-modal=\'{"dealy":5,"trigger":"x"}\'></div>', '{"x":1}');
    } finally {
      console.warn = warn;
    }
    expect(calls).toEqual([]);
  });
});

describe('the runtime says the same on the console', () => {
  it('modal and carousel readers warn about unknown options, naming the element', async () => {
    const { modalOptions } = await import('../../../runtime/controllers/modal-options');
    const { carouselOptions } = await import('../../../runtime/controllers/carousel');
    const { normalizeConfig } = await import('../../../runtime/config');
    const lines: string[] = [];
    const warn = console.warn;
    console.warn = (...a: unknown[]) => void lines.push(String(a[0]));
    try {
      document.body.innerHTML = `<div id="m" data-sw-modal='{"dealy":1}'></div><div id="c" data-sw-carousel='{"intervall":1}'></div>`;
      modalOptions(document.getElementById('m')!);
      carouselOptions(document.getElementById('c')!);
      normalizeConfig({ site: { userParm: 'x' } });
    } finally {
      console.warn = warn;
    }
    expect(lines).toEqual([
      '[site-runtime] div#m[data-sw-modal]: unknown option(s) dealy; ignored.',
      '[site-runtime] div#c[data-sw-carousel]: unknown option(s) intervall; ignored.',
      '[site-runtime] sw-config: unknown field(s) site.userParm; ignored.',
    ]);
  });
});
