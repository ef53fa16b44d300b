import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSite } from '../../bench/pages.mjs';
import { loadRun, READY_EXPRESSION, scriptRuns } from '../../bench/measure.mjs';
import { cell, summary, table } from '../../bench/stats.mjs';
import { COMPILING, mainThread, selfTimes } from '../../bench/trace.mjs';

// The benchmark itself runs only under `npm run bench` (timings are never asserted in tests);
// these check that what it measures is what it says: pages written to the contract, the
// plugin stack's files present, and its arithmetic.
const run = promisify(execFile);
const root = join(import.meta.dirname, '..', '..');

describe('the benchmark pages', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'sw-bench-test-'));
    writeSite(dir, join(root, 'fixtures/site/assets/img'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const pages = (group: string) =>
    readdirSync(join(dir, group)).map((name) => join(dir, group, name, 'index.html'));

  it('every runtime page passes site-runtime-check with no problem', async () => {
    const files = [...pages('kind'), join(dir, 'shared/runtime/index.html'), join(dir, 'rows/runtime/index.html')];
    expect(files).toHaveLength(7);
    const { stdout } = await run(process.execPath, [join(root, 'check/cli.mjs'), '--json', ...files], { cwd: root });
    expect(JSON.parse(stdout)).toEqual([]);
  }, 30_000); // one node run of the checker: 2.2 s in a CI run, near vitest's 5 s default on a busier one

  it('a twin with no script differs from its runtime page only by the runtime', () => {
    for (const kind of ['none', 'nav', 'lightbox', 'consent', 'everything']) {
      const withRuntime = readFileSync(join(dir, 'kind', kind, 'index.html'), 'utf8');
      const plain = readFileSync(join(dir, 'plain', kind, 'index.html'), 'utf8');
      expect(plain).not.toContain('<script');
      expect(withRuntime.replace(/<script[^]*?<\/script>\n?/g, '')).toBe(plain);
    }
  });

  it('the plugin stack page loads files that were written, and no runtime', () => {
    for (const which of ['shared', 'rows']) {
      const html = readFileSync(join(dir, which, 'legacy', 'index.html'), 'utf8');
      expect(html).not.toMatch(/data-sw-|swfiles/);
      const refs = [...html.matchAll(/(?:src|href)="(\/legacy\/[^"]+)"/g)].map((m) => m[1]!);
      expect(refs.length).toBeGreaterThanOrEqual(6);
      for (const ref of refs) expect(existsSync(join(dir, ref)), ref).toBe(true);
    }
    const shared = readFileSync(join(dir, 'shared/legacy/index.html'), 'utf8');
    for (const part of ['data-toggle="modal"', 'data-ride="carousel"', "smartmenus(", "matchHeight("])
      expect(shared).toContain(part);
  });
});

describe('the benchmark arithmetic', () => {
  it('medians with their range; an even count takes the mean of the middle two', () => {
    expect(summary([5, 1, 3])).toEqual({ median: 3, min: 1, max: 5, n: 3 });
    expect(summary([4, 1, 3, 2])).toEqual({ median: 2.5, min: 1, max: 4, n: 4 });
    expect(summary([NaN])).toBeUndefined();
  });

  it('cells print the median and the range, with fewer decimals as values grow', () => {
    expect(cell(summary([1.234, 2.5, 3]))).toBe('2.50 (1.23–3.00)');
    expect(cell(summary([120.4, 130.6]))).toBe('126 (120–131)');
    expect(cell(summary([7, 7]))).toBe('7.00');
    expect(cell(undefined)).toBe('—');
  });

  it('the table aligns labels left and figures right', () => {
    expect(table(['figure', '4x'], [['a', '1'], ['longer', '10.5']]).split('\n')).toEqual([
      'figure    4x',
      '------  ----',
      'a          1',
      'longer  10.5',
    ]);
  });
});

describe("the runtime's share of the main thread", () => {
  /** What one load does to the page while the main thread is counted (between the two readings). */
  async function counted(runtime: boolean): Promise<string[]> {
    const done: string[] = [];
    const page = {
      addInitScript: async () => done.push('addInitScript'),
      on: () => {},
      goto: async () => done.push('goto'),
      waitForLoadState: async () => done.push('waitForLoadState'),
      waitForTimeout: async () => done.push('waitForTimeout'),
      waitForFunction: async () => done.push('page.waitForFunction'),
      evaluate: async () => (done.push('page.evaluate'), { longTasks: [], scripts: [], cls: 0 }),
    };
    const cdp = {
      send: async (method: string, params?: { expression?: string }) => {
        done.push(method === 'Runtime.evaluate' ? `Runtime.evaluate ${params!.expression}` : method);
        if (method === 'Performance.getMetrics') return { metrics: [{ name: 'TaskDuration', value: 1 }] };
        return {};
      },
    };
    const context = { newPage: async () => page, newCDPSession: async () => cdp, close: async () => {} };
    await loadRun({ newContext: async () => context }, 'http://127.0.0.1:1/kind/none/', { rate: 4, runtime });
    const first = done.indexOf('Performance.getMetrics');
    return done.slice(first + 1, done.indexOf('Performance.getMetrics', first + 1));
  }

  // Playwright's waitForFunction and evaluate put its own scripts into the page; parsing them
  // took 80-100 ms at 4x, and was counted only on the runtime's pages, which alone waited so.
  it("waits for each variant the same way, putting none of Playwright's scripts into the page", async () => {
    expect(await counted(true)).toEqual([
      'goto',
      'waitForLoadState',
      `Runtime.evaluate ${READY_EXPRESSION.runtime}`,
      'waitForTimeout',
    ]);
    expect(await counted(false)).toEqual([
      'goto',
      'waitForLoadState',
      `Runtime.evaluate ${READY_EXPRESSION.other}`,
      'waitForTimeout',
    ]);
    expect(READY_EXPRESSION.runtime).toContain('SiteRuntime.idle()');
  });
});

describe('script runs named by Long Animation Frames', () => {
  it('the longest, and how many were long tasks of their own (over 50 ms)', () => {
    expect(scriptRuns([12, 51, 50, 80.5])).toEqual({ scriptMaxMs: 80.5, scriptsOver50: 2 });
    expect(scriptRuns([])).toEqual({ scriptMaxMs: 0, scriptsOver50: 0 }); // a page with no script
    expect(scriptRuns(undefined)).toEqual({ scriptMaxMs: NaN, scriptsOver50: NaN }); // not measured
  });
});

describe('npm run bench', () => {
  // One short run end to end (one run, 1x CPU, two rounds): every figure the table lists is
  // measured, and the JSON holds the same rows. The values themselves are never asserted.
  it('prints every figure, the summary line last, and writes the same rows as JSON', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sw-bench-run-'));
    try {
      const json = join(dir, 'bench.json');
      const args = ['bench/run.mjs', '--runs', '1', '--rates', '1', '--cycles', '2', '--resizes', '2', '--json', json];
      const { stdout } = await run(process.execPath, args, { cwd: root, timeout: 240_000 });
      const lines = stdout.trim().split('\n');
      const figures = lines.filter((l) => l.startsWith('  '));
      expect(figures.length).toBeGreaterThanOrEqual(70);
      for (const line of figures) expect(line, line).toMatch(/ -?\d[\d.]*(?: \(-?[\d.]+–-?[\d.]+\))?$/);
      for (const part of ['kind: everything', 'shared page: runtime: longest script run', 'plugin stack: main thread ms', 'runtime: tile popup next', 'runtime lightbox: listeners'])
        expect(stdout).toContain(part);
      expect(lines.at(-1)).toMatch(/^summary \(1x CPU, runtime vs plugin stack, shared page\): JS \d/);
      const written = JSON.parse(readFileSync(json, 'utf8')) as { rows: { median: number }[]; chromium: string };
      expect(written.rows).toHaveLength(figures.length);
      for (const row of written.rows) expect(Number.isFinite(row.median)).toBe(true);
      expect(written.chromium).toMatch(/^\d+\./);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});

describe('npm run bench:trace', () => {
  const ev = (name: string, ts: number, dur: number, tid = 1) => ({ name, ph: 'X', ts, dur, pid: 7, tid });

  it("gives each event its own time, less what ran inside it, on the page's main thread only", () => {
    const events = [
      ev('ParseHTML', 0, 10),
      ev('RunTask', 0, 100),
      ev('v8.evaluateModule', 10, 50),
      ev('V8.ParseFunction', 20, 5),
      ev('V8.CompileCode', 30, 15),
      ev('Layout', 70, 20),
      ev('RunTask', 0, 999, 2), // another thread
      { name: 'thread_name', ph: 'M', ts: 0, pid: 7, tid: 1 },
    ];
    const self = selfTimes(mainThread(events));
    expect(self).toEqual({ RunTask: 20, ParseHTML: 10, 'v8.evaluateModule': 30, 'V8.ParseFunction': 5, 'V8.CompileCode': 15, Layout: 20 });
    expect(COMPILING.has('V8.ParseFunction') && COMPILING.has('V8.CompileCode') && !COMPILING.has('Layout')).toBe(true);
    expect(() => mainThread([ev('RunTask', 0, 1)])).toThrow(/ParseHTML/);
  });

  // One short run end to end: the page with no markers, once each way, at 1x CPU.
  it('prints a row per page for the entry as built and without its compile hint', async () => {
    const args = ['bench/trace.mjs', '--pages', 'none', '--runs', '1', '--rate', '1'];
    const { stdout } = await run(process.execPath, args, { cwd: root, timeout: 120_000 });
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^Main thread at load, the runtime's page minus the same page with no script/);
    expect(lines.filter((l) => /^none, (as built|without the compile hint)\s+-?[\d.]+\s+-?[\d.]+$/.test(l))).toHaveLength(2);
  }, 150_000);
});
