import type { Diagnostic, DiagnosticKind } from './types';

/** Collects diagnostics; `add` is what every check calls. */
export function collector() {
  const list: Diagnostic[] = [];
  return {
    list,
    add(kind: DiagnosticKind, marker: string, element: Element | null, message: string): void {
      list.push({ kind, marker, element, message });
    },
  };
}

export type Add = ReturnType<typeof collector>['add'];

/** The marker a diagnostic names for an element: its first `data-sw-*` attribute, else `id`. */
export function markerOf(el: Element): string {
  for (const a of Array.from(el.attributes)) {
    if (a.name.startsWith('data-sw-') && a.name !== 'data-sw-ready') return a.name;
  }
  return el.hasAttribute('rel') ? 'rel' : 'id';
}

/** Document order, element-less ones (the config as a whole) first; stable otherwise. */
export function inDocumentOrder(list: Diagnostic[]): Diagnostic[] {
  const FOLLOWING = 4; // Node.DOCUMENT_POSITION_FOLLOWING, without needing a global Node
  return list
    .map((d, i) => ({ d, i }))
    .sort((a, b) => {
      const x = a.d.element;
      const y = b.d.element;
      if (x === y || !x || !y) return x === y ? a.i - b.i : x ? 1 : -1;
      return x.compareDocumentPosition(y) & FOLLOWING ? -1 : 1;
    })
    .map(({ d }) => d);
}
