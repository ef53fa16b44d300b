export interface Sizes {
  files: Record<string, { raw: number; gzip: number; brotli: number; entry: boolean; imports: string[] }>;
  entry: { files: string[]; raw: number; gzip: number; brotli: number };
  total: { raw: number; gzip: number; brotli: number };
}
export function measure(metafile: unknown): Sizes;
export function overBudget(m: Sizes, limits?: { entryGzip: number; totalGzip: number }): string[];
/** The page kinds of the per-page table: a name and the lazily loaded parts it fetches (null: all). */
export const PAGE_KINDS: [string, string[] | null][];
export function pageKinds(m: Sizes, metafile: unknown): { kind: string; gzip: number; files: number }[];
