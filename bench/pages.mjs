// The pages the benchmark loads, written to the builder contract (runtime) and, for the
// comparison, as builders write them today for jQuery 3, Bootstrap 3, SmartMenus 1 and
// jquery-match-height. Every kind has a twin with no script at all, so the runtime's own share
// of the main thread can be told from the page's.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const IMAGES = ['waiting-room', 'consultation', 'reception'];
// No-JS rules apply only to elements the runtime has not enhanced (contract, section 3).
const CSS = `body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:70em;padding:0 1em}
nav[data-sw-menu]:not([data-sw-ready]) ul ul{display:none}nav[data-sw-menu]:not([data-sw-ready]) li:is(:hover,:focus-within)>ul{display:block}
nav>ul{display:flex;gap:1em;list-style:none;padding:0}nav li{position:relative}
nav ul ul{position:absolute;background:#fff;border:1px solid #ccc;list-style:none;padding:.5em;min-width:12em}
.row{display:flex;flex-wrap:wrap;gap:1em}.box{flex:1 1 14em;border:1px solid #ccc;padding:.5em}
.modal:not([data-sw-ready]):not(:target){display:none}
.slide+.slide{display:none}[data-sw-carousel] .slide{display:block}
.gallery{display:flex;gap:1em;list-style:none;padding:0}
.consent-banner{position:fixed;bottom:0;left:0;right:0;background:#fff;border-top:1px solid #ccc;padding:1em}`;

const MENU = `<nav data-sw-menu aria-label="Main"><button type="button" data-sw-menu-toggle hidden>Menu</button><ul>
<li><a href="./">Home</a></li>
<li><a href="/services/">Services</a><ul><li><a href="/services/cardiology/">Cardiology</a></li><li><a href="/services/dermatology/">Dermatology</a></li></ul></li>
<li><a href="/team/">Team</a><ul><li><a href="/team/ames/">Dr. Ames</a></li><li><a href="/team/baker/">Dr. Baker</a></li></ul></li>
<li><a href="/contact/">Contact</a></li></ul></nav>`;

const text = (i) =>
  `Box ${i}: check-ups, vaccinations and care for the whole family${' with short waiting times'.repeat(i % 4)}.`;
const boxes = (n) => Array.from({ length: n }, (_, i) => `<div data-sw-box class="box"><h2>Service ${i + 1}</h2><p>${text(i)}</p></div>`).join('\n');
const ROWS = (n) => `<div data-sw-row class="row">${boxes(n)}</div>`;

const MODAL = `<p><a href="#bench-modal" id="open-modal">About flu shots</a></p>
<div id="bench-modal" class="modal" data-sw-modal='{"trigger":"click"}' aria-labelledby="bench-modal-title">
<h2 id="bench-modal-title">Flu shots are here</h2><p>Walk in any morning in October.</p>
<p><a href="#main" data-sw-modal-close>Close</a></p></div>`;

const CAROUSEL = `<div data-sw-carousel='{"interval":5000,"wrap":true}' aria-label="Clinic news" class="carousel">
${['New evening hours', 'Flu shots', 'Welcome, Dr. Chen'].map((t) => `<div data-sw-slide class="slide"><h2>${t}</h2><p>${t}: read more at reception.</p></div>`).join('\n')}
<button type="button" data-sw-carousel-prev>Previous</button><button type="button" data-sw-carousel-next>Next</button></div>`;

const GALLERY = `<ul class="gallery">${IMAGES.map(
  (n, i) => `<li><a href="/img/${n}.png" data-sw-lightbox="rooms" title="Room ${i + 1}" id="lb-${i}"><img src="/img/${n}-thumb.png" alt="Room ${i + 1}" width="240" height="160"></a></li>`,
).join('')}</ul>`;

const TILES = `<div data-sw-tiles class="tiles">${['a', 'b', 'c'].map((t) => `<a data-sw-tile href="#tile-${t}" id="open-tile-${t}">Doctor ${t.toUpperCase()}</a>`).join(' ')}</div>
${['a', 'b', 'c'].map((t) => `<section id="tile-${t}" data-sw-tile-content aria-labelledby="tile-${t}-title"><h2 id="tile-${t}-title">Doctor ${t.toUpperCase()}</h2><p>Consults on weekdays.</p></section>`).join('\n')}`;

const GROUPS = JSON.stringify([
  { label: 'Necessary', variable: 'privacy_cookie_1', description: 'Needed for the site to work.', forced: true },
  { label: 'Statistics', variable: 'privacy_cookie_2', description: 'Anonymous visit statistics.' },
]);
const CONSENT = `<p><a href="#cookie-preferences" data-sw-consent-action="preferences" id="open-consent">Cookie settings</a></p>
<div data-sw-consent-banner hidden class="consent-banner" role="region" aria-label="Cookies on this site"><p>We use cookies.</p>
<button type="button" data-sw-consent-action="accept-all">Accept all</button> <button type="button" data-sw-consent-action="decline">Decline</button>
<button type="button" data-sw-consent-action="preferences">Preferences</button></div>
<div id="cookie-preferences" class="modal" data-sw-consent-modal aria-labelledby="cp-title" data-sw-cookie-groups='${GROUPS}'
 data-sw-consent-options='{"enableAll":true,"forceReload":false,"delay":1000,"close":["button","escape"]}'><h2 id="cp-title">Cookie preferences</h2>
<div data-sw-consent-groups></div><button type="button" data-sw-consent-action="accept">Save choices</button></div>`;

/** Which parts each page kind has (the figures README prints per kind). */
export const KINDS = {
  none: ['<p>No markers on this page: the runtime loads, scans and finds nothing.</p>'],
  nav: [MENU, ROWS(6)], // issue 14's "navigation + rows"
  lightbox: [MENU, GALLERY],
  consent: [MENU, GALLERY, CONSENT],
  everything: [MENU, ROWS(6), MODAL, CAROUSEL, GALLERY, TILES, CONSENT],
};

/** The page both stacks can build: a menu, a modal, a carousel and a row of equal boxes. */
export const SHARED = [MENU, ROWS(6), MODAL, CAROUSEL];

function page(title, parts, head = '') {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<link rel="stylesheet" href="/site.css">${head}</head>
<body><main id="main" tabindex="-1"><h1>${title}</h1>
${parts.join('\n')}
<p>Lakeside Clinic, 12 Lake Road.</p></main></body></html>`;
}

// As README's integration writes it: render-blocking, so the menu's buttons and the carousel's
// one slide and position row are in place in the first paint (layout-shift.spec.ts).
const RUNTIME = `<script type="application/json" id="sw-config">{"site":{"cleanUrlPath":""}}</script>
<script type="module" src="/swfiles/runtime/runtime.js" blocking="render"></script>`;

/** The shared page for the plugin stack, as its documentation writes it. */
function legacyPage(title, n) {
  const shared = [MENU, ROWS(n), n > 12 ? '' : MODAL, n > 12 ? '' : CAROUSEL].join('\n');
  const body = shared
    .replace('<nav data-sw-menu aria-label="Main"><button type="button" data-sw-menu-toggle hidden>Menu</button><ul>', '<nav aria-label="Main"><ul id="legacy-menu" class="sm sm-simple">')
    .replaceAll(' data-sw-row', '')
    .replaceAll(' data-sw-box', '')
    .replace(/<p><a href="#bench-modal"[^]*?<\/div>/, legacyModal)
    .replace(/<div data-sw-carousel[^]*?<\/button><\/div>/, legacyCarousel);
  const scripts = ['jquery.min.js', 'bootstrap.min.js', 'jquery.smartmenus.min.js', 'jquery.matchHeight-min.js']
    .map((f) => `<script src="/legacy/${f}"></script>`)
    .join('\n');
  const init = `<script>$(function(){$('#legacy-menu').smartmenus({showOnClick:true});$('.box').matchHeight({byRow:true});});</script>`;
  const head = `<link rel="stylesheet" href="/legacy/bootstrap.min.css"><link rel="stylesheet" href="/legacy/sm-core-css.css">`;
  return page(title, [body], head).replace('</body>', `${scripts}\n${init}\n</body>`);
}
const legacyModal = `<p><button type="button" id="open-modal" data-toggle="modal" data-target="#legacy-modal">About flu shots</button></p>
<div class="modal fade" id="legacy-modal" tabindex="-1" role="dialog" aria-labelledby="lm-title"><div class="modal-dialog" role="document"><div class="modal-content">
<div class="modal-header"><button type="button" class="close" data-dismiss="modal" aria-label="Close"><span aria-hidden="true">&times;</span></button>
<h2 class="modal-title" id="lm-title">Flu shots are here</h2></div><div class="modal-body"><p>Walk in any morning in October.</p></div></div></div></div>`;
const legacyCarousel = `<div id="news" class="carousel slide" data-ride="carousel" data-interval="5000"><div class="carousel-inner" role="listbox">
${['New evening hours', 'Flu shots', 'Welcome, Dr. Chen'].map((t, i) => `<div class="item${i ? '' : ' active'}"><h2>${t}</h2><p>${t}: read more at reception.</p></div>`).join('\n')}
</div><a class="left carousel-control" href="#news" role="button" data-slide="prev">Previous</a><a class="right carousel-control" href="#news" role="button" data-slide="next">Next</a></div>`;

/** Writes every page, the images and the plugin stack's files under `dir`. */
export function writeSite(dir, imagesDir) {
  const put = (path, html) => {
    mkdirSync(join(dir, path), { recursive: true });
    writeFileSync(join(dir, path, 'index.html'), html);
  };
  writeFileSync(join(dir, 'site.css'), CSS);
  for (const [kind, parts] of Object.entries(KINDS)) {
    put(`kind/${kind}`, page(`Page kind: ${kind}`, parts, RUNTIME));
    put(`plain/${kind}`, page(`Page kind: ${kind}`, parts));
  }
  put('shared/runtime', page('Shared page', SHARED, RUNTIME));
  put('shared/legacy', legacyPage('Shared page', 6));
  put('shared/plain', page('Shared page', SHARED));
  put('rows/runtime', page('1,000 boxes', [ROWS(1000)], RUNTIME));
  put('rows/legacy', legacyPage('1,000 boxes', 1000));
  const legacy = join(dir, 'legacy');
  mkdirSync(legacy, { recursive: true });
  for (const f of [
    'jquery/dist/jquery.min.js',
    'bootstrap/dist/js/bootstrap.min.js',
    'bootstrap/dist/css/bootstrap.min.css',
    'smartmenus/dist/jquery.smartmenus.min.js',
    'smartmenus/dist/css/sm-core-css.css',
    'jquery-match-height/dist/jquery.matchHeight-min.js',
  ]) {
    copyFileSync(require.resolve(f), join(legacy, f.split('/').pop()));
  }
  mkdirSync(join(dir, 'img'), { recursive: true });
  for (const n of IMAGES) for (const s of ['', '-thumb']) copyFileSync(join(imagesDir, `${n}${s}.png`), join(dir, 'img', `${n}${s}.png`));
}
