export interface Sizes {
  files: Record<string, { raw: number; gzip: number; brotli: number; entry: boolean; imports: string[] }>;
  entry: { files: string[]; raw: number; gzip: number; brotli: number };
  total: { raw: number; gzip: number; brotli: number };
}
export function measure(metafile: unknown): Sizes;
export function overBudget(m: Sizes, limits?: { entryGzip: number; totalGzip: number }): string[];
