/** Which parts each page kind has. */
export const KINDS: Record<'none' | 'nav' | 'lightbox' | 'consent' | 'everything', string[]>;
/** The page both stacks can build. */
export const SHARED: string[];
/** Writes every page, the images (from `imagesDir`) and the plugin stack's files under `dir`. */
export function writeSite(dir: string, imagesDir: string): void;
