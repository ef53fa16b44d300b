/**
 * The one rule set for ajax lightbox content (contract §3, Lightbox). Whichever parser ran
 * first (the platform's `setHTML` or DOMPurify), its output is rebuilt here, element by
 * element, in the page's document. Both paths therefore meet this same spec, however a
 * platform's defaults differ or change, and nothing hidden in a parsed node survives: a
 * rebuilt element has no `is` value (customized built-ins), no shadow root and no template
 * contents, only the attributes judged below.
 */

import { FORBIDDEN_ATTRIBUTES, FORBIDDEN_ELEMENTS } from './sanitize-lists';

export { FORBIDDEN_ATTRIBUTES, FORBIDDEN_ELEMENTS };
export const HTML_NS = 'http://www.w3.org/1999/xhtml';
const SVG_NS = 'http://www.w3.org/2000/svg';
const MATHML_NS = 'http://www.w3.org/1998/Math/MathML';
const XLINK_NS = 'http://www.w3.org/1999/xlink';

/** Named-property prefix (DOMPurify's SANITIZE_NAMED_PROPS): ids and names cannot clobber. */
export const NAMED_PREFIX = 'user-content-';

const forbiddenElements = new Set(FORBIDDEN_ELEMENTS);
const forbiddenAttributes = new Set(FORBIDDEN_ATTRIBUTES);
const urlAttributes = new Set([
  'href',
  'src',
  'srcset',
  'poster',
  'data',
  'background',
  'cite',
  'longdesc',
  'lowsrc',
  'dynsrc',
  'codebase',
  'classid',
  'archive',
  'manifest',
  'icon',
  'profile',
  'itemtype',
  'itemid',
]);
/** Attributes naming elements by id: prefixed like the ids, so they only reach the content's own. */
const idRefAttributes = new Set([
  'for',
  'headers',
  'list',
  'itemref',
  'aria-activedescendant',
  'aria-controls',
  'aria-describedby',
  'aria-details',
  'aria-errormessage',
  'aria-flowto',
  'aria-labelledby',
  'aria-owns',
]);
const safeSchemes = new Set(['http:', 'https:', 'mailto:', 'tel:']);

const named = (v: string) => (v.startsWith(NAMED_PREFIX) ? v : NAMED_PREFIX + v);

/**
 * http(s), mailto, tel and relative URLs pass; `data:image/…` only where asked (an img's
 * src). Judged by the URL parser itself, so whitespace, control characters and case tricks
 * read exactly as the browser would read them.
 */
export function safeUrl(value: string, allowDataImage = false): boolean {
  let scheme: string;
  try {
    scheme = new URL(value, 'https://relative.invalid/').protocol;
  } catch {
    return false;
  }
  if (safeSchemes.has(scheme)) return true;
  return (
    allowDataImage && scheme === 'data:' && /^data:image\//i.test(value.replace(/[\s\u0000-\u001f]+/g, ''))
  );
}

/**
 * The fragment of a link that only scrolls this page (`#x`, and as the browser reads it,
 * `./#x` or the page's own address with `#x`), or null. Such a link is made to point into the
 * content, like its ids: it would otherwise reach the page's own elements and the runtime's
 * hash openers (a modal, the consent preferences, a tile, a lightbox deep link).
 */
function samePageFragment(value: string, page: Document): string | null {
  const v = value.trim();
  if (v[0] === '#') return v.slice(1);
  try {
    const url = new URL(v, page.baseURI);
    // A fragment may hold a second '#'; a path or query never does.
    if (url.hash && url.href.split('#')[0] === page.URL.split('#')[0]) return url.hash.slice(1);
  } catch {
    // not a URL: the URL checks refuse it
  }
  return null;
}

/** The value to keep for an attribute of `el` (bound for the `page` document), or null to drop it. */
export function keptAttribute(el: Element, name: string, value: string, page: Document): string | null {
  const n = name.toLowerCase();
  // Markers (data-sw-*, rel="prettyPhoto") would make the runtime enhance the content.
  if (n.startsWith('on') || n.startsWith('data-') || n.startsWith('xmlns') || forbiddenAttributes.has(n))
    return null;
  if (n === 'rel' && /prettyphoto/i.test(value)) return null;
  if (n === 'id' || n === 'name') return value ? named(value) : null;
  if (idRefAttributes.has(n)) return value.split(/\s+/).filter(Boolean).map(named).join(' ');
  if (n === 'usemap') return value.startsWith('#') ? `#${named(value.slice(1))}` : null;
  const local = n.replace(/^xlink:/, '');
  if (local === 'srcset')
    return value.split(',').every((c) => safeUrl(c.trim().split(/\s+/)[0] ?? '')) ? value : null;
  if (local === 'href') {
    const fragment = samePageFragment(value, page);
    if (fragment !== null) return `#${named(fragment)}`;
  }
  if (urlAttributes.has(local)) {
    const dataImage = el.namespaceURI === HTML_NS && el.localName === 'img' && n === 'src';
    return safeUrl(value, dataImage) ? value : null;
  }
  return value;
}

function keptElement(el: Element): boolean {
  const ns = el.namespaceURI;
  if (ns !== HTML_NS && ns !== SVG_NS && ns !== MATHML_NS) return false;
  const name = el.localName.toLowerCase();
  // Custom elements would run the page's own code on content it never chose.
  return !forbiddenElements.has(name) && !(ns === HTML_NS && name.includes('-'));
}

function copyElement(el: Element, doc: Document): Element {
  const copy = doc.createElementNS(el.namespaceURI, el.localName);
  for (const { name, value } of Array.from(el.attributes)) {
    const kept = keptAttribute(el, name, value, doc);
    if (kept === null) continue;
    try {
      if (name.toLowerCase() === 'xlink:href') copy.setAttributeNS(XLINK_NS, 'xlink:href', kept);
      else copy.setAttribute(name, kept);
    } catch {
      // A name the parser accepts but setAttribute does not (`a"b`): nothing worth keeping.
    }
  }
  return copy;
}

/** Copies what the rules keep of `source`'s children into a new fragment of `doc`. Comments go. */
export function rebuild(source: ParentNode, doc: Document): DocumentFragment {
  const out = doc.createDocumentFragment();
  const copyChildren = (from: ParentNode, to: ParentNode) => {
    for (const node of Array.from(from.childNodes)) {
      if (node.nodeType === 3) to.append(doc.createTextNode(node.nodeValue ?? ''));
      else if (node.nodeType === 1 && keptElement(node as Element)) {
        const copy = copyElement(node as Element, doc);
        copyChildren(node as Element, copy);
        to.append(copy);
      }
    }
  };
  copyChildren(source, out);
  return out;
}
