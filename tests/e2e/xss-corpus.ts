/**
 * The XSS corpus: every place where text or markup from outside the runtime reaches the
 * page (contract §3). Each payload calls `__xss(id)` (or opens a dialog) if it ever runs;
 * xss-corpus.spec.ts serves them on pages with no CSP, so only the runtime stands between a
 * payload and the visitor.
 */

const miss = '/xss/missing.png'; // a 404: an onerror fires

/** Ajax lightbox fragments (served as `/xss/fragments/{id}.html`). */
export const ajaxFragments: { id: string; html: string }[] = [
  {
    id: 'svg-animate',
    html: `<svg width="160" height="40"><a><animate attributeName="href" values="javascript:__xss('svg-animate')"/><text x="5" y="25">animated link</text></a></svg>`,
  },
  {
    id: 'svg-set',
    html: `<svg width="160" height="40"><a><set attributeName="href" to="javascript:__xss('svg-set')"/><text x="5" y="25">set link</text></a></svg>`,
  },
  {
    id: 'svg-xlink',
    html: `<svg width="160" height="40"><a xlink:href="javascript:__xss('svg-xlink')"><animate attributeName="xlink:href" values="javascript:__xss('svg-animate-xlink')"/><text x="5" y="25">xlink</text></a></svg>`,
  },
  {
    id: 'svg-events',
    html: `<svg width="160" height="40" onload="__xss('svg-onload')"><animate onbegin="__xss('svg-onbegin')" attributeName="x" dur="1s"/><animateMotion onbegin="__xss('motion')" dur="1s" path="M0,0L1,1"/><discard onbegin="__xss('discard')"/><rect width="20" height="20" onclick="__xss('svg-onclick')"/></svg>`,
  },
  {
    id: 'svg-use',
    html: `<svg width="40" height="40"><use href="data:image/svg+xml,<svg id='x' xmlns='http://www.w3.org/2000/svg'><image href='${miss}' onerror='__xss(&quot;svg-use&quot;)'/></svg>#x"/></svg>`,
  },
  {
    id: 'form-action',
    html: `<form action="javascript:__xss('form-action')"><input aria-label="q" value="q"><button>Send</button></form>`,
  },
  {
    id: 'formaction',
    html: `<button form="site-search" formaction="javascript:__xss('formaction')">Go</button><input type="submit" form="site-search" formaction="javascript:__xss('input-formaction')" value="Search">`,
  },
  {
    id: 'handlers',
    html: `<img src="${miss}" onerror="__xss('img-onerror')" alt=""><details open ontoggle="__xss('ontoggle')"><summary>More</summary>x</details><p onmouseover="__xss('onmouseover')" onclick="__xss('onclick')">hover me</p><input autofocus onfocus="__xss('onfocus')" aria-label="f">`,
  },
  {
    id: 'js-urls',
    html: `<a href=" JaVaScRiPt:__xss('js-case')">a</a> <a href="java&#x09;script:__xss('js-tab')">b</a> <a href="&#x01;javascript:__xss('js-ctl')">c</a> <a href="javascript&colon;__xss('js-entity')">d</a> <a href="vbscript:msgbox('vb')">e</a> <a href="data:text/html,<script>alert('data-link')</script>">f</a>`,
  },
  {
    id: 'math',
    html: `<math href="javascript:__xss('math-href')"><mtext>math link</mtext></math><math><maction actiontype="statusline"><mtext>x</mtext><mtext>javascript:__xss('maction')</mtext></maction></math>`,
  },
  {
    id: 'frames',
    html: `<iframe srcdoc="<script>parent.__xss('srcdoc')</script>"></iframe><iframe src="javascript:parent.__xss('iframe-js')"></iframe><object data="javascript:__xss('object')"></object><embed src="javascript:__xss('embed')">`,
  },
  {
    id: 'scripts',
    html: `<script>__xss('script')</script><svg><script>__xss('svg-script')</script></svg><img src="${miss}" alt="" srcset="javascript:__xss('srcset') 1x">`,
  },
  {
    id: 'page-wide',
    html: `<base href="javascript:__xss('base')//"><meta http-equiv="refresh" content="0;url=javascript:__xss('meta')"><link rel="stylesheet" href="/xss/evil.css"><style>body{display:none}</style><p style="position:fixed;inset:0">cover</p>`,
  },
  {
    id: 'clobber',
    html: `<img name="SiteRuntime" src="${miss}" alt=""><form id="dataLayer"></form><a id="defaultView">v</a><img name="cookie" src="${miss}" alt=""><img name="getElementById" src="${miss}" alt=""><a id="sw-config">c</a>`,
  },
  {
    id: 'markers',
    html: `<a data-sw-lightbox="" href="javascript:__xss('marker-lightbox')">l</a> <a rel="prettyPhoto" href="javascript:__xss('marker-rel')">r</a> <button type="button" data-sw-modal-open="page-dialog">m</button>`,
  },
  {
    id: 'page-elements',
    html: `<button commandfor="page-dialog" command="show-modal">c</button><button popovertarget="page-popover">p</button><label for="site-search-q">label</label>`,
  },
  { id: 'custom-elements', html: `<x-evil>e</x-evil><button is="x-evil-button">b</button>` },
  {
    id: 'shadow-dom',
    html: `<div><template shadowrootmode="open"><img src="${miss}" onerror="__xss('dsd')"></template>host</div>`,
  },
  {
    id: 'mxss',
    html: `<noscript><p title="</noscript><img src=${miss} onerror=__xss('mxss-noscript')>"></noscript><math><mtext><table><mglyph><style><img src=${miss} onerror=__xss('mxss-math')>`,
  },
  { id: 'mxss-svg', html: `<svg></p><style><a id="</style><img src=${miss} onerror=__xss('mxss-svg')>">` },
];

/** Lightbox items' title, data-sw-description and inner img alt, shown as text only. */
export const captions: { title: string; description?: string; alt: string }[] = [
  {
    title: `<img src=${miss} onerror=__xss('cap-title')>`,
    description: `<svg onload=__xss('cap-desc')>`,
    alt: 'a',
  },
  { title: `</h2><script>__xss('cap-close')</script>`, alt: `"><img src=${miss} onerror=__xss('cap-alt')>` },
  {
    title: `javascript:__xss('cap-js')`,
    description: `<a href="javascript:__xss('cap-link')">x</a>`,
    alt: `<iframe srcdoc="<script>parent.__xss('cap-iframe')</script>">`,
  },
];

/** A group named with a payload, so deep links to it open the lightbox (no "/": it splits the hash). */
export const deepGroup = `<img src=missing.png onerror=__xss('deep-group')>`;
/** [what, hash, whether it names an item]. */
export const deepLinks: [string, string, boolean][] = [
  ['the group name, written raw in the address', `#!${deepGroup}/0`, true],
  ['the group name, encoded as the runtime writes it', `#!${encodeURIComponent(deepGroup)}/1`, true],
  ['the legacy prettyPhoto form', `#prettyPhoto[${deepGroup}]/0/`, true],
  ['a payload that names no group', `#!<svg/onload=__xss('deep-none')>/1`, false],
  ['a payload in place of the index', `#!${deepGroup}/<img src=${miss} onerror=__xss('deep-index')>`, false],
  ['malformed percent-encoding', `#!%E0%A4%A<img src=${miss} onerror=__xss('deep-pct')>/0`, false],
];

/** Language switcher: menu_{lang}.js first items and detailList urls; [lang, href, kept]. */
export const menuHrefs: [string, string, boolean][] = [
  ['fr', `javascript:__xss('menu-fr')`, false],
  ['de', ` \t JaVaScRiPt:__xss('menu-de')`, false],
  ['es', `\u0001\u0008javascript:__xss('menu-es')`, false],
  ['it', `java\nscript:__xss('menu-it')`, false],
  ['nl', `data:text/html,<script>alert('menu-nl')</script>`, false],
  ['pt', `vbscript:msgbox('menu-pt')`, false],
  ['ja', '/xss/ja/', true],
  ['da', 'https://example.com/da/', true],
];
export const detailHrefs: [string, string, boolean][] = [
  ['sv', `javascript:__xss('detail-sv')`, false],
  ['fi', `  data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==`, false],
  ['pl', '/xss/pl/detail/', true],
];

/** Consent groups (data-sw-cookie-groups): label and description are text. */
export const cookieGroups = [
  {
    label: `<img src=${miss} onerror=__xss('consent-label')>`,
    variable: 'privacy_cookie_1',
    description: `<svg onload=__xss('consent-desc')>`,
    forced: true,
  },
  {
    label: `</label><script>__xss('consent-close')</script>`,
    variable: 'privacy_cookie_2',
    description: `<a href="javascript:__xss('consent-link')">x</a>`,
  },
  { label: 'Bad variable', variable: `x" onfocus="__xss('consent-variable')`, description: 'dropped' },
];

/** The page's own state that clobbering or reaching page elements would change. */
export const pageProblems = () => {
  const w = window as unknown as Record<string, unknown> & { SiteRuntime?: { rescan?: unknown } };
  const problems: string[] = [];
  if (typeof w.SiteRuntime?.rescan !== 'function') problems.push('window.SiteRuntime is clobbered');
  if (document.defaultView !== window) problems.push('document.defaultView is clobbered');
  if (w.dataLayer instanceof Element) problems.push('window.dataLayer is an element');
  if (typeof document.cookie !== 'string' || typeof document.getElementById !== 'function')
    problems.push('document is clobbered');
  if (document.getElementById('sw-config')?.localName !== 'script') problems.push('#sw-config is shadowed');
  if (document.baseURI !== location.href) problems.push(`base URL changed to ${document.baseURI}`);
  if ((document.getElementById('page-dialog') as HTMLDialogElement).open)
    problems.push('the page dialog opened');
  if (document.getElementById('page-modal')?.matches('[open], :popover-open, :modal'))
    problems.push('the page modal opened');
  if (document.querySelector(':popover-open')) problems.push('a popover opened');
  if (document.activeElement?.id === 'site-search-q') problems.push('the page search field took focus');
  if (document.querySelector('.sw-lb-content [data-sw-ready]'))
    problems.push('the runtime enhanced ajax content');
  if (getComputedStyle(document.body).display === 'none') problems.push('the page is hidden');
  return problems;
};

/** HTML-escapes text for an attribute value or element content, as a builder does. */
export const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A page written to the contract, with no CSP: only the runtime protects it. */
export function pageHtml(config: object, body: string): string {
  const json = JSON.stringify({ site: { cleanUrlPath: '/xss' }, ...config }).replace(/</g, '\\u003c');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>XSS corpus</title>
<script type="application/json" id="sw-config">${json}</script>
<script type="module" src="/swfiles/runtime/runtime.js"></script></head>
<body><main><h1>XSS corpus</h1>${body}</main></body></html>`;
}

const page = { id: '7', languageId: 'en' };

/** One lightbox item per fragment, and page elements a fragment must not reach. */
export const ajaxPage = pageHtml(
  { page },
  `<form id="site-search" action="/xss/search"><input id="site-search-q" name="q" aria-label="Search"></form>
<ul>${ajaxFragments.map((f) => `<li><a href="/xss/fragments/${f.id}.html?ajax=true" data-sw-lightbox="" title="${f.id}">${f.id}</a></li>`).join('')}</ul>
<dialog id="page-dialog"><p>page dialog</p></dialog><div id="page-popover" popover>popover</div>
<div id="page-modal" data-sw-modal aria-labelledby="page-modal-title"><h2 id="page-modal-title">Page modal</h2></div>
<script>
customElements.define('x-evil', class extends HTMLElement { connectedCallback() { __xss('custom-element'); } });
customElements.define('x-evil-button', class extends HTMLButtonElement { connectedCallback() { __xss('customized-built-in'); } }, { extends: 'button' });
</script>`,
);

/** The captions as a gallery whose group name is a payload, with deep linking on. */
export const galleryPage = pageHtml(
  { page, lightbox: { deepLinking: true } },
  `<ul>${captions
    .map((cap, i) => {
      const img = ['waiting-room', 'consultation', 'reception'][i];
      const desc = cap.description === undefined ? '' : ` data-sw-description="${esc(cap.description)}"`;
      return `<li><a href="/clinic/assets/img/${img}.png" data-sw-lightbox="${esc(deepGroup)}" title="${esc(cap.title)}"${desc}><img src="/clinic/assets/img/${img}-thumb.png" alt="${esc(cap.alt)}" width="120" height="80"></a></li>`;
    })
    .join('')}</ul>`,
);

const menuLangs = [...menuHrefs, ...detailHrefs].map(([lang]) => lang);
/** Language labels are payloads too; en is the page's own language. */
export const languageLabel = (lang: string) => `<img src=${miss} onerror=__xss('label-${lang}')>`;
export const languagesPage = pageHtml(
  {
    page: { ...page, detailPage: 'flu', detailList: detailHrefs.map(([lang, url]) => ({ lang, url })) },
    languages: [['English', 'menu_en', 'en'], ...menuLangs.map((l) => [languageLabel(l), `menu_${l}`, l])],
  },
  `<nav><div data-sw-languages><ul><li><a href="/xss/fr/" hreflang="fr">Français</a></li></ul></div></nav>`,
);
/** `menu_{lang}.js` bodies: the first item's href is the link (page id 7 is in none). */
export const menuScripts: Record<string, string> = Object.fromEntries(
  [
    ['en', '/xss/en/'] as [string, string],
    ...menuHrefs,
    ...detailHrefs.map(([l]) => [l, `/xss/${l}/`] as [string, string]),
  ].map(([lang, href]) => [
    lang,
    `var menu_${lang} = ${JSON.stringify([['Home', href, '', 0, '', 0, '', '1']])};`,
  ]),
);

export const consentPage = pageHtml(
  { page },
  `<div id="cookie-preferences" data-sw-consent-modal aria-labelledby="cookie-preferences-title"
     data-sw-cookie-groups="${esc(JSON.stringify(cookieGroups))}" data-sw-consent-options='{"enableAll":true,"forceReload":false,"delay":1000}'>
  <h2 id="cookie-preferences-title">Cookie preferences</h2>
  <div data-sw-consent-groups></div>
  <button type="button" data-sw-consent-action="accept">Save choices</button>
  <button type="button" data-sw-consent-action="decline">Decline</button>
</div>
<p><a href="#cookie-preferences" data-sw-consent-action="preferences">Cookie settings</a></p>`,
);
