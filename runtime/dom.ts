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

/** Arrow keys belong to a form field (or editable text) that has focus, not to a widget. */
export function inFormField(target: EventTarget | null): boolean {
  return !!(target as Element | null)?.closest?.('input,textarea,select,[contenteditable]');
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
