// `npm run audit:demo`: the accessibility audit (audit/cli.mjs, as a builder or auditor runs
// it) against the demo site in its four environments, failing on any finding at all. The
// pages are those that hold every kind of marker: home (menu, modal, carousel, consent,
// languages, rows), gallery (lightbox groups, an inline item), team (tiles), notices (modals
// with every trigger). Run by CI; extra arguments go to the audit (e.g. --viewport desktop).
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ENVIRONMENTS, pageUrl } from '../server/pages.mjs';
import { startServer } from '../server/server.mjs';

const PAGES = ['/en/', '/en/gallery/', '/en/team/', '/en/notices/'];
const server = await startServer({
  port: 0,
  host: '127.0.0.1',
  consentLog: join(mkdtempSync(join(tmpdir(), 'sw-audit-')), 'consent.log'),
});
let status = 1;
try {
  const pages = PAGES.map((p) => server.pages.find((page) => page.path === `${server.projectPath}${p}`));
  if (pages.some((p) => !p)) throw new Error(`the demo site lacks one of ${PAGES.join(', ')}`);
  const urls = ENVIRONMENTS.flatMap((env) =>
    pages.map((p) => pageUrl(p, env, server.port, server.projectPath)),
  );
  const args = [
    'audit/cli.mjs',
    ...urls,
    '--fail-on',
    'minor',
    '--out',
    '.reports/audit',
    '--json',
    '.reports/audit.json',
  ];
  // Not spawnSync: this process serves the pages the audit loads.
  const child = spawn(process.execPath, [...args, ...process.argv.slice(2)], { stdio: 'inherit' });
  status = await new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
} finally {
  await server.close();
}
process.exit(status);
