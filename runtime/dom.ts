/**
 * Small DOM judgements several controllers make the same way, so they agree (a click one
 * controller takes over, another must not) and a fix lands once.
 */

/** A plain primary click: not already handled, no modifier (those open tabs or windows). */
export function isPlainClick(e: MouseEvent): boolean {
  return !(e.defaultPrevented || e.button || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey);
}

/**
 * What an element's `min-height` leaves out of its border box: its vertical padding and
 * borders, unless it is `box-sizing: border-box` (CSS's default is `content-box`). A height read
 * from the layout (a border box) becomes its `min-height` less this.
 */
export function boxExtra(cs: CSSStyleDeclaration): number {
  if (cs.boxSizing === 'border-box') return 0;
  const edges = ['paddingTop', 'paddingBottom', 'borderTopWidth', 'borderBottomWidth'] as const;
  return edges.reduce((a, k) => a + (parseFloat(cs[k]) || 0), 0);
}

/** The id a `#fragment` names, percent-decoded; a malformed escape is kept as written. */
export function fragmentId(hash: string): string {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * The element a `#fragment` names, found as HTML's fragment navigation finds it: by the id as
 * written first (`#a%25b` names `a%25b`), then percent-decoded (`#caf%C3%A9` names `café`).
 */
export function fragmentTarget(doc: Document, hash: string): HTMLElement | null {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  return raw ? (doc.getElementById(raw) ?? doc.getElementById(fragmentId(raw))) : null;
}

/** What an arrow-key step reads of a keydown (a DOM or a component's event). */
type ArrowKey = Pick<
  KeyboardEvent,
  'key' | 'target' | 'defaultPrevented' | 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey'
>;

/**
 * The step (-1 or 1) ArrowLeft or ArrowRight asks of a widget (a carousel, the lightbox, the
 * tile popup), reversed right to left (APG), or 0: another key; one with a modifier (Alt+Left is
 * the browser's Back); one a focused form field, editable text or media player (seeking) takes.
 */
export function arrowStep(e: ArrowKey): number {
  if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return 0;
  const at = e.target as Element | null;
  if (at?.closest?.('input,textarea,select,[contenteditable],audio,video')) return 0;
  // Right to left, Next sits on the left (the controls' row is mirrored): ArrowLeft goes there.
  const by = e.key === 'ArrowLeft' ? -1 : e.key === 'ArrowRight' ? 1 : 0;
  return isRtl(at) ? -by : by;
}

/**
 * Whether `el` is laid out right to left: Next then sits on the left. The computed direction
 * follows `dir="auto"` and a stylesheet's `direction: rtl` (builders set either); the nearest
 * `dir` attribute still counts where no style is computed (a detached element).
 */
export function isRtl(el: Element | null): boolean {
  if (!el) return false;
  if (el.isConnected && getComputedStyle(el).direction === 'rtl') return true;
  return /^rtl$/i.test(el.closest?.('[dir]')?.getAttribute('dir') ?? '');
}

/** The elements under `root` that match `selector`, `root` itself first if it does. */
export function matches(root: ParentNode, selector: string): Element[] {
  const found = Array.from(root.querySelectorAll(selector));
  if (root instanceof Element && root.matches(selector)) found.unshift(root);
  return found;
}

/**
 * Removes `el`'s style attribute once its inline style is empty (a runtime that only adds
 * leaves no `style=""` behind). `hasAttribute` first is needed: Chromium writes a CSSOM
 * change back to the attribute lazily, and a removal before that write comes back as an
 * empty attribute on the next read (unless a MutationObserver forced the write earlier).
 */
export function dropEmptyStyle(el: HTMLElement): void {
  if (!el.style.length && el.hasAttribute('style')) el.removeAttribute('style');
}

/**
 * How long a click held for code that then fails may still be given back to the builder's
 * HTML (a link's own navigation or jump): by then the browser's user activation has lapsed (a
 * new tab would be blocked) and the visitor has moved on, so a late navigation would surprise.
 */
export const GIVE_BACK_MS = 5000;
