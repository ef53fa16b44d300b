import { describe, expect, it, vi } from 'vitest';
import { defaultConfig, normalizeConfig, readConfig } from '../../runtime/config';
import { silenceConsole } from './helpers';

function page(json?: string): Document {
  document.head.innerHTML = '';
  if (json !== undefined) {
    const s = document.createElement('script');
    s.type = 'application/json';
    s.id = 'sw-config';
    s.textContent = json;
    document.head.append(s);
  }
  return document;
}

describe('config', () => {
  it('has a default for every field of contract §1', () => {
    expect(defaultConfig()).toEqual({
      site: { cleanUrlPath: undefined, userParam: 'user', projectSegments: 1 },
      platform: {
        cmsPageParam: 'page',
        cmsPageValue: 'cms',
        previewPage: 'preview.php',
        layoutParam: 'layout_id',
        previewDomain: 'preview.localhost',
      },
      page: { id: undefined, languageId: undefined, detailPage: '', detailList: [] },
      languages: [],
      analytics: {
        measurementId: undefined,
        consentVariable: 'privacy_cookie_2',
        scriptUrl: 'https://www.googletagmanager.com/gtag/js',
      },
      lightbox: {
        theme: 'pp_default',
        slideshow: 5000,
        autoplaySlideshow: false,
        opacity: 0.8,
        defaultWidth: 500,
        defaultHeight: 344,
        allowResize: true,
        modal: false,
        deepLinking: false,
        // Added in issue 16 (README, "Videos from YouTube and Vimeo wait for the visitor").
        mediaConsentVariable: 'privacy_cookie_3',
      },
      // Added in issue 17 (README, "Consent revisions").
      consent: { revision: undefined },
      i18n: {},
      // Added in issue 14 (README, "Load strategies").
      load: {},
    });
  });

  it('reads load strategies by controller name and names the values that are not one', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const config = normalizeConfig({
      load: { lightbox: 'idle', carousel: 'visible', modal: 'soon', tiles: 1 },
    });
    expect(config.load).toEqual({ lightbox: 'idle', carousel: 'visible' });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain('load.modal, load.tiles');
    warn.mockClear();
    expect(normalizeConfig({ load: 'idle' }).load).toEqual({});
    expect(String(warn.mock.calls[0]![0])).toContain('invalid field(s) load;');
    warn.mockRestore();
  });

  it('uses the defaults, silently, when the config element is missing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(readConfig(page())).toEqual(defaultConfig());
    expect(warn).not.toHaveBeenCalled();
  });

  it('uses the defaults with exactly one warning when the JSON is invalid', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(readConfig(page('{ "site": { nope'))).toEqual(defaultConfig());
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain('invalid JSON');
  });

  it('reads every field the builder sets', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const c = readConfig(
      page(
        JSON.stringify({
          site: { cleanUrlPath: '', userParam: 'u', projectSegments: 2 },
          platform: {
            cmsPageParam: 'mode',
            cmsPageValue: 'edit',
            previewPage: 'p.php',
            layoutParam: 'l',
            previewDomain: 'pv.test',
          },
          page: {
            id: 7,
            languageId: 'fr',
            detailPage: 'grippe',
            detailList: [{ lang: 'en', url: '/clinic/en/news/flu' }],
          },
          languages: [
            ['English', 'menu_en', 'en'],
            ['Français', 'menu_fr', 'fr'],
          ],
          analytics: {
            measurementId: 'G-ABC123XYZ9',
            consentVariable: 'privacy_cookie_3',
            scriptUrl: '/gtag.js',
          },
          lightbox: {
            theme: 'facebook',
            slideshow: false,
            autoplaySlideshow: true,
            opacity: 0.5,
            defaultWidth: 640,
            defaultHeight: 360,
            allowResize: false,
            modal: true,
            deepLinking: true,
          },
          i18n: { FR: { close: 'Fermer la fenêtre' } },
        }),
      ),
    );
    expect(warn).not.toHaveBeenCalled();
    expect(c.site).toEqual({ cleanUrlPath: '', userParam: 'u', projectSegments: 2 });
    expect(c.platform.previewDomain).toBe('pv.test');
    expect(c.page).toEqual({
      id: '7',
      languageId: 'fr',
      detailPage: 'grippe',
      detailList: [{ lang: 'en', url: '/clinic/en/news/flu' }],
    });
    expect(c.languages[1]).toEqual(['Français', 'menu_fr', 'fr']);
    expect(c.analytics).toEqual({
      measurementId: 'G-ABC123XYZ9',
      consentVariable: 'privacy_cookie_3',
      scriptUrl: '/gtag.js',
    });
    expect(c.lightbox).toMatchObject({
      theme: 'facebook',
      slideshow: false,
      opacity: 0.5,
      modal: true,
      deepLinking: true,
    });
    expect(c.i18n).toEqual({ fr: { close: 'Fermer la fenêtre' } });
  });

  it('consent.revision is what the endpoint accepts: 1 to 64 characters, no control characters', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const revision = (v: unknown) => normalizeConfig({ consent: { revision: v } }).consent.revision;
    expect(revision('2026-11 v2')).toBe('2026-11 v2');
    expect(revision('é'.repeat(64))).toBe('é'.repeat(64));
    expect(warn).not.toHaveBeenCalled();
    // Each would make every save a 400 (and '' would turn the revision check off).
    for (const bad of ['', 'x'.repeat(65), 'v1\nv2', 'tab\there', 'c1 \u0085', 'csi \u009b'])
      expect(revision(bad), JSON.stringify(bad)).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(6);
    expect(String(warn.mock.calls[0]![0])).toContain('consent.revision');
    warn.mockRestore();
  });

  it('keeps the default of each unusable field, names them in one warning, and keeps the rest', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const c = normalizeConfig({
      site: { cleanUrlPath: 3, projectSegments: -1 },
      page: { id: 'home', detailList: [{ lang: 'fr' }] },
      languages: [['English', 'menu_en']],
      lightbox: { opacity: 2, defaultWidth: 0, theme: 'facebook' },
      platform: 'nope',
    });
    expect(c.site.cleanUrlPath).toBeUndefined();
    expect(c.site.projectSegments).toBe(1);
    expect(c.page.id).toBe('home');
    expect(c.page.detailList).toEqual([]);
    expect(c.languages).toEqual([]);
    expect(c.lightbox.opacity).toBe(0.8);
    expect(c.lightbox.defaultWidth).toBe(500);
    expect(c.lightbox.theme).toBe('facebook');
    expect(c.platform).toEqual(defaultConfig().platform);
    expect(warn).toHaveBeenCalledTimes(1);
    const text = String(warn.mock.calls[0]![0]);
    for (const f of [
      'site.cleanUrlPath',
      'site.projectSegments',
      'page.detailList',
      'languages',
      'lightbox.opacity',
      'lightbox.defaultWidth',
      'platform',
    ]) {
      expect(text).toContain(f);
    }
  });

  it.each([' /clinic ', '/clinic?x=1', '/clinic#top', 'https://c.example/clinic', '/clinic\n', 'C:\\clinic'])(
    'site.cleanUrlPath %j is not a path: named in the warning, and not set',
    (value) => {
      const { warn } = silenceConsole();
      expect(normalizeConfig({ site: { cleanUrlPath: value } }).site.cleanUrlPath).toBeUndefined();
      expect(String(warn.mock.calls[0]![0])).toContain('site.cleanUrlPath');
    },
  );

  it.each(['', '/', '/clinic', 'sites/clinic/', '/my%20clinic', '//clinic'])(
    'site.cleanUrlPath %j is a path',
    (value) => {
      const { warn } = silenceConsole();
      expect(normalizeConfig({ site: { cleanUrlPath: value } }).site.cleanUrlPath).toBe(value);
      expect(warn).not.toHaveBeenCalled();
    },
  );

  it('clamps the slideshow interval into its range, with one warning', () => {
    const { warn } = silenceConsole();
    expect(normalizeConfig({ lightbox: { slideshow: 4e9 } }).lightbox.slideshow).toBe(2_147_483_647);
    expect(normalizeConfig({ lightbox: { slideshow: 10 } }).lightbox.slideshow).toBe(1000);
    expect(normalizeConfig({ lightbox: { slideshow: false } }).lightbox.slideshow).toBe(false);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(String(warn.mock.calls[0]![0])).toMatch(/out of range: lightbox\.slideshow 4000000000/);
  });

  it('a number too large for JSON (1e999 is Infinity) is no size: the default, named in the warning', () => {
    const { warn } = silenceConsole();
    const c = readConfig(page('{"lightbox":{"defaultWidth":-1e999,"defaultHeight":1e999}}'));
    expect([c.lightbox.defaultWidth, c.lightbox.defaultHeight]).toEqual([
      defaultConfig().lightbox.defaultWidth,
      defaultConfig().lightbox.defaultHeight,
    ]);
    expect(String(warn.mock.calls[0]![0])).toMatch(/lightbox\.defaultWidth, lightbox\.defaultHeight/);
  });

  it('treats a JSON value that is not an object as invalid', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(readConfig(page('[1,2]'))).toEqual(defaultConfig());
    expect(warn).toHaveBeenCalledTimes(1);
  });

  // `config[key] === undefined` let names inherited from Object.prototype pass as known.
  it('names unknown fields called like Object.prototype members, at the top and in a section', () => {
    const { warn } = silenceConsole();
    const c = readConfig(
      page('{"constructor":{"a":1},"toString":1,"site":{"hasOwnProperty":1},"lightbox":{"valueOf":2}}'),
    );
    expect(c.site).toEqual(defaultConfig().site);
    expect(String(warn.mock.calls[0]![0])).toBe(
      '[site-runtime] sw-config: unknown field(s) constructor, toString, site.hasOwnProperty, lightbox.valueOf; ignored.',
    );
  });

  it('a language or controller named like an Object.prototype member is one like any other', () => {
    const { warn } = silenceConsole();
    const c = readConfig(page('{"i18n":{"__proto__":{"close":"X"}},"load":{"__proto__":"idle"}}'));
    expect(Object.hasOwn(c.i18n, '__proto__')).toBe(true);
    expect(Object.hasOwn(c.load, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(c.i18n)).toBe(Object.prototype);
    expect(warn).not.toHaveBeenCalled();
  });

  it("returns a fresh object each time, so one runtime cannot change another's config", () => {
    const a = defaultConfig();
    a.languages.push(['x', 'y', 'z']);
    a.page.detailList.push({ lang: 'x', url: '/' });
    expect(defaultConfig().languages).toEqual([]);
    expect(defaultConfig().page.detailList).toEqual([]);
  });
});
