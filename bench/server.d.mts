/** The benchmark's static server (server.mjs): the generated pages and dist/ at /swfiles/runtime/. */
export function startBenchServer(
  siteDir: string,
  distDir: string,
): Promise<{ url: string; close: () => Promise<void> }>;
