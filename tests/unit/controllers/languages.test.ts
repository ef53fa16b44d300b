import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../runtime/config';
import { languageLink, type MenuItem } from '../../../runtime/controllers/languages';
import { html, runtime, silenceConsole } from '../helpers';

const fr: MenuItem[] = [
  ['Accueil', '/clinic/fr/', '', 0, '', 0, '', '1'],
  ['Services', '/clinic/fr/services/', '', 0, '', 0, '', '2'],
  ['Cardiologie', '/clinic/fr/services/cardiologie/', '', 1, '', 0, '', '3'],
];

const page = (over: Partial<ReturnType<typeof defaultConfig>['page']>) => ({ ...defaultConfig().page, languageId: 'en', ...over });

describe('language link resolution (contract §3)', () => {
  it.each([
    ['the current language links to the page itself', 'en', page({ id: '2' }), 'https://c.test/clinic/en/services/?x=1'],
    ['the item of that menu with the current page id', 'fr', page({ id: '3' }), '/clinic/fr/services/cardiologie/'],
    ['a page id as a number in the menu still matches', 'fr', page({ id: '2' }), '/clinic/fr/services/'],
    ['no item with the page id: the first item', 'fr', page({ id: '99' }), '/clinic/fr/'],
    ['no page id at all: the first item', 'fr', page({ id: undefined }), '/clinic/fr/'],
    [
      'a detail page: its detailList url for that language',
      'fr',
      page({ id: '2', detailPage: 'flu', detailList: [{ lang: 'fr', url: '/clinic/fr/actualites/grippe/' }] }),
      '/clinic/fr/actualites/grippe/',
    ],
    [
      'a detail page without an entry for that language: the page-id rule',
      'fr',
      page({ id: '2', detailPage: 'flu', detailList: [{ lang: 'de', url: '/de/x' }] }),
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
    const builder = '<ul aria-label="Languages"><li><a href="/clinic/fr/" hreflang="fr" lang="fr">Français</a></li></ul>';
    html(`<div data-sw-languages>${builder}</div>`);
    const { languages } = await import('../../../runtime/controllers/languages');
    const rt = runtime([{ name: 'languages', selector: '[data-sw-languages]', load: 'eager', controller: languages }]);
    rt.start();
    // happy-dom loads no scripts: the first menu script fails.
    await new Promise((r) => setTimeout(r, 50));
    const box = document.querySelector('[data-sw-languages]')!;
    expect(box.innerHTML).toBe(builder);
    expect(box.hasAttribute('data-sw-ready')).toBe(false);
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]![0])).toContain('languages controller failed (connect)');
    rt.destroy();
  });
});
