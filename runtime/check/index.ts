import { configProblems } from './config';
import { optionProblems } from './options';
import { collector, inDocumentOrder } from './report';
import { targetProblems } from './targets';
import type { Diagnostic, EntryReaders } from './types';

export type { Diagnostic, DiagnosticKind, EntryReaders } from './types';

/**
 * Every marker problem of the page that can be seen without running it, in document order:
 * the same readers the controllers use, so the list says what the runtime would warn about.
 * Reads only; logs nothing. Used by the editors' diagnostics panel and by
 * `site-runtime-check` (in Node, on a jsdom document, through check/node.ts).
 */
export function checkDocument(doc: Document, readers: EntryReaders): Diagnostic[] {
  const { list, add } = collector();
  configProblems(doc, add, readers);
  optionProblems(doc, add, readers);
  targetProblems(doc, add, readers);
  return inDocumentOrder(list);
}
