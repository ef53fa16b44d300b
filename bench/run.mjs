#!/usr/bin/env node
// npm run bench [-- --runs 5 --cycles 200 --rates 4,1 --json [file]]: the runtime measured on
// Debian's Chromium with CDP, beside the same pages with no script and with the plugin stack
// builders ship today. Several runs, each in a fresh context; medians with min–max.
import { chromium } from '@playwright/test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS } from '../audit/chromium.mjs';
import { interactionRun, loadRun, memoryRun, resizeRun } from './measure.mjs';
import { KINDS, writeSite } from './pages.mjs';
import { LEGACY_DIALOGS, legacyNoFade, RUNTIME_DIALOGS, RUNTIME_STEPS, SHARED_STEPS } from './scenarios.mjs';
import { startBenchServer } from './server.mjs';
import { report } from './table.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function parseArgs(argv) {
  const o = { runs: 5, cycles: 200, rates: [4, 1], resizes: 10, json: undefined };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => argv[++i];
    if (a === '--runs') o.runs = Number(next());
    else if (a === '--cycles') o.cycles = Number(next());
    else if (a === '--resizes') o.resizes = Number(next());
    else if (a === '--rates') o.rates = next().split(',').map(Number);
    else if (a === '--json') o.json = argv[i + 1] && !argv[i + 1].startsWith('--') ? next() : '.reports/bench.json';
    else throw new Error(`unknown option ${a} (options: --runs N, --cycles N, --resizes N, --rates 4,1, --json [file])`);
  }
  if (!(o.runs >= 1 && o.cycles >= 1 && o.resizes >= 2 && o.rates.every((r) => r >= 1))) throw new Error('bad option value');
  return o;
}

const samples = new Map();
const add = (key, value) => (samples.get(key) ?? samples.set(key, []).get(key)).push(value);
const progress = (s) => process.stderr.write(`${s}\n`);

/** One run at one CPU rate: every page kind and its twin, the shared page on both stacks. */
async function loads(browser, url, rate, run) {
  const pairs = [
    ...Object.keys(KINDS).map((k) => [`kind ${k}`, [['runtime', `kind/${k}/`], ['no script', `plain/${k}/`]]]),
    ['shared', [['runtime', 'shared/runtime/'], ['plugin stack', 'shared/legacy/'], ['no script', 'shared/plain/']]],
  ];
  for (const [page, variants] of pairs) {
    // Alternating order, so neither side always runs first (warm disk cache, CPU frequency).
    const order = run % 2 ? [...variants].reverse() : variants;
    const got = {};
    for (const [variant, path] of order) {
      got[variant] = await loadRun(browser, `${url}/${path}`, { rate, runtime: path.includes('runtime') || path.startsWith('kind/') });
      for (const [figure, v] of Object.entries(got[variant])) add(`${rate}|${page}|${variant}|${figure}`, v);
    }
    for (const variant of Object.keys(got)) {
      if (variant !== 'no script') add(`${rate}|${page}|${variant}|shareMs`, got[variant].mainMs - got['no script'].mainMs);
    }
  }
}

async function interactions(browser, url, rate, run, resizes) {
  const record = (page, variant, got) => {
    for (const [name, ms] of Object.entries(got)) add(`${rate}|${page}|${variant}|${name}`, ms);
  };
  record('everything', 'runtime', await interactionRun(browser, `${url}/kind/everything/`, RUNTIME_STEPS, { rate, runtime: true }));
  const order = run % 2 ? ['legacy', 'runtime'] : ['runtime', 'legacy'];
  for (const v of order) {
    const got = await interactionRun(browser, `${url}/shared/${v}/`, SHARED_STEPS[v], { rate, runtime: v === 'runtime' });
    record('shared', v === 'legacy' ? 'plugin stack' : 'runtime', got);
  }
  for (const v of order) {
    const got = await resizeRun(browser, `${url}/rows/${v}/`, { rate, runtime: v === 'runtime', resizes });
    const variant = v === 'legacy' ? 'plugin stack' : 'runtime';
    for (const l of got.layouts) add(`${rate}|rows|${variant}|layouts`, l);
    for (const m of got.ms) add(`${rate}|rows|${variant}|resizeMs`, m);
  }
}

async function memory(browser, url, cycles) {
  const rt = await memoryRun(browser, `${url}/kind/everything/`, RUNTIME_DIALOGS, { rate: 1, runtime: true, cycles });
  const lg = await memoryRun(browser, `${url}/shared/legacy/`, LEGACY_DIALOGS, { rate: 1, runtime: false, cycles, prepare: legacyNoFade });
  for (const [variant, got] of [['runtime', rt], ['plugin stack', lg]]) {
    for (const [dialog, m] of Object.entries(got)) for (const [f, v] of Object.entries(m)) add(`1|memory ${dialog}|${variant}|${f}`, v);
  }
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  const site = mkdtempSync(join(tmpdir(), 'sw-bench-'));
  writeSite(site, join(root, 'fixtures/site/assets/img'));
  const server = await startBenchServer(site, join(root, 'dist'));
  const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find(Boolean);
  const browser = await chromium.launch({ executablePath, args: [...CHROMIUM_ARGS] });
  const started = Date.now();
  try {
    for (const rate of o.rates) {
      for (let run = 0; run < o.runs; run++) {
        progress(`${rate}x CPU, run ${run + 1} of ${o.runs}: page loads, interactions, resizes`);
        await loads(browser, server.url, rate, run);
        await interactions(browser, server.url, rate, run, o.resizes);
      }
    }
    for (let run = 0; run < Math.min(o.runs, 3); run++) {
      progress(`memory, run ${run + 1}: ${o.cycles} open/close rounds of each dialog`);
      await memory(browser, server.url, o.cycles);
    }
    const meta = {
      date: new Date().toISOString().slice(0, 10),
      chromium: browser.version(),
      machine: `${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, Node ${process.version}`,
      runs: o.runs,
      cycles: o.cycles,
      rates: o.rates,
      seconds: Math.round((Date.now() - started) / 1000),
    };
    const { text, json } = report(samples, meta);
    console.log(text);
    if (o.json) {
      const file = resolve(o.json);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
      progress(`JSON written to ${o.json}`);
    }
  } finally {
    await browser.close();
    await server.close();
    rmSync(site, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
