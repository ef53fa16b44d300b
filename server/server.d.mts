export interface FixturePage {
  path: string;
  file: string;
  id: string;
  lang: string;
  detail: string | undefined;
  title: string;
}
export interface RunningServer {
  port: number;
  url: string;
  pages: FixturePage[];
  projectPath: string;
  consentLog: string;
  close(): Promise<void>;
}
export function startServer(options?: {
  port?: number;
  host?: string;
  siteDir?: string;
  distDir?: string;
  siteConfig?: string;
  consentLog?: string;
  /** Also serve dist's `*.map` files and `meta.json` (default false: 404). */
  serveSourceMaps?: boolean;
  /**
   * "fixed" (default): pages load `/swfiles/runtime/runtime.js` as written. "hashed": each page's
   * runtime script is rewritten to the content-hashed entry dist/manifest.json names.
   */
  entry?: 'fixed' | 'hashed';
  /** How long (ms) an idle connection is kept open (default node's 5 s). */
  keepAliveTimeout?: number;
}): Promise<RunningServer>;
/**
 * The page with its runtime script at the manifest's content-hashed entry, and a modulepreload
 * hint for each file the entry imports before the first tag that loads it.
 */
export function withHashedEntry(html: string, distDir: string): Promise<string>;
