import { describe, expect, it, vi } from 'vitest';
import { defaultConfig } from '../../../runtime/config';
import { isLinkable, languageLink, type MenuItem } from '../../../runtime/controllers/languages';
import { loadScript } from '../../../runtime/trusted-types';
import { html, runtime, silenceConsole } from '../helpers';

// Spies that call the real loader unless a test gives them menus to define.
vi.mock('../../../runtime/trusted-types', { spy: true });

const fr: MenuItem[] = [
  ['Accueil', '/clinic/fr/', '', 0, '', 0, '', '1'],
  ['Services', '/clinic/fr/services/', '', 0, '', 0, '', '2'],
  ['Cardiologie', '/clinic/fr/services/cardiologie/', '', 1, '', 0, '', '3'],
];

const ENGLISH_FRENCH = [
  ['English', 'menu_en', 'en'],
  ['Français', 'menu_fr', 'fr'],
];

/** Every menu script defines a one-item menu, its language's home page. */
const homeMenus = () =>
  vi.mocked(loadScript).mockImplementation(async (win, url) => {
    const lang = /menu_(\w+)\.js$/.exec(url)![1]!;
    (win as unknown as Record<string, unknown>)[`menu_${lang}`] = [
      ['Home', `/clinic/${lang}/`, '', 0, '', 0, '', '1'],
    ];
  });

const page = (over: Partial<ReturnType<typeof defaultConfig>['page']>) => ({
  ...defaultConfig().page,
  languageId: 'en',
  ...over,
});

describe('language link resolution (contract §3)', () => {
  it.each([
    [
      'the current language links to the page itself',
      'en',
      page({ id: '2' }),
      'https://c.test/clinic/en/services/?x=1',
    ],
    [
      'the item of that menu with the current page id',
      'fr',
      page({ id: '3' }),
      '/clinic/fr/services/cardiologie/',
    ],
    ['a page id as a number in the menu still matches', 'fr', page({ id: '2' }), '/clinic/fr/services/'],
    ['no item with the page id: the first item', 'fr', page({ id: '99' }), '/clinic/fr/'],
    ['no page id at all: the first item', 'fr', page({ id: undefined }), '/clinic/fr/'],
    [
      'a detail page: its detailList url for that language',
      'fr',
      page({
        id: '2',
        detailPage: 'flu',
        detailList: [{ lang: 'fr', url: '/clinic/fr/actualites/grippe/' }],
      }),
      '/clinic/fr/actualites/grippe/',
    ],
    [
      'a detail page without an entry for that language: the page-id rule',
      'fr',
      page({ id: '2', detailPage: 'flu', detailList: [{ lang: 'de', url: '/de/x' }] }),
      '/clinic/fr/services/',
    ],
    [
      'a detail page whose entry for that language has no url (not translated yet): the page-id rule',
      'fr',
      page({ id: '2', detailPage: 'flu', detailList: [{ lang: 'fr', url: '' }] }),
      '/clinic/fr/services/',
    ],
    [
      'a detailList is ignored when the page is not a detail page',
      'fr',
      page({ id: '2', detailPage: '', detailList: [{ lang: 'fr', url: '/clinic/fr/actualites/grippe/' }] }),
      '/clinic/fr/services/',
    ],
  ])('%s', (_what, lang, p, expected) => {
    expect(languageLink(lang, p, fr, 'https://c.test/clinic/en/services/?x=1')).toBe(expected);
  });

  it('an empty menu gives no link', () => {
    expect(languageLink('fr', page({ id: '1' }), [], '/here')).toBeUndefined();
  });

  it('a menu script that fails rejects the whole build: the container stays as the builder wrote it', async () => {
    const { error } = silenceConsole();
    document.head.innerHTML =
      '<script type="application/json" id="sw-config">{"languages":[["English","menu_en","en"],["Français","menu_fr","fr"]],"page":{"languageId":"en"}}</script>';
    const builder =
      '<ul aria-label="Languages"><li><a href="/clinic/fr/" hreflang="fr" lang="fr">Français</a></li></ul>';
    html(`<div data-sw-languages>${builder}</div>`);
    const { languages } = await import('../../../runtime/controllers/languages');
    const rt = runtime([
      { name: 'languages', selector: '[data-sw-languages]', load: 'ready', controller: languages },
    ]);
    rt.start();
    // happy-dom loads no scripts: the first menu script fails.
    await vi.waitFor(() => expect(error).toHaveBeenCalled());
    const box = document.querySelector('[data-sw-languages]')!;
    expect(box.innerHTML).toBe(builder);
    expect(box.hasAttribute('data-sw-ready')).toBe(false);
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]![0])).toContain('languages controller failed (connect)');
    rt.destroy();
  });
});

describe('only http(s) and relative URLs become language links (contract §3)', () => {
  it.each([
    ['/clinic/fr/', true],
    ['fr/accueil', true],
    ['?lang=fr', true],
    ['//clinic.example/fr/', true],
    ['https://clinic.example/fr/', true],
    ['HTTP://clinic.example/fr/', true],
    ['javascript:alert(1)', false],
    [' JaVaScRiPt:alert(1)', false],
    ['\u0001\u0008javascript:alert(1)', false],
    ['java\tscr\nipt:alert(1)', false],
    ['vbscript:msgbox(1)', false],
    ['data:text/html,<script>alert(1)</script>', false],
    ['mailto:desk@clinic.example', false],
    ['http://[bad', false],
  ])('%j → %s', (href, ok) => {
    expect(isLinkable(href)).toBe(ok);
  });

  it('a value that is not a string is not a URL', () => {
    expect(isLinkable({ toString: () => '/clinic/fr/' })).toBe(false);
    expect(isLinkable(undefined)).toBe(false);
  });

  it('menu and detailList entries with other URLs are left out, each with one warning naming its language, however many switchers', async () => {
    const { warn } = silenceConsole();
    const langs = ['en', 'fr', 'de', 'es', 'it', 'nl', 'pt', 'ja'];
    const config = {
      page: {
        id: '7',
        languageId: 'en',
        detailPage: 'flu',
        detailList: [
          { lang: 'fr', url: 'javascript:window.__xss("fr")' },
          { lang: 'pt', url: 'https://clinic.example/pt/gripe/' },
        ],
      },
      languages: langs.map((l) => [`Lang ${l}`, `menu_${l}`, l]),
    };
    const menus: Record<string, unknown[]> = {
      en: [['Home', '/clinic/en/', '', 0, '', 0, '', '1']],
      fr: [['Accueil', '/clinic/fr/', '', 0, '', 0, '', '1']],
      de: [['Start', ' \t JaVaScRiPt:window.__xss("de")', '', 0, '', 0, '', '1']],
      es: [
        ['Inicio', '/clinic/es/', '', 0, '', 0, '', '1'],
        ['Gripe', 'data:text/html,<script>__xss("es")</script>', '', 0, '', 0, '', '7'],
      ],
      it: [['Home', '\u0001vbscript:msgbox(1)', '', 0, '', 0, '', '1']],
      nl: [['Start', '/clinic/nl/', '', 0, '', 0, '', '1']],
      pt: [['Início', 'javascript:void 0', '', 0, '', 0, '', '1']],
      ja: [['ホーム', { toString: () => 'javascript:__xss("ja")' }, '', 0, '', 0, '', '1']],
    };
    vi.mocked(loadScript).mockImplementation(async (win, url) => {
      const lang = /menu_(\w+)\.js$/.exec(url)![1]!;
      (win as unknown as Record<string, unknown>)[`menu_${lang}`] = menus[lang];
    });
    try {
      document.head.innerHTML = `<script type="application/json" id="sw-config">${JSON.stringify(config)}</script>`;
      html('<div data-sw-languages></div><footer><div data-sw-languages></div></footer>');
      const { languages } = await import('../../../runtime/controllers/languages');
      const rt = runtime([
        { name: 'languages', selector: '[data-sw-languages]', load: 'ready', controller: languages },
      ]);
      rt.start();
      const box = document.querySelector('[data-sw-languages]')!;
      await vi.waitFor(() => expect(document.querySelectorAll('[data-sw-languages] ul')).toHaveLength(2));
      const links = [...box.querySelectorAll('a')].map((a) => [a.hreflang, a.getAttribute('href')]);
      expect(links).toEqual([
        ['en', location.href],
        ['nl', '/clinic/nl/'],
        ['pt', 'https://clinic.example/pt/gripe/'],
      ]);
      const warnings = warn.mock.calls.map((c) => String(c[0]));
      for (const lang of ['fr', 'de', 'es', 'it', 'ja']) {
        expect(warnings.filter((w) => w.includes(`link for ${lang} (Lang ${lang})`))).toHaveLength(1);
      }
      expect(warnings).toHaveLength(5);
      rt.destroy();
    } finally {
      vi.mocked(loadScript).mockReset();
    }
  });
});

describe('a menu script with items that are not items', () => {
  it('skips them: one malformed item fails no language, and a menu with no item left is left out with a warning', async () => {
    const { warn, error } = silenceConsole();
    const config = {
      page: { id: '1', languageId: 'en' },
      languages: [...ENGLISH_FRENCH, ['Deutsch', 'menu_de', 'de']],
    };
    const menus: Record<string, unknown[]> = {
      en: [['Home', '/clinic/en/', '', 0, '', 0, '', '1']],
      fr: [null, 'x', ['Accueil', '/clinic/fr/', '', 0, '', 0, '', '1']],
      de: [null, 7],
    };
    vi.mocked(loadScript).mockImplementation(async (win, url) => {
      const lang = /menu_(\w+)\.js$/.exec(url)![1]!;
      (win as unknown as Record<string, unknown>)[`menu_${lang}`] = menus[lang];
    });
    try {
      document.head.innerHTML = `<script type="application/json" id="sw-config">${JSON.stringify(config)}</script>`;
      html('<div data-sw-languages></div>');
      const { languages } = await import('../../../runtime/controllers/languages');
      const rt = runtime([
        { name: 'languages', selector: '[data-sw-languages]', load: 'ready', controller: languages },
      ]);
      rt.start();
      const box = document.querySelector('[data-sw-languages]')!;
      await vi.waitFor(() => expect(box.querySelector('ul')).not.toBeNull());
      const links = [...box.querySelectorAll('a')].map((a) => [a.hreflang, a.getAttribute('href')]);
      expect(links).toEqual([
        ['en', location.href],
        ['fr', '/clinic/fr/'],
      ]);
      expect(error).not.toHaveBeenCalled();
      const warnings = warn.mock.calls.map((c) => String(c[0]));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain('the menu for de (Deutsch) has no usable item');
      rt.destroy();
    } finally {
      vi.mocked(loadScript).mockReset();
    }
  });
});

describe('the current language without page.languageId', () => {
  it('is the one <html lang> names, exactly or by its primary subtag: marked, and linking to the page itself', async () => {
    const config = { page: { id: '1' }, languages: ENGLISH_FRENCH };
    homeMenus();
    const { languages } = await import('../../../runtime/controllers/languages');
    try {
      for (const [lang, current] of [
        ['fr-CA', 'fr'],
        ['EN', 'en'],
        ['de', undefined],
      ] as const) {
        document.documentElement.lang = lang;
        document.head.innerHTML = `<script type="application/json" id="sw-config">${JSON.stringify(config)}</script>`;
        html('<div data-sw-languages></div>');
        const rt = runtime([
          { name: 'languages', selector: '[data-sw-languages]', load: 'ready', controller: languages },
        ]);
        rt.start();
        const box = document.querySelector('[data-sw-languages]')!;
        await vi.waitFor(() => expect(box.querySelector('ul')).not.toBeNull());
        const marked = [...box.querySelectorAll('a[aria-current="true"]')].map((a) =>
          a.getAttribute('hreflang'),
        );
        expect(marked, lang).toEqual(current ? [current] : []);
        if (current)
          expect(box.querySelector<HTMLAnchorElement>(`a[hreflang="${current}"]`)!.href).toBe(location.href);
        rt.destroy();
      }
    } finally {
      document.documentElement.lang = '';
      vi.mocked(loadScript).mockReset();
    }
  });
});

describe('focus on the fallback links', () => {
  it('goes on to the same language’s link in the list, and back to the builder’s link on destroy', async () => {
    const config = { page: { id: '1', languageId: 'en' }, languages: ENGLISH_FRENCH };
    homeMenus();
    const { languages } = await import('../../../runtime/controllers/languages');
    try {
      document.head.innerHTML = `<script type="application/json" id="sw-config">${JSON.stringify(config)}</script>`;
      html('<div data-sw-languages><a href="/clinic/fr/" hreflang="FR">Français</a></div>');
      const fallback = document.querySelector<HTMLAnchorElement>('[data-sw-languages] a')!;
      const rt = runtime([
        { name: 'languages', selector: '[data-sw-languages]', load: 'ready', controller: languages },
      ]);
      rt.start();
      fallback.focus(); // a keyboard visitor tabbed onto it while the menu scripts load
      const box = document.querySelector('[data-sw-languages]')!;
      await vi.waitFor(() => expect(box.querySelector('ul')).not.toBeNull());
      expect(document.activeElement).toBe(box.querySelector('a[hreflang="fr"]'));
      rt.destroy();
      expect(document.activeElement).toBe(fallback);
    } finally {
      vi.mocked(loadScript).mockReset();
    }
  });
});

describe('several switchers on one page (a header and a footer)', () => {
  it('load each menu script once and draw the same list in each; a failed one alone is tried again by the next connect', async () => {
    const config = {
      page: { id: '1', languageId: 'en' },
      languages: [
        ['English', 'menu_en', 'en'],
        ['Français', 'menu_fr', 'fr'],
      ],
    };
    let fail = true;
    vi.mocked(loadScript).mockImplementation(async (win, url) => {
      const lang = /menu_(\w+)\.js$/.exec(url)![1]!;
      if (lang === 'fr' && fail) throw new Error('menu_fr.js could not be loaded');
      (win as unknown as Record<string, unknown>)[`menu_${lang}`] = [
        ['Home', `/clinic/${lang}/`, '', 0, '', 0, '', '1'],
      ];
    });
    const { error } = silenceConsole();
    const { languages } = await import('../../../runtime/controllers/languages');
    try {
      document.head.innerHTML = `<script type="application/json" id="sw-config">${JSON.stringify(config)}</script>`;
      html(
        '<header><div data-sw-languages>EN</div></header><footer><div data-sw-languages>EN</div></footer>',
      );
      const rt = runtime([
        { name: 'languages', selector: '[data-sw-languages]', load: 'ready', controller: languages },
      ]);
      rt.start();
      await vi.waitFor(() => expect(error).toHaveBeenCalledTimes(2)); // each switcher says it failed
      expect(vi.mocked(loadScript).mock.calls.map((c) => c[1].replace(/.*\//, ''))).toEqual([
        'menu_en.js',
        'menu_fr.js',
      ]);
      fail = false;
      vi.mocked(loadScript).mockClear();
      rt.rescan(); // as a part added later would: the switchers connect again
      const boxes = [...document.querySelectorAll('[data-sw-languages]')];
      await vi.waitFor(() => boxes.forEach((b) => expect(b.querySelectorAll('a')).toHaveLength(2)));
      // Only the one that failed: the one that loaded ran once (a `let` list would throw again).
      expect(vi.mocked(loadScript).mock.calls.map((c) => c[1].replace(/.*\//, ''))).toEqual(['menu_fr.js']);
      rt.destroy();
    } finally {
      vi.mocked(loadScript).mockReset();
    }
  });
});

describe('the container', () => {
  const start = async (markup: string, languages = ENGLISH_FRENCH) => {
    const config = { page: { id: '1', languageId: 'en' }, languages };
    document.head.innerHTML = `<script type="application/json" id="sw-config">${JSON.stringify(config)}</script>`;
    html(markup);
    const { languages: controller } = await import('../../../runtime/controllers/languages');
    const rt = runtime([{ name: 'languages', selector: '[data-sw-languages]', load: 'ready', controller }]);
    rt.start();
    return { rt, box: document.querySelector('[data-sw-languages]')! };
  };

  it('a list (<ul data-sw-languages>) gets only the items, and the name unless it has one; all put back on destroy', async () => {
    homeMenus();
    try {
      const builder = '<li><a href="/clinic/fr/" hreflang="fr">Français</a></li>';
      for (const [tag, own, name] of [
        ['ul', '', 'Languages'],
        ['ol', ' aria-label="Langue"', 'Langue'],
        ['ul', ' aria-labelledby="h"', null],
      ] as const) {
        const { rt, box } = await start(`<${tag} data-sw-languages${own}>${builder}</${tag}>`);
        await vi.waitFor(() => expect(box.querySelectorAll('a')).toHaveLength(2));
        expect(
          [...box.children].map((c) => c.tagName),
          tag,
        ).toEqual(['LI', 'LI']);
        expect(box.querySelector('ul, ol'), tag).toBeNull();
        expect(box.getAttribute('aria-label'), tag).toBe(name);
        rt.destroy();
        expect(box.innerHTML).toBe(builder);
        expect(box.outerHTML, tag).toBe(`<${tag} data-sw-languages=""${own}>${builder}</${tag}>`);
      }
    } finally {
      vi.mocked(loadScript).mockReset();
    }
  });

  it('no language with a link to show: the builder’s links stay, with a warning (not an empty list)', async () => {
    const { warn } = silenceConsole();
    vi.mocked(loadScript).mockImplementation(async (win, url) => {
      const lang = /menu_(\w+)\.js$/.exec(url)![1]!;
      (win as unknown as Record<string, unknown>)[`menu_${lang}`] = [];
    });
    try {
      const builder = '<a href="/clinic/fr/" hreflang="fr">Français</a>';
      const { rt, box } = await start(`<div data-sw-languages>${builder}</div>`, [
        ['Français', 'menu_fr', 'fr'],
      ]);
      await vi.waitFor(() => expect(warn).toHaveBeenCalled());
      await rt.work.idle();
      expect(String(warn.mock.calls[0]![0])).toContain('no language has a link to show');
      expect(box.innerHTML).toBe(builder);
      expect(box.hasAttribute('data-sw-ready')).toBe(false); // the builder's no-JS CSS still applies
      rt.destroy();
    } finally {
      vi.mocked(loadScript).mockReset();
    }
  });
});
