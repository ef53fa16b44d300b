#!/usr/bin/env node
// site-runtime-audit URL... [--out DIR] [--json FILE] [--viewport desktop|mobile|both]
//   [--crawl N] [--fail-on minor|moderate|serious|critical] [--chromium PATH]
// Exit: 0 when every page and state was checked and nothing at or above --fail-on was found;
// 1 otherwise; 2 for a wrong command line.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseAuditArgs, USAGE } from './args.mjs';
import { htmlReport, summarize } from './report.mjs';
import { audit } from './run.mjs';

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

const started = Date.now();
const result = await audit({ ...options, progress: (line) => console.log(line) });
const sum = summarize(result, options.failOn);
mkdirSync(options.out, { recursive: true });
const html = join(options.out, 'index.html');
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
