// Runs the audit command against the planted site, as an auditor runs it, for the tests.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Runs the command (not in this process: this one serves the pages); its exit code, output and JSON. */
export async function runAudit(site, paths, ...args) {
  const dir = mkdtempSync(join(tmpdir(), 'sw-audit-test-'));
  const urls = paths.map((p) => `${site.origin}${p}`);
  const argv = [join(root, 'audit/cli.mjs'), ...urls, '--out', dir, '--json', join(dir, 'r.json'), ...args];
  const child = spawn(process.execPath, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const code = await new Promise((ok) => child.on('exit', ok));
  const json = JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8'));
  return { code, out, json, html: readFileSync(join(dir, 'index.html'), 'utf8') };
}

/** Every finding as "viewport state-key rule". */
export const findings = (json) =>
  json.pages.flatMap((p) =>
    p.states.flatMap((s) => [...s.violations, ...s.keyboard].map((f) => `${p.viewport} ${s.key} ${f.rule}`)),
  );
export const states = (json) => json.pages.flatMap((p) => p.states.map((s) => `${s.key}:${s.status}`));
