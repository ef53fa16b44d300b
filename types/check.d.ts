import type { DiagnosticKind } from './index.js';

/** One problem of a page, where `site-runtime-check` prints it. */
export interface PageProblem {
  file: string;
  line: number;
  column: number;
  kind: DiagnosticKind;
  marker: string;
  message: string;
}

/** The marker problems of one page's HTML (read only: nothing runs, nothing is fetched). */
export function checkHtml(html: string, options?: { file?: string; url?: string }): Promise<PageProblem[]>;

export function parseArgs(argv: string[]): {
  json: boolean;
  base: string | undefined;
  files: string[];
  help: boolean;
  error: string | undefined;
};
