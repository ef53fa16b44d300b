export interface Sizes {
  files: Record<string, { raw: number; gzip: number; brotli: number; entry: boolean; imports: string[] }>;
  entry: { files: string[]; raw: number; gzip: number; brotli: number };
  total: { raw: number; gzip: number; brotli: number };
}
export function measure(metafile: unknown): Sizes;
export function overBudget(m: Sizes, limits?: { entryGzip: number; totalGzip: number; entryFiles?: number }): string[];
/** The benchmark's page kinds: the parts each fetches at load and on its first interactions. */
export const PAGE_KINDS: { kind: string; label: string; load: string[]; interaction: string[] }[];
/** Issue 14's targets, [at load, in all], in gzip bytes. */
export const PAGE_KIND_TARGETS: Record<string, [number, number]>;
export interface PageKindSize {
  kind: string;
  label: string;
  load: { gzip: number; files: number };
  total: { gzip: number; files: number };
}
export function pageKinds(m: Sizes, metafile: unknown): PageKindSize[];
/**
 * Budgets are [at load, in all] per kind: gzip bytes (package.json `sizeBudgets.pageKinds`) and
 * files (`sizeBudgets.pageKindFiles`). A kind missing from either is reported.
 */
export function pageKindsOverBudget(
  kinds: PageKindSize[],
  limits?: Record<string, [number, number]>,
  files?: Record<string, [number, number] | undefined>,
): string[];
