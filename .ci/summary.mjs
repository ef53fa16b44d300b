// Sums every suite of a CI run into one closing line, "N passed, N failed", and exits
// non-zero if anything failed or a suite produced no report.
import { existsSync, readFileSync } from 'node:fs';

const read = (f) => (existsSync(f) ? readFileSync(f, 'utf8').trim() : undefined);
let passed = 0;
let failed = 0;
const lines = [];
// The name of every failed test, so a CI log that keeps only its tail still says what failed.
const failures = [];

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
  for (const file of r.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      if (t.status === 'failed')
        failures.push(`vitest: ${file.name.replace(process.cwd() + '/', '')} > ${t.fullName}`);
    }
  }
  lines.push(
    `vitest: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`,
  );
  if (read('.reports/unit-exit.status') !== '0' && r.numFailedTests === 0) {
    failed++;
    lines.push('vitest: exited non-zero without a failed test (a suite failed to load)');
  }
} else {
  failed++;
  lines.push('vitest: no report');
}

// One Playwright JSON report per browser step of .ci/run.
for (const engine of ['chromium', 'firefox']) {
  const label = `playwright (${engine})`;
  const report = read(`.reports/e2e-${engine}.json`);
  if (!report) {
    failed++;
    lines.push(`${label}: no report`);
    continue;
  }
  const parsed = JSON.parse(report);
  listPlaywright(label, parsed.suites ?? [], []);
  const s = parsed.stats;
  passed += s.expected;
  failed += s.unexpected + s.flaky;
  lines.push(
    `${label}: ${s.expected} passed, ${s.unexpected} failed, ${s.flaky} flaky, ${s.skipped} skipped`,
  );
  if (read(`.reports/e2e-${engine}-exit.status`) !== '0' && s.unexpected === 0) {
    failed++;
    lines.push(`${label}: exited non-zero without a failed test`);
  }
}

// Suites under node's test runner (the WebKit journeys, the audit's tests): the TAP
// report's closing counts.
for (const suite of ['webkit', 'audit']) {
  const tap = read(`.reports/${suite}.tap`);
  if (!tap) {
    failed++;
    lines.push(`${suite}: no report`);
    continue;
  }
  for (const m of tap.matchAll(/^\s*not ok \d+ - (.*)$/gm)) failures.push(`${suite}: ${m[1]}`);
  const count = (key) => Number(new RegExp(`^# ${key} (\\d+)$`, 'm').exec(tap)?.[1] ?? 0);
  passed += count('pass');
  failed += count('fail') + count('cancelled');
  lines.push(
    `${suite}: ${count('pass')} passed, ${count('fail')} failed, ${count('cancelled')} cancelled, ${count('skipped')} skipped`,
  );
  if (read(`.reports/${suite}-exit.status`) !== '0' && count('fail') + count('cancelled') === 0) {
    failed++;
    lines.push(`${suite}: exited non-zero without a failed test`);
  }
}

// The audit of the demo site: one check, passed when the command exited 0.
const demo = read('.reports/audit-demo-exit.status');
if (demo === '0') passed++;
else failed++;
lines.push(
  `audit of the demo site: ${demo === undefined ? 'did not run' : demo === '0' ? 'passed' : 'failed'}`,
);

if (failures.length > 0) console.log(`failed:\n${failures.map((f) => `  ${f}`).join('\n')}\n`);
for (const l of lines) console.log(`  ${l}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);

// Walks a Playwright JSON report's nested suites; a spec is listed per project that failed or
// was flaky in it.
function listPlaywright(label, suites, path) {
  for (const suite of suites) {
    const here = suite.title ? [...path, suite.title] : path;
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === 'unexpected' || t.status === 'flaky') {
          failures.push(`${label} [${t.projectName}] ${t.status}: ${[...here, spec.title].join(' > ')}`);
          // The cause, so that the summary at the end of a long log says why, not only what.
          const error = (t.results ?? []).find((r) => r.error)?.error;
          if (error) failures.push(...firstLines(error, 4).map((l) => `    ${l}`));
        }
      }
    }
    listPlaywright(label, suite.suites ?? [], here);
  }
}

/** The first `n` non-empty lines of a Playwright error, without colour codes, and where it was. */
function firstLines(error, n) {
  // eslint-disable-next-line no-control-regex
  const plain = String(error.message ?? error.value ?? '').replace(/\u001b\[[0-9;]*m/g, '');
  const lines = plain
    .split('\n')
    .filter((l) => l.trim())
    .slice(0, n);
  const at = error.location;
  if (at) lines.push(`at ${at.file.replace(/^.*\/tests\//, 'tests/')}:${at.line}`);
  return lines.map((l) => l.slice(0, 200));
}
