// A small site for the audit's tests: pages with one planted problem each, served with the
// built runtime (dist/) on 127.0.0.1 at a free port.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DIST = join(root, 'dist');
const IMAGE = readFileSync(join(root, 'fixtures/site/assets/img/dr-ames-thumb.png'));

export const page = (title, body, css = '') => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<script type="application/json" id="sw-config">{"page":{"id":"1","languageId":"en"}}</script>
<script type="module" src="/swfiles/runtime/runtime.js"></script>
<style>.modal:not([data-sw-ready]):not(:target){display:none}${css}</style>
</head><body><main><h1>${title}</h1>
${body}
</main></body></html>`;

/** A modal with an opener; `inside` is its content besides its heading and Close button. */
const modal = (inside) => `<p><button type="button" data-sw-modal-open="promo">Our offer</button></p>
<div id="promo" class="modal" data-sw-modal aria-labelledby="promo-title"><h2 id="promo-title">Our offer</h2>
${inside}
<p><button type="button" data-sw-modal-close>Close</button></p></div>`;

/** A consent banner and preferences (contract §4) with `options`. */
const consent = (
  options,
) => `<p><a href="#cookie-preferences" data-sw-consent-action="preferences">Cookie settings</a></p>
<div data-sw-consent-banner hidden aria-labelledby="cb-title"><h2 id="cb-title">Cookies</h2>
<button type="button" data-sw-consent-action="accept-all">Accept all</button>
<button type="button" data-sw-consent-action="decline">Decline</button>
<button type="button" data-sw-consent-action="preferences">Preferences</button></div>
<div id="cookie-preferences" class="modal" data-sw-consent-modal aria-labelledby="cp-title"
 data-sw-cookie-groups='[{"label":"Necessary","variable":"privacy_cookie_1","forced":true},{"label":"Statistics","variable":"privacy_cookie_2"}]'
 data-sw-consent-options='${options}'><h2 id="cp-title">Cookie preferences</h2><div data-sw-consent-groups></div>
<button type="button" data-sw-consent-action="accept">Save choices</button>
<button type="button" data-sw-consent-action="decline">Decline</button></div>`;

export const PAGES = {
  // Clean: the same modal with a described image, a link onwards, and links a crawl skips.
  '/clean.html': page(
    'Clean',
    `${modal('<img src="/x.png" alt="Dr. Ames at the front desk" width="40" height="40">')}
<p><a href="/about.html#team">About us</a> <a href="https://example.com/">Elsewhere</a> <a href="/leaflet.pdf">Leaflet</a></p>`,
  ),
  '/about.html': page('About', '<p>We are a clinic. <a href="/clean.html">Home</a></p>'),
  // A link that redirects off the site (to another host of this server).
  '/leaves.html': page(
    'Leaves',
    '<p><a href="/partner.html">Our partner</a> <a href="/closed.html">Closed partner</a> <a href="/about.html">About</a></p>',
  ),
  // A modal due in ten minutes holds SiteRuntime.idle() that long; links to a contact card and
  // a PDF whose addresses do not say so, and to a page that is gone (a 404 in text/plain).
  '/busy.html': page(
    'Busy',
    `<div id="later" class="modal" data-sw-modal='{"trigger":"load","delay":600000}' aria-label="Later"><p>Later.</p></div>
<p><a href="/card">Our card</a> <a href="/feed?format=pdf">Leaflet</a> <a href="/gone">Old page</a> <a href="/about.html">About</a></p>`,
  ),
  // Whitespace is no group name: each item is a gallery of its own, as the runtime reads them.
  '/blank-groups.html': page(
    'Blank groups',
    '<p><a href="/x.png" data-sw-lightbox=" " title="Room one">One</a> <a href="/x.png?2" data-sw-lightbox=" " title="Room two">Two</a></p>',
  ),
  // An image without a text alternative, only in the open modal.
  '/planted-modal.html': page('Planted modal', modal('<img src="/x.png" width="40" height="40">')),
  // A nameless link in ajax content (the sanitizer keeps links, drops buttons), only in the open lightbox.
  '/planted-ajax.html': page(
    'Planted ajax',
    '<p><a href="/hours.html?ajax=true" data-sw-lightbox="">Opening hours</a></p>',
  ),
  '/hours.html':
    '<h2>Opening hours</h2><p>Monday to Friday, 8 to 18.</p><p><a href="/about.html"><img src="/x.png" alt="" width="40" height="40"></a></p>',
  // No focus indicator on the modal's buttons (the page's own keep theirs).
  '/planted-ring.html': page(
    'Planted ring',
    modal('<p>Ten percent off.</p>'),
    '#promo button:focus{outline:none}',
  ),
  // A builder script that swallows Escape, and an animation that ignores reduced motion.
  '/planted-keys.html': page(
    'Planted keys',
    `${modal('<p>Ten percent off.</p>')}<script>document.addEventListener('keydown', (e) => e.key === 'Escape' && (e.preventDefault(), e.stopImmediatePropagation()), true);</script>`,
    '@keyframes pulse{to{opacity:.5}}#promo h2{animation:pulse 1s infinite alternate}',
  ),
  // A submenu whose links show no focus ring: only its open state can show it.
  '/planted-menu.html': page(
    'Planted menu',
    `<nav data-sw-menu aria-label="Main"><ul><li><a href="/clean.html">Home</a></li>
<li><a href="/about.html">About</a><ul><li><a href="/about.html#team">Team</a></li></ul></li></ul></nav>`,
    'nav a,nav button{display:inline-block;min-width:24px;min-height:24px;margin:4px}nav ul ul a:focus{outline:none}',
  ),
  // A link inside SVG (its href an SVGAnimatedString): the crawl still follows it; one whose
  // href is no URL is skipped.
  '/svg-links.html': page(
    'SVG links',
    '<p><svg width="120" height="30" aria-label="About us" role="img"><a href="/about.html"><text x="0" y="20">About us</text></a></svg></p>' +
      // One that is no URL (an unclosed IPv6 host): skipped, not the end of the page's audit.
      '<p><svg width="120" height="30" aria-label="Broken" role="img"><a href="http://[x/"><text x="0" y="20">Broken</text></a></svg></p>',
  ),
  // Two modals with one id: openers and SiteRuntime.modal reach only the first.
  '/dup-modal.html': page(
    'Two modals, one id',
    `${modal('<p>First.</p>')}<div id="promo" class="modal" data-sw-modal aria-labelledby="promo-2"><h2 id="promo-2">Second</h2></div>`,
  ),
  // A modal without an id: the runtime refuses it (its code loaded fine).
  '/bad-modal.html': page(
    'A modal without an id',
    '<div class="modal" data-sw-modal aria-label="Nameless"><p>No id.</p></div>',
  ),
  // A page script that takes focus away once a consent choice is announced: focus is on the
  // page body after the preferences close (they close when the save is answered).
  '/planted-consent.html': page(
    'Planted consent',
    `${consent('{"delay":0}')}
<script>document.addEventListener('sw:consent', () => document.activeElement?.blur());
document.addEventListener('click', (e) => {
  // A slow save, as on a slow network: the visitor's press reaches the runtime 300 ms later.
  if (!e.isTrusted || !e.target.closest?.('#cookie-preferences [data-sw-consent-action]')) return;
  e.stopImmediatePropagation();
  setTimeout(() => e.target.click(), 300);
}, true);</script>`,
  ),
  // A page script that swallows Tab on the first of the modal's fields: a trap, though the
  // dialog is modal (only a dialog with one control keeps Tab by design).
  '/trap-dialog.html': page(
    'Trap in a dialog',
    `${modal('<p><label>Name <input id="nm"></label></p><p><label>Phone <input id="ph"></label></p>')}
<script>document.addEventListener('keydown', (e) => e.target.id === 'nm' && e.key === 'Tab' && !e.shiftKey && e.preventDefault(), true);</script>`,
  ),
  // A page script that sends Tab from the second link back to the first: the third is never reached.
  '/trap-cycle.html': page(
    'Trap round two links',
    `<p><a href="#x" id="a1">First</a> <a href="#y" id="b1">Second</a> <a href="/about.html">Never reached</a></p>
<script>b1.addEventListener('keydown', (e) => { if (e.key === 'Tab' && !e.shiftKey) { e.preventDefault(); a1.focus(); } });</script>`,
  ),
  // A frame between two links: its own links show focus in the page it holds (no finding).
  '/frame.html': page(
    'A frame',
    '<p><a href="/clean.html">Before</a></p><iframe src="/about.html" title="About us" width="300" height="120"></iframe><p><a href="/clean.html">After</a></p>',
  ),
  // Focus shown in ways other than an outline: each is visible, none is a finding.
  '/focus-kinds.html': page(
    'Focus kinds',
    `<p><a class="k1" href="/a">Border width</a> <a class="k2" href="/b">Ring drawn after</a>
<a class="k3" href="/c">Underline grown</a> <a class="k4" href="/d">Border style</a></p>
<div class="card"><div><a href="/e">In a card</a></div></div>`,
    `a{outline:none;display:inline-block;min-width:24px;min-height:24px;margin:6px;position:relative}
.k1{border-bottom:0 solid #0645ad}.k1:focus{border-bottom-width:4px}
.k2:focus::after{content:"";position:absolute;inset:-4px;border:3px solid #c00}
.k3{background:linear-gradient(#0645ad,#0645ad) no-repeat 0 100%/0 3px}.k3:focus{background-size:100% 3px}
.k4{border:3px none #0645ad}.k4:focus{border-style:solid}.card:focus-within{box-shadow:0 0 0 3px #c00}`,
  ),
  // Focus "shown" in ways nobody can see: each is a finding.
  '/focus-invisible.html': page(
    'Focus invisible',
    '<p><button class="t1">Transparent outline</button> <button class="t2">Shadow of no size</button> <button class="t3">Outline of no width</button></p>',
    `button{outline:none;min-width:24px;min-height:24px;margin:6px}.t1:focus{outline:3px solid transparent}
.t2:focus{box-shadow:0 0 0 0 #c00}.t3:focus{outline:0 solid #c00}`,
  ),
  // A submenu whose id has a space: the runtime names it without aria-controls, and the audit
  // still finds it (by the list after its button) and opens it.
  '/menu-spaced.html': page(
    'Menu with a spaced id',
    `<nav data-sw-menu aria-label="Main"><ul><li><a href="/clean.html">Home</a></li>
<li><a href="/about.html">About</a><ul id="about menu"><li><a href="/about.html#team">Team</a></li></ul></li></ul></nav>`,
    'nav a,nav button{display:inline-block;min-width:24px;min-height:24px;margin:4px}',
  ),
  // A booking form in a modal: Tab moves through the date field's own parts (no trap).
  '/date-modal.html': page(
    'A date in a modal',
    modal(
      '<p><label>Day <input type="date" id="day"></label> <label>Time <input type="time" id="at"></label></p>',
    ),
  ),
  // A script-made modal open at load that keeps focus in it (a newsletter popup): no trap.
  '/aria-popup.html': page(
    'A script popup',
    `<p><a href="/about.html">Behind</a></p>
<div role="dialog" aria-modal="true" aria-label="Newsletter" id="pop"><p><a href="/about.html" id="p1">Subscribe</a>
<button type="button" id="p2">No thanks</button></p></div>
<script>p2.addEventListener('keydown', (e) => { if (e.key === 'Tab' && !e.shiftKey) { e.preventDefault(); p1.focus(); } });
p1.addEventListener('keydown', (e) => { if (e.key === 'Tab' && e.shiftKey) { e.preventDefault(); p2.focus(); } });
addEventListener('load', () => p1.focus());</script>`,
  ),
  // No focus indicator, next to things that move all the time: still no indicator.
  '/moving-around.html': page(
    'Moving around',
    '<p><a class="pulse" href="/about.html">Book now</a></p><section class="hero"><div><a href="/clean.html">In the hero</a></div></section>',
    `a{outline:none;display:inline-block;min-width:24px;min-height:24px;margin:6px;position:relative}
@keyframes pulse{to{box-shadow:0 0 0 8px #c00}}.pulse::after{content:"";position:absolute;inset:0;animation:pulse 1s infinite alternate}
@keyframes fade{to{background-color:#ffd}}.hero{animation:fade 1s infinite alternate}`,
  ),
  // A theme's own burger button (aria-expanded, hidden at desktop width) right before the menu.
  '/burger.html': page(
    'A theme burger',
    `<header><button class="burger" aria-expanded="false">Menu</button><nav data-sw-menu aria-label="Main"><ul><li><a href="/clean.html">Home</a></li>
<li><a href="/about.html">About</a><ul><li><a href="/about.html#team">Team</a></li></ul></li></ul></nav></header>`,
    '.burger{display:none}nav a,nav button{display:inline-block;min-width:24px;min-height:24px;margin:4px}',
  ),
  // More controls than one Tab round takes (60): the last, without a ring, is not judged.
  '/many-links.html': page(
    'Many links',
    `<p>${Array.from({ length: 65 }, (_, n) => `<a href="/about.html#${n}">Link ${n}</a>`).join(' ')}</p><button class="bare">Last</button>`,
    '.bare:focus{outline:none}',
  ),
  // Motion on the page itself, not inside a dialog or submenu: found as loaded.
  '/motion-page.html': page(
    'Motion on the page',
    '<p class="spin">Spinning</p>',
    '@keyframes spin{to{transform:rotate(1turn)}}.spin{display:inline-block;animation:spin 2s linear infinite}',
  ),
  // A script that takes the page's main thread for 120 s once the runtime has settled.
  '/frozen.html': page(
    'Frozen',
    `<p><a href="/clean.html">Home</a></p>
<script>const freeze = () => { const end = Date.now() + 120000; while (Date.now() < end); };
// Once the runtime has started and settled (else the audit would only say it never started).
const wait = () => (window.SiteRuntime ? SiteRuntime.idle().then(() => setTimeout(freeze, 300)) : setTimeout(wait, 50));
addEventListener('load', wait);</script>`,
  ),
  // The page reloads when a choice is saved (forceReload): focus starts afresh there, no finding.
  '/consent-reload.html': page('Consent with a reload', consent('{"delay":0,"forceReload":true}')),
  '/no-runtime.html':
    '<!doctype html><html lang="en"><head><title>Plain</title></head><body><main><h1>Plain</h1></main></body></html>',
};

const TYPES = { '.js': 'text/javascript', '.html': 'text/html; charset=utf-8', '.png': 'image/png' };

/** `more`: a test's own paths, each a body (typed by its extension, else HTML) or `{ redirect }` (a 301). */
export function startPlantedSite(more = {}) {
  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url, 'http://x');
    const send = (status, type, body) => res.writeHead(status, { 'content-type': type }).end(body);
    if (pathname === '/x.png') return send(200, TYPES['.png'], IMAGE);
    if (more[pathname]?.redirect) return res.writeHead(301, { location: more[pathname].redirect }).end();
    if (more[pathname]) return send(200, TYPES[extname(pathname)] ?? TYPES['.html'], more[pathname]);
    if (PAGES[pathname]) return send(200, TYPES['.html'], PAGES[pathname]);
    // The consent endpoint's read (contract §4): a first visit. The audit answers writes itself.
    if (pathname === '/swfiles/lib/privacycookie.php')
      return send(
        200,
        'application/json',
        JSON.stringify({ status: { code: '200', message: { privacy_cookie_1: '1' } } }),
      );
    if (pathname === '/card') return send(200, 'text/vcard', 'BEGIN:VCARD\nFN:Clinic\nEND:VCARD\n');
    if (pathname === '/feed') return send(200, 'application/pdf', '%PDF-1.4\n%%EOF\n');
    // To another host of the same server (http to https, apex to www, as sites do).
    if (pathname === '/go.html') {
      const { port } = server.address();
      return res.writeHead(302, { location: `http://localhost:${port}/svg-links.html` }).end();
    }
    // Off the site (another host of this server): a page without the runtime, and a 404.
    if (pathname === '/partner.html' || pathname === '/closed.html') {
      const { port } = server.address();
      const to = pathname === '/partner.html' ? 'no-runtime.html' : 'missing.html';
      return res.writeHead(302, { location: `http://localhost:${port}/${to}` }).end();
    }
    if (pathname.startsWith('/swfiles/runtime/')) {
      const file = normalize(join(DIST, pathname.slice('/swfiles/runtime/'.length)));
      if (file.startsWith(DIST) && extname(file) === '.js') {
        try {
          return send(200, TYPES['.js'], readFileSync(file));
        } catch {}
      }
    }
    send(404, 'text/plain', 'not found');
  });
  return new Promise((ok) =>
    server.listen(0, '127.0.0.1', () =>
      ok({
        origin: `http://127.0.0.1:${server.address().port}`,
        close: () => new Promise((r) => server.close(r)),
      }),
    ),
  );
}
