// What a crawl follows: the site's pages, wherever their links are (an image map, a list the
// runtime draws), each audited once; never the content a lightbox shows.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { page, startPlantedSite } from './pages.mjs';
import { runAudit } from './run-audit.mjs';

const CONFIG = '{"page":{"id":"1","languageId":"en"}}';
// The menu scripts at the site's root (contract §3), not under a project folder named by the path.
const LANGUAGES =
  '"site":{"cleanUrlPath":""},"languages":[["English","menu_en","en"],["Français","menu_fr","fr"]]';
/** A page of the language `lang` with the switcher, which the runtime fills from the menu scripts. */
const languagePage = (lang) =>
  page(`Language ${lang}`, '<div data-sw-languages></div>').replace(
    CONFIG,
    `{${LANGUAGES},"page":{"id":"1","languageId":"${lang}"}}`,
  );

const MORE = {
  // Lightbox items (an ajax fragment, a framed page, the legacy rel): content, not pages.
  '/ajx.html': page(
    'Lightbox items',
    `<p><a href="/frag/hours.html?ajax=true&amp;width=400" data-sw-lightbox="">Opening hours</a>
<a href="/frag/map.html?iframe=true&amp;width=400&amp;height=300" rel="prettyPhoto[info]">Map</a>
<a href="/about.html">About</a></p>`,
  ),
  '/frag/hours.html': '<h2>Opening hours</h2><p>Monday to Friday, 8 to 18.</p>',
  '/frag/map.html':
    '<!doctype html><html lang="en"><head><title>Map</title></head><body><p>Map</p></body></html>',
  '/lang/en/': languagePage('en'),
  '/lang/fr/': languagePage('fr'),
  '/swfiles/html/menu_en.js': 'var menu_en=[["Home","/lang/en/","",0,"",0,"","1"]];',
  '/swfiles/html/menu_fr.js': 'var menu_fr=[["Accueil","/lang/fr/","",0,"",0,"","1"]];',
  // Links that redirect to a page audited before them, and to one queued after them.
  '/dup.html': page(
    'Redirects',
    '<p><a href="/r/home">Home</a> <a href="/r/about">About us</a> <a href="/about.html">About</a></p>',
  ),
  '/r/home': { redirect: '/dup.html' },
  '/r/about': { redirect: '/about.html' },
  // An image map's areas are links too.
  '/map.html': page(
    'Image map',
    `<p><img src="/x.png" alt="Our floors" width="40" height="40" usemap="#floors"></p>
<map name="floors"><area shape="rect" coords="0,0,40,40" href="/about.html" alt="About us"></map>`,
  ),
};

let site;
before(async () => (site = await startPlantedSite(MORE)));
after(() => site.close());

const pages = (r) => r.json.pages.map((p) => `${new URL(p.url).pathname} ${p.status}`);

describe('the crawl', { timeout: 300_000, concurrency: 2 }, () => {
  test('does not follow lightbox items (their content is audited in the open lightbox)', async () => {
    const r = await runAudit(site, ['/ajx.html'], '--crawl', '5', '--viewport', 'desktop', '--jobs', '1');
    assert.deepEqual(pages(r), ['/ajx.html checked', '/about.html checked', '/clean.html checked'], r.out);
    assert.equal(r.code, 0, r.out);
  });

  test('follows the links the runtime draws after load (the language switcher)', async () => {
    const r = await runAudit(site, ['/lang/en/'], '--crawl', '5', '--viewport', 'desktop');
    assert.deepEqual(pages(r), ['/lang/en/ checked', '/lang/fr/ checked'], r.out);
  });

  test('audits a page once, though a link redirects to it', async () => {
    const at = (jobs) =>
      runAudit(site, ['/dup.html'], '--crawl', '5', '--viewport', 'desktop', '--jobs', jobs);
    const [one, two] = [await at('1'), await at('2')];
    const expected = ['/dup.html checked', '/r/about checked', '/clean.html checked'];
    assert.deepEqual(pages(one), expected, one.out);
    assert.deepEqual(pages(two), expected, two.out);
    assert.match(one.out, /\/r\/home .*audited already/);
  });

  test('follows the links of an image map', async () => {
    const r = await runAudit(site, ['/map.html'], '--crawl', '2', '--viewport', 'desktop');
    assert.deepEqual(pages(r), ['/map.html checked', '/about.html checked'], r.out);
  });
});
