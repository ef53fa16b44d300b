/** The files each lazily loaded part needs beyond the entry (runtime/preload.ts's PreloadGraph). */
export function preloadGraph(
  metafile: unknown,
  entryPoint: string,
  asked?: Set<string>,
): { files: string[]; parts: Record<string, number[]> };
/** The export names the built files load by name (`exported: "…"`), and `default`. */
export function askedParts(metafile: unknown, root: string): Set<string>;
/** 8 characters of base32 from the SHA-256 of `code`: the built entry's name. */
export function contentHash(code: string | Buffer): string;
export const PRELOAD_PLACEHOLDER: string;
/** The compile hint the build puts on the entry's first line. */
export const COMPILE_HINT: string;
