import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { measure, overBudget, pageKinds } from '../../build.mjs';

const root = process.cwd();
// A build of its own, so this test never races the browser or server tests over dist/.
const out = mkdtempSync(join(tmpdir(), 'sw-build-'));
const shown = relative(root, out);
let output = '';

beforeAll(() => {
  output = execFileSync(process.execPath, ['build.mjs', '--outdir', out], { cwd: root, encoding: 'utf8' });
}, 60_000);

describe('build', () => {
  it('prints raw, gzip and brotli sizes of every output file and the budgets', () => {
    expect(output).toMatch(/file\s+raw\s+gzip\s+brotli/);
    const js = readdirSync(join(out)).filter((f) => f.endsWith('.js'));
    expect(js).toContain('runtime.js');
    const lines = output.split('\n');
    for (const f of js) {
      const line = lines.find((l) => l.startsWith(`${shown}/${f}`));
      expect(line, f).toMatch(/[\d.]+ KB\s+[\d.]+ KB\s+[\d.]+ KB$/);
    }
    expect(lines.find((l) => l.startsWith(`${shown}/runtime.js`))).toContain('(entry)');
    expect(lines.filter((l) => l.includes('(entry)'))).toHaveLength(1);
    expect(output).toMatch(/entry \+ static imports/);
    // The budgets printed are package.json's, the one place they live.
    const { sizeBudgets } = JSON.parse(readFileSync('package.json', 'utf8')) as {
      sizeBudgets: Record<string, number>;
    };
    const kb = (b: number) => `${(b / 1000).toFixed(2)} KB`;
    expect(output).toContain(
      `budgets: entry ${kb(sizeBudgets.entryGzip!)} gzip, all JS ${kb(sizeBudgets.totalGzip!)} gzip`,
    );
  });

  it('is within budget, and would fail over it', () => {
    const meta = JSON.parse(readFileSync(join(out, 'meta.json'), 'utf8'));
    const m = measure(meta);
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    expect(overBudget(m, pkg.sizeBudgets)).toEqual([]);
    expect(overBudget(m, { entryGzip: 100, totalGzip: 1_000_000 })).toEqual([
      expect.stringMatching(/^entry .* gzip > budget 0\.10 KB$/),
    ]);
    expect(overBudget(m, { entryGzip: 1_000_000, totalGzip: 100 })).toEqual([
      expect.stringMatching(/^all JS .* gzip > budget 0\.10 KB$/),
    ]);
  });

  it('counts the entry with its static imports, and every JS file in the total', () => {
    const meta = JSON.parse(readFileSync(join(out, 'meta.json'), 'utf8'));
    const m = measure(meta);
    expect(m.entry.files.map((f) => f.split('/').pop())).toContain('runtime.js');
    const sum = Object.values(m.files).reduce((a: number, f) => a + (f as { gzip: number }).gzip, 0);
    expect(m.total.gzip).toBe(sum);
    expect(m.entry.gzip).toBeLessThanOrEqual(m.total.gzip);
  });

  it('prints what each kind of page fetches: more markers, more bytes, the entry always', () => {
    const meta = JSON.parse(readFileSync(join(out, 'meta.json'), 'utf8'));
    const m = measure(meta);
    const kinds = pageKinds(m, meta);
    const size = (kind: string) => kinds.find((k) => k.kind.startsWith(kind))!.gzip;
    expect(size('no markers')).toBe(m.entry.gzip);
    expect(size('navigation only')).toBeGreaterThan(size('no markers'));
    expect(size('+ lightbox')).toBeGreaterThan(size('navigation only'));
    expect(size('+ consent')).toBeGreaterThan(size('navigation only'));
    expect(size('everything')).toBeGreaterThan(Math.max(size('+ lightbox'), size('+ consent')));
    expect(size('everything')).toBeLessThan(m.total.gzip); // DOMPurify is not fetched by every browser
    for (const k of kinds)
      expect(output).toMatch(
        new RegExp(`${k.kind.replace(/[+()]/g, '\\$&')}\\s+${(k.gzip / 1000).toFixed(2)} KB`),
      );
  });

  it('loads its chunks by relative URL, so dist/ works under any path', () => {
    const js = readdirSync(join(out)).filter((f) => f.endsWith('.js'));
    for (const f of js) {
      const code = readFileSync(join(out, f), 'utf8');
      const specifiers = [...code.matchAll(/(?:import\(|from\s*)["']([^"']+)["']/g)].map((m) => m[1]);
      for (const s of specifiers) expect(s, `${f} imports ${s}`).toMatch(/^\.\/[\w-]+\.js$/);
    }
  });

  it('ships React code on preact/compat, never React itself', () => {
    const meta = JSON.parse(readFileSync(join(out, 'meta.json'), 'utf8'));
    const inputs = Object.keys(meta.inputs);
    expect(inputs.some((i) => i.includes('node_modules/preact/'))).toBe(true);
    expect(inputs.some((i) => /node_modules\/react(-dom)?\//.test(i))).toBe(false);
  });

  it('writes source maps', () => {
    const js = readdirSync(join(out)).filter((f) => f.endsWith('.js'));
    for (const f of js) expect(readdirSync(join(out))).toContain(`${f}.map`);
  });
});
