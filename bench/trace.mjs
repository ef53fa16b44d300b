#!/usr/bin/env node
// npm run bench:trace [-- --pages shared,everything,none --runs 9 --rate 4]: where the
// runtime's main-thread time at load goes, from Chromium's trace events rather than one total
// (CDP TaskDuration), whose run-to-run spread is larger than what a change to the runtime saves.
// Each runtime page is loaded beside its twin with no script, alternately, both waited for in
// the same way (measure.mjs), and each figure is the runtime page's minus the twin's, per run.
// Each page is measured with two builds in turn: as built, and with the entry's compile hint
// taken off (build-preload.mjs), so what the hint moves off the main thread is shown in the
// same run.
import { chromium } from '@playwright/test';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS } from '../audit/chromium.mjs';
import { COMPILE_HINT } from '../build-preload.mjs';
import { AFTER_READY_MS, fresh, ready } from './measure.mjs';
import { writeSite } from './pages.mjs';
import { startBenchServer } from './server.mjs';
import { cell, summary, table } from './stats.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'disabled-by-default-v8.compile',
];
/** V8's parsing and compiling on the main thread (trace event names). */
export const COMPILING = new Set([
  'V8.ParseProgram',
  'V8.PreParse',
  'V8.ParseFunction',
  'V8.CompileCode',
  'V8.CompileIgnition',
  'V8.CompileIgnitionFinalization',
  'V8.CompileStreamedModule',
  'V8.Compile',
]);
const PAGES = {
  shared: ['shared/runtime/', 'shared/plain/'],
  everything: ['kind/everything/', 'plain/everything/'],
  none: ['kind/none/', 'plain/none/'],
};

/**
 * Self time (µs) per event name on one thread: complete events ('X') nest by time, and each
 * one's own time is its duration less that of the events inside it.
 */
export function selfTimes(events) {
  const sorted = events.filter((e) => e.ph === 'X').sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const self = {};
  const stack = [];
  for (const e of sorted) {
    while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop();
    const parent = stack.at(-1);
    if (parent) self[parent.name] -= e.dur;
    self[e.name] = (self[e.name] ?? 0) + e.dur;
    stack.push(e);
  }
  return self;
}

/** The page's main thread: the renderer thread that parsed its HTML. */
export function mainThread(events) {
  const parser = events.find((e) => e.name === 'ParseHTML');
  if (!parser) throw new Error('no ParseHTML event in the trace');
  return events.filter((e) => e.pid === parser.pid && e.tid === parser.tid);
}

/** Main-thread ms of one load: compiling, and all of it. */
async function traceLoad(browser, url, { rate, runtime }) {
  const { context, page, cdp } = await fresh(browser, rate);
  try {
    await browser.startTracing(page, { categories: CATEGORIES });
    await page.goto(url);
    await ready(page, cdp, runtime);
    await page.waitForTimeout(AFTER_READY_MS); // as the benchmark counts
    const self = selfTimes(mainThread(JSON.parse((await browser.stopTracing()).toString()).traceEvents));
    const sum = (names) => names.reduce((a, n) => a + (self[n] ?? 0), 0) / 1000;
    return { compiling: sum([...COMPILING]), all: sum(Object.keys(self)) };
  } finally {
    await context.close();
  }
}

function parseArgs(argv) {
  const o = { pages: ['shared', 'everything', 'none'], runs: 9, rate: 4 };
  for (let i = 0; i < argv.length; i++) {
    const [a, v] = [argv[i], argv[++i]];
    if (a === '--pages') o.pages = v.split(',');
    else if (a === '--runs') o.runs = Number(v);
    else if (a === '--rate') o.rate = Number(v);
    else throw new Error(`unknown option ${a} (options: --pages shared,everything,none --runs N --rate N)`);
  }
  if (!o.pages.every((p) => PAGES[p]) || !(o.runs >= 1 && o.rate >= 1)) throw new Error('bad option value');
  return o;
}

/** dist/ as built, and a copy whose entry has no compile hint (a comment line, nothing else). */
function builds(site) {
  const bare = join(site, 'dist-without-hint');
  cpSync(join(root, 'dist'), bare, { recursive: true });
  const entry = readFileSync(join(bare, 'runtime.js'), 'utf8');
  if (!entry.startsWith(`${COMPILE_HINT}\n`))
    throw new Error('dist/runtime.js has no compile hint: run node build.mjs');
  writeFileSync(join(bare, 'runtime.js'), entry.slice(COMPILE_HINT.length + 1));
  return { 'as built': join(root, 'dist'), 'without the compile hint': bare };
}

/**
 * Per build variant, the runtime page's figures minus its twin's, run by run. The variants and
 * the two pages of a pair take turns going first, so neither always runs on a cooler machine.
 */
async function tracePage(browser, servers, [withRuntime, plain], o) {
  const got = Object.fromEntries(servers.map(({ variant }) => [variant, { compiling: [], all: [] }]));
  for (let run = 0; run < o.runs; run++) {
    const order = run % 2 ? [...servers].reverse() : servers;
    for (const { variant, server } of order) {
      const load = (path, runtime) => traceLoad(browser, `${server.url}/${path}`, { rate: o.rate, runtime });
      const first = run % 2 ? await load(plain, false) : await load(withRuntime, true);
      const second = run % 2 ? await load(withRuntime, true) : await load(plain, false);
      const [a, b] = run % 2 ? [second, first] : [first, second];
      for (const k of ['compiling', 'all']) got[variant][k].push(a[k] - b[k]);
    }
  }
  return got;
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  const site = mkdtempSync(join(tmpdir(), 'sw-trace-'));
  writeSite(site, join(root, 'fixtures/site/assets/img'));
  const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find(Boolean);
  const browser = await chromium.launch({ executablePath, args: [...CHROMIUM_ARGS] });
  const version = browser.version();
  const servers = [];
  const rows = [];
  try {
    for (const [variant, dist] of Object.entries(builds(site)))
      servers.push({ variant, server: await startBenchServer(site, dist) });
    for (const name of o.pages) {
      const got = await tracePage(browser, servers, PAGES[name], o);
      for (const { variant } of servers)
        rows.push([
          `${name}, ${variant}`,
          cell(summary(got[variant].compiling)),
          cell(summary(got[variant].all)),
        ]);
      process.stderr.write(`${name}: done\n`);
    }
  } finally {
    await browser.close();
    for (const { server } of servers) await server.close();
    rmSync(site, { recursive: true, force: true });
  }
  console.log(
    `Main thread at load, the runtime's page minus the same page with no script (ms; ${o.rate}x CPU, median (min–max) of ${o.runs}; Chromium ${version})\n`,
  );
  console.log(table(['page', 'parsing and compiling', 'all traced work'], rows));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
