import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../server/server.mjs';

/**
 * Starts the reference server on a free port on 127.0.0.1 for the whole run (workers read
 * the port from the environment) and stops it afterwards. It serves dist/ as built, so the
 * browser tests exercise the shipped files.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'sw-e2e-'));
  // Idle connections kept for 2 minutes: Playwright's route.fetch reuses one after a pause,
  // and one closed by node's 5 s timeout at that moment failed a test (ECONNRESET on a reload).
  const server = await startServer({
    port: 0,
    consentLog: join(dir, 'consent-log.jsonl'),
    keepAliveTimeout: 120_000,
  });
  process.env.SW_TEST_PORT = String(server.port);
  process.env.SW_CONSENT_LOG = server.consentLog;
  return () => server.close();
}
