// scratch: where the runtime's main-thread time goes on a bench page (trace event categories)
import { chromium } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeSite } from './bench/pages.mjs';
import { startBenchServer } from './bench/server.mjs';
import { probe } from './bench/probe.mjs';

const kind = process.argv[2] ?? 'none';
const runs = Number(process.argv[3] ?? 5);
const rate = Number(process.argv[4] ?? 4);
const site = mkdtempSync(join(tmpdir(), 'swt-'));
writeSite(site, join(process.cwd(), 'fixtures/site/assets/img'));
const server = await startBenchServer(site, join(process.cwd(), 'dist'));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
const total = {};
async function one(path, runtime) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript(probe);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'disabled-by-default-v8.compile'] });
  await page.goto(server.url + path);
  await page.waitForLoadState('load');
  if (runtime) { await page.waitForFunction(() => window.__bench.ready); await page.evaluate(() => window.SiteRuntime.idle()); }
  await page.waitForTimeout(1000);
  const buf = await browser.stopTracing();
  await context.close();
  const ev = JSON.parse(buf.toString()).traceEvents;
  // main thread of the renderer: the thread with most RunTask of CrRendererMain
  const tn = ev.find((e) => e.name === 'thread_name' && e.args.name === 'CrRendererMain' && ev.some((x) => x.pid === e.pid && x.tid === e.tid && x.name === 'ParseHTML'));
  const main = ev.filter((e) => e.pid === tn.pid && e.tid === tn.tid && e.ph === 'X');
  // self time per event name (nesting by ts/dur)
  main.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const self = {}; const stack = [];
  for (const e of main) {
    while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop();
    const parent = stack.at(-1);
    const key = e.name === 'FunctionCall' || e.name === 'EvaluateScript' || e.name === 'v8.compileModule' || e.name === 'v8.compile' ? `${e.name} ${(e.args?.data?.url ?? e.args?.fileName ?? '').split('/').pop()}` : e.name;
    self[key] = (self[key] ?? 0) + e.dur;
    if (parent) { const pk = parent.__k; self[pk] -= e.dur; }
    e.__k = key; stack.push(e);
  }
  return self;
}
const sum = (acc, s) => { for (const [k, v] of Object.entries(s)) acc[k] = (acc[k] ?? []).concat(v / 1000); };
const A = {}, B = {};
for (let i = 0; i < runs; i++) { sum(A, await one(`/kind/${kind}/`, true)); sum(B, await one(`/plain/${kind}/`, false)); }
const med = (a) => (a ? [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)] : 0);
const keys = [...new Set([...Object.keys(A), ...Object.keys(B)])].map((k) => [k, med(A[k]), med(B[k])]).filter(([, a, b]) => Math.abs(a - b) > 0.5 || a > 2).sort((x, y) => (y[1] - y[2]) - (x[1] - x[2]));
for (const [k, a, b] of keys.slice(0, 40)) console.log(a.toFixed(1).padStart(7), b.toFixed(1).padStart(7), k);
const tot = (X) => med(Object.values(X)[0] ? Array.from({ length: runs }, (_, i) => Object.values(X).reduce((s, v) => s + (v[i] ?? 0), 0)) : [0]);
console.log('total self (runtime page, plain page):', tot(A).toFixed(1), tot(B).toFixed(1));
await browser.close(); await server.close();
