/**
 * Ajax content is HTML from the page's own origin, still treated as untrusted: parsed inert
 * (in a document without a window, which runs nothing and loads nothing), stripped of everything that could run script
 * or load a foreign document, then adopted. What survives is markup, text and same-kind
 * media.
 */
const dropped =
  'script,iframe,frame,frameset,object,embed,applet,base,meta,link,style,template,noscript,form';
const urlAttributes = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'xlink:href',
  'srcset',
  'poster',
  'data',
  'background',
]);

export function sanitizeFragment(
  doc: Document,
  html: string,
  toHtml: (s: string) => string,
): DocumentFragment {
  // A document with no window: its parser creates no event handlers to be checked by CSP.
  const parsed = doc.implementation.createHTMLDocument('');
  // Handler attributes are renamed before parsing too: Chrome checks them against the
  // page's CSP as they are parsed (a report, though nothing would run).
  const renamed = html.replace(/<[^>]+>/g, (tag) =>
    tag.replace(/([\s/"'])on(\w+\s*=)/gi, '$1data-sw-dropped-on$2'),
  );
  parsed.body.innerHTML = toHtml(renamed);
  for (const el of parsed.body.querySelectorAll(dropped)) el.remove();
  for (const el of parsed.body.querySelectorAll('*')) {
    for (const { name, value } of [...el.attributes]) {
      const n = name.toLowerCase();
      const url = value.replace(/[\s\u0000-\u001f]+/g, '').toLowerCase();
      if (
        n.startsWith('on') ||
        n.startsWith('data-sw-dropped-') ||
        n === 'style' ||
        (urlAttributes.has(n) && /^(javascript|vbscript|data):/.test(url))
      ) {
        el.removeAttribute(name);
      }
    }
  }
  const fragment = doc.createDocumentFragment();
  for (const node of [...parsed.body.childNodes]) fragment.append(doc.importNode(node, true));
  return fragment;
}
