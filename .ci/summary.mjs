// Sums every suite of a CI run into one closing line, "N passed, N failed", and exits
// non-zero if anything failed or a suite produced no report.
import { existsSync, readFileSync } from 'node:fs';

const read = (f) => (existsSync(f) ? readFileSync(f, 'utf8').trim() : undefined);
let passed = 0;
let failed = 0;
const lines = [];

for (const step of ['typecheck', 'build']) {
  const status = read(`.reports/${step}.status`);
  if (status === 'pass') passed++;
  else failed++;
  lines.push(`${step}: ${status ?? 'did not run'}`);
}

const unit = read('.reports/unit.json');
if (unit) {
  const r = JSON.parse(unit);
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  lines.push(`vitest: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`);
  if (read('.reports/unit-exit.status') !== '0' && r.numFailedTests === 0) {
    failed++;
    lines.push('vitest: exited non-zero without a failed test (a suite failed to load)');
  }
} else {
  failed++;
  lines.push('vitest: no report');
}

const e2e = read('.reports/e2e.json');
if (e2e) {
  const s = JSON.parse(e2e).stats;
  passed += s.expected;
  failed += s.unexpected + s.flaky;
  lines.push(`playwright: ${s.expected} passed, ${s.unexpected} failed, ${s.flaky} flaky, ${s.skipped} skipped`);
  if (read('.reports/e2e-exit.status') !== '0' && s.unexpected === 0) {
    failed++;
    lines.push('playwright: exited non-zero without a failed test');
  }
} else {
  failed++;
  lines.push('playwright: no report');
}

for (const l of lines) console.log(`  ${l}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
