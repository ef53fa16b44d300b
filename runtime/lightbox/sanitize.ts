import type { Trusted } from '../trusted-types';
import { renameHandlers } from './handlers';
import { FORBIDDEN_ATTRIBUTES, FORBIDDEN_ELEMENTS, rebuild } from './sanitize-rules';

/**
 * Ajax content is HTML from the page's own origin, still treated as untrusted (contract §3,
 * Lightbox). It is parsed by the browser's own HTML Sanitizer API where there is one (kept
 * current by the browser, and no download), else by DOMPurify, fetched as its own chunk only
 * then. Either output is rebuilt under one rule set (sanitize-rules.ts), so both paths keep
 * exactly what the contract allows. Neither path is a Trusted Types violation: `setHTML` is
 * not a sink, and DOMPurify parses through the runtime's own policy.
 */

interface PlatformSanitizer {
  allowElement(element: string | { name: string; attributes: string[] }): boolean;
  allowAttribute(attribute: string): boolean;
}
type SetHTML = (html: string, options: { sanitizer: PlatformSanitizer }) => void;
type SanitizerWindow = Window & typeof globalThis & { Sanitizer?: new () => PlatformSanitizer };

const imgAttributes = ['src', 'alt', 'width', 'height', 'srcset', 'sizes', 'loading', 'decoding'];
const globalAttributes = [
  'class',
  'id',
  'role',
  'aria-label',
  'aria-labelledby',
  'aria-describedby',
  'aria-hidden',
];

/** The platform's safe default (text, tables, lists, links, SVG, MathML) plus what content pages use. */
function platformSanitizer(win: SanitizerWindow): PlatformSanitizer {
  const sanitizer = new win.Sanitizer!();
  sanitizer.allowElement({ name: 'img', attributes: imgAttributes });
  for (const name of ['details', 'summary']) sanitizer.allowElement(name);
  for (const name of globalAttributes) sanitizer.allowAttribute(name);
  return sanitizer;
}

/** The platform's parse, or undefined where there is no (usable) HTML Sanitizer API. */
function parseWithPlatform(win: SanitizerWindow, html: string): ParentNode | undefined {
  if (typeof win.Sanitizer !== 'function' || !('setHTML' in win.Element.prototype)) return undefined;
  // An element of a document with no window: nothing in it loads before the rules judge it.
  const holder = win.document.implementation.createHTMLDocument('').createElement('div');
  try {
    (holder as unknown as { setHTML: SetHTML }).setHTML(html, { sanitizer: platformSanitizer(win) });
  } catch {
    return undefined; // an earlier draft of the API, with other methods: DOMPurify it is
  }
  return holder;
}

type Purify = typeof import('./purify');

/**
 * `loadPurify` fetches the DOMPurify chunk; the lightbox passes the runtime's chunk loader,
 * so a failure is announced (`sw:error`) and a fetch that never answers has a time limit.
 */
export async function sanitizeFragment(
  win: Window,
  untrusted: string,
  policy: Trusted,
  loadPurify: () => Promise<Purify> = () => import('./purify'),
): Promise<DocumentFragment> {
  const w = win as SanitizerWindow;
  const html = renameHandlers(untrusted);
  const forbid = { elements: FORBIDDEN_ELEMENTS, attributes: FORBIDDEN_ATTRIBUTES };
  const parsed = parseWithPlatform(w, html) ?? (await loadPurify()).purify(w, html, policy, forbid);
  return rebuild(parsed, w.document);
}
