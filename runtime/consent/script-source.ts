/**
 * What a consent script (contract §4) is, judged without the DOM: the server's fragments may
 * hold HTML `<script>` and SVG `<svg><script>` elements alike, and both are run as HTML
 * scripts with the runtime's nonce.
 */

const XLINK = 'http://www.w3.org/1999/xlink';
const SVG = 'http://www.w3.org/2000/svg';

/** An SVG script names its file with `href` (SVG 2) or `xlink:href` (SVG 1.1), not `src`. */
export interface ScriptMarkup {
  svg: boolean;
  /** `src` of an HTML script; `href`, else `xlink:href`, of an SVG one; null when inline. */
  address: string | null;
  /** The inline code (an SVG script has no `.text`: this is its text content). */
  code: string;
  /** Every attribute but the address, by qualified name. */
  attributes: { name: string; value: string }[];
}

export type ScriptPlan =
  | { kind: 'inline'; code: string }
  | { kind: 'external'; url: string; origin: string }
  | { kind: 'refused'; reason: string };

/** Reads a parsed (inert) script element into plain data. */
export function scriptMarkup(el: Element): ScriptMarkup {
  const svg = el.namespaceURI === SVG;
  const address = svg
    ? (el.getAttribute('href') ?? el.getAttributeNS(XLINK, 'href'))
    : el.getAttribute('src');
  const addressNames = svg ? ['href', 'xlink:href'] : ['src'];
  return {
    svg,
    address,
    code: el.textContent ?? '',
    attributes: [...el.attributes]
      .filter((a) => !addressNames.includes(a.name))
      .map(({ name, value }) => ({ name, value })),
  };
}

/** How a script runs: inline code, or a file at an http(s) address resolved against `base`. */
export function planScript(markup: ScriptMarkup, base: string): ScriptPlan {
  if (markup.address === null) return { kind: 'inline', code: markup.code };
  let url: URL;
  try {
    url = new URL(markup.address, base);
  } catch {
    return { kind: 'refused', reason: `a consent script has an unusable address: ${markup.address}` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { kind: 'refused', reason: `a consent script's address is not http(s): ${markup.address}` };
  return { kind: 'external', url: url.href, origin: url.origin };
}

/**
 * Whether an attribute of the server's script is copied onto the live one. Not copied: the
 * address and `nonce` (set by the runtime), and event-handler attributes (`onload`,
 * `onerror`, …): inline code no nonce can cover, so a strict CSP blocks them anyway, and
 * under Trusted Types setting one throws. SVG-only attributes mean nothing on an HTML script.
 */
export function attributeFate(name: string, svg: boolean): 'copy' | 'handler' | 'drop' {
  const n = name.toLowerCase();
  if (n.startsWith('on')) return 'handler';
  if (n === 'nonce' || n === 'src') return 'drop';
  if (svg)
    return ['type', 'id', 'class', 'crossorigin', 'referrerpolicy'].includes(n) || n.startsWith('data-')
      ? 'copy'
      : 'drop';
  return 'copy';
}
