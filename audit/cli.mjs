#!/usr/bin/env node
// site-runtime-audit URL... [--out DIR] [--json FILE] [--viewport desktop|mobile|both]
//   [--crawl N] [--fail-on minor|moderate|serious|critical] [--chromium PATH] [--state-timeout S]
// Exit: 0 when every page and state was checked and nothing at or above --fail-on was found;
// 1 otherwise; 2 for a wrong command line.
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseAuditArgs, USAGE } from './args.mjs';
import { htmlReport, summarize } from './report.mjs';

let options;
try {
  options = parseAuditArgs(process.argv.slice(2), process.env);
} catch (err) {
  console.error(`site-runtime-audit: ${err.message}\n\n${USAGE}`);
  process.exit(2);
}
if (options.help) {
  console.log(USAGE);
  process.exit(0);
}

// Playwright and axe are optional peer dependencies of the package (most users want only
// the runtime): without them --help still works and the error says what to install.
let audit;
try {
  ({ audit } = await import('./run.mjs'));
} catch (err) {
  if (err?.code !== 'ERR_MODULE_NOT_FOUND') throw err;
  // A checkout that was never built has no lib/checks.mjs (the runtime's readers the plan uses).
  if (/lib[\\/]checks\.mjs/.test(err.message))
    console.error('site-runtime-audit needs the built lib/checks.mjs: run `node build.mjs` first');
  else
    console.error(
      `site-runtime-audit needs @playwright/test and @axe-core/playwright: npm install -D @playwright/test @axe-core/playwright\n(${err.message})`,
    );
  process.exit(2);
}

/** A one-line reason and exit 2: the run cannot give a verdict (1 means findings). */
const cannot = (why) => {
  console.error(`site-runtime-audit: ${why}`);
  process.exit(2);
};
// Where the results go is checked before the audit, which they must not be lost after.
const html = join(options.out ?? '', 'index.html');
try {
  if (!options.out) throw new Error('--out needs a folder');
  mkdirSync(options.out, { recursive: true });
  if (existsSync(html) && statSync(html).isDirectory()) throw new Error(`${html} is a folder, not a file`);
  if (options.json) {
    mkdirSync(dirname(resolve(options.json)), { recursive: true });
    if (existsSync(options.json) && statSync(options.json).isDirectory())
      throw new Error(`--json ${options.json} is a folder, not a file`);
  }
} catch (err) {
  cannot(`cannot write the report: ${err.message}`);
}
if (!existsSync(options.chromium))
  cannot(`no browser at ${options.chromium} (--chromium PATH or $CHROMIUM_PATH)`);

const started = Date.now();
let result;
try {
  // Text from the pages (a label) is printed without its control characters: no terminal escapes.
  const progress = (line) => console.log(line.replace(/[\x00-\x1f\x7f-\x9f]/g, '\ufffd'));
  result = await audit({ ...options, progress });
} catch (err) {
  cannot(`the audit could not run: ${String(err?.message ?? err).split('\n')[0]}`);
}
const sum = summarize(result, options.failOn);
writeFileSync(html, htmlReport(result, options.failOn));
if (options.json) {
  mkdirSync(dirname(resolve(options.json)), { recursive: true });
  writeFileSync(options.json, `${JSON.stringify({ ...result, summary: sum }, null, 2)}\n`);
}
console.log(`report: ${html}${options.json ? `, ${options.json}` : ''}`);
console.log(
  `${sum.ok ? 'PASSED' : 'FAILED'}: ${sum.line} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
process.exit(sum.ok ? 0 : 1);
