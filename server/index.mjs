// `npm start`: serves the fixture site and the built runtime, and prints where.
//   node server/index.mjs [--port 4173] [--host 127.0.0.1]     (or PORT=… / HOST=…)
//   [--source-maps] (or SW_SERVE_SOURCE_MAPS=1): also serve dist's *.map and meta.json
//   [--hashed-entry]: pages load the content-hashed entry named in dist/manifest.json
import { ENVIRONMENTS, pageUrl } from './pages.mjs';
import { startServer } from './server.mjs';

const arg = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const port = Number(arg('port') ?? process.env.PORT ?? 4173);
const host = arg('host') ?? process.env.HOST ?? '127.0.0.1';

const serveSourceMaps = process.argv.includes('--source-maps') || process.env.SW_SERVE_SOURCE_MAPS === '1';

const entry = process.argv.includes('--hashed-entry') ? 'hashed' : 'fixed';
const server = await startServer({ port, host, serveSourceMaps, entry });
const home = server.pages.find((p) => p.path === `${server.projectPath}/en/`) ?? server.pages[0];
console.log(`site-runtime demo on http://localhost:${server.port}/  (all pages, all environments)`);
for (const env of ENVIRONMENTS) console.log(`  ${env.padEnd(8)} ${pageUrl(home, env, server.port, server.projectPath)}`);
console.log(`consent records are appended to ${server.consentLog}`);
const stop = () => server.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
