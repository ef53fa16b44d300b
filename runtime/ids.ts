const counters = new WeakMap<Document, number>();

/**
 * An id no element of `doc` has yet, `${prefix}-${n}`: for the headings and regions the
 * runtime must point `aria-labelledby` and `aria-controls` at. Counted per document, and
 * checked against it, so a second runtime instance (or the builder's own ids) never collides.
 */
export function uniqueId(doc: Document, prefix: string): string {
  let n = counters.get(doc) ?? 0;
  let id: string;
  do id = `${prefix}-${++n}`;
  while (doc.getElementById(id));
  counters.set(doc, n);
  return id;
}

/** The element's id, given one from `uniqueId` first when it has none. */
export function idOf(el: Element, prefix: string): string {
  if (!el.id) el.id = uniqueId(el.ownerDocument, prefix);
  return el.id;
}
