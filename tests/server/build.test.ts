import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { SourceMap } from 'node:module';
import { askedParts, COMPILE_HINT, contentHash } from '../../build-preload.mjs';
import type { LazyDefinition } from '../../runtime/controller';
import { definitions } from '../../runtime/controllers/index';
import { measure, overBudget, pageKinds, pageKindsOverBudget } from '../../build.mjs';

const root = process.cwd();
const kb = (b: number) => `${(b / 1000).toFixed(2)} KB`;
// A build of its own, so this test never races the browser or server tests over dist/.
const out = mkdtempSync(join(tmpdir(), 'sw-build-'));
const shown = relative(root, out);
let output = '';
const manifestEntry = (): string =>
  (
    Object.values(JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'))) as {
      file: string;
      isEntry?: boolean;
    }[]
  ).find((r) => r.isEntry)!.file;

beforeAll(() => {
  output = execFileSync(process.execPath, ['build.mjs', '--outdir', out], { cwd: root, encoding: 'utf8' });
}, 60_000);

describe('build', () => {
  it('prints raw, gzip and brotli sizes of every output file and the budgets', () => {
    expect(output).toMatch(/file\s+raw\s+gzip\s+brotli \(sent\)/);
    const js = readdirSync(join(out)).filter((f) => f.endsWith('.js'));
    expect(js).toContain('runtime.js');
    const lines = output.split('\n');
    // runtime.js is the hashed entry's copy: one row for both.
    for (const f of js.filter((f) => f !== 'runtime.js')) {
      const line = lines.find((l) => l.startsWith(`${shown}/${f}`));
      expect(line, f).toMatch(/[\d.]+ KB\s+[\d.]+ KB\s+[\d.]+ KB$/);
    }
    const entryRows = lines.filter((l) => l.includes('(entry'));
    expect(entryRows).toHaveLength(1);
    expect(entryRows[0]!.startsWith(`${shown}/runtime-`)).toBe(true);
    expect(entryRows[0]).toMatch(/^\S+\/runtime-[A-Z0-9]{8}\.js \(entry, also runtime\.js\)/);
    expect(output).toMatch(/entry \+ static imports/);
    // The budgets printed are package.json's, the one place they live.
    const { sizeBudgets } = JSON.parse(readFileSync('package.json', 'utf8')) as {
      sizeBudgets: Record<string, number>;
    };

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
    // The entry is the runtime and the one file of what it shares with its chunks.
    expect(m.entry.files.length).toBeLessThanOrEqual(pkg.sizeBudgets.entryFiles);
    expect(overBudget(m, { entryGzip: 1_000_000, totalGzip: 1_000_000, entryFiles: 1 })).toEqual([
      expect.stringMatching(/^entry 2 files > budget 1 /),
    ]);
  });

  it('counts the entry with its static imports, and every JS file in the total', () => {
    const meta = JSON.parse(readFileSync(join(out, 'meta.json'), 'utf8'));
    const m = measure(meta);
    expect(m.entry.files.map((f) => f.split('/').pop())).toContainEqual(
      expect.stringMatching(/^runtime-[A-Z0-9]{8}\.js$/),
    );
    const sum = Object.values(m.files).reduce((a: number, f) => a + (f as { gzip: number }).gzip, 0);
    expect(m.total.gzip).toBe(sum);
    expect(m.entry.gzip).toBeLessThanOrEqual(m.total.gzip);
  });

  it('prints what each kind of page fetches at load and with its first interactions, within budget', () => {
    const meta = JSON.parse(readFileSync(join(out, 'meta.json'), 'utf8'));
    const m = measure(meta);
    const kinds = pageKinds(m, meta);
    const at = (kind: string) => kinds.find((k) => k.kind === kind)!;
    expect(at('none').load.gzip).toBe(m.entry.gzip);
    expect(at('none').total.gzip).toBe(m.entry.gzip);
    // Issue 14: the lightbox's code (and the UI host) come on the first contact, not at load.
    expect(at('lightbox').load.gzip).toBe(m.entry.gzip);
    expect(at('lightbox').total.gzip).toBeGreaterThan(at('lightbox').load.gzip);
    expect(at('consent').load.gzip).toBeGreaterThan(at('lightbox').load.gzip);
    expect(at('everything').total.gzip).toBeGreaterThan(
      Math.max(at('lightbox').total.gzip, at('consent').total.gzip),
    );
    expect(at('everything').total.gzip).toBeLessThan(m.total.gzip); // DOMPurify, touch and editor parts aside
    for (const k of kinds)
      expect(output).toMatch(
        new RegExp(
          `${k.label.replace(/[+()]/g, '\\$&')}\\s+${kb(k.load.gzip)} +\\(${k.load.files}\\)\\s+${kb(k.total.gzip)} \\(${k.total.files} files\\)`,
        ),
      );
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    const { pageKinds: bytes, pageKindFiles: files } = pkg.sizeBudgets;
    expect(pageKindsOverBudget(kinds, bytes, files)).toEqual([]);
    expect(pageKindsOverBudget(kinds, { ...bytes, lightbox: [100, 1_000_000] }, files)).toEqual([
      expect.stringMatching(/^page kind lightbox: .* at load > budget 0\.10 KB$/),
    ]);
    // Each file is a request and a task of its own: a part root that loses its bundling
    // re-export (runtime/dialog-core.ts, consent-core.ts) splits files off again.
    const consent = at('consent');
    expect(
      pageKindsOverBudget(kinds, bytes, { ...files, consent: [consent.load.files - 1, consent.total.files] }),
    ).toEqual([
      `page kind consent: ${consent.load.files} files at load > budget ${consent.load.files - 1} (a part root without its __dialogCore or __consentCore re-export?)`,
    ]);
    expect(pageKindsOverBudget(kinds, bytes, { ...files, nav: undefined })).toEqual([
      'page kind nav: no budget in package.json',
    ]);
  });

  it('ships the modules the dialogs share as one file, and those of consent as two', () => {
    const meta = JSON.parse(readFileSync(join(out, 'meta.json'), 'utf8')) as {
      outputs: Record<string, { inputs: Record<string, unknown> }>;
    };
    const fileOf = (source: string) =>
      Object.entries(meta.outputs).find(([f, o]) => f.endsWith('.js') && `runtime/${source}` in o.inputs)![0];
    const together = (sources: string[]) => new Set(sources.map(fileOf)).size;
    expect(
      together([
        'ui/dialog.ts',
        'ui/dialog-close.ts',
        'ui/scroll-lock.ts',
        'ui/adopt.ts',
        'ui/store.ts',
        'i18n/dialog.ts',
      ]),
    ).toBe(1);
    expect(together(['consent/flags.ts', 'consent/hub.ts'])).toBe(1);
    expect(together(['consent/model.ts', 'consent/flow.ts'])).toBe(1);
    // The lightbox needs the flags and the hub, never the consent model or flow.
    expect(fileOf('consent/hub.ts')).not.toBe(fileOf('consent/model.ts'));
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

  it('writes source maps, each script naming its own', () => {
    const js = readdirSync(join(out)).filter((f) => f.endsWith('.js'));
    for (const f of js) {
      const map = readFileSync(join(out, f), 'utf8').match(/\/\/# sourceMappingURL=([\w.-]+)\s*$/)?.[1];
      expect(map, f).toBeDefined();
      // The fixed-name copy keeps the hashed entry's bytes, so its map is the hashed entry's.
      expect(map, f).toBe(f === 'runtime.js' ? `${manifestEntry()}.map` : `${f}.map`);
      expect(readdirSync(join(out))).toContain(map);
    }
  });
});

interface ManifestRecord {
  file: string;
  name: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

describe('build: the preload graph in the entry', () => {
  // Worked out here from the manifest's `imports`, not by the build's own code.
  it('names, for every export of a lazily loaded part that the runtime loads by name, each file it imports that the entry has not', () => {
    const records = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as Record<
      string,
      { file: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[] }
    >;
    const closure = (key: string, seen = new Set<string>()): Set<string> => {
      for (const next of records[key]!.imports ?? []) if (!seen.has(next)) closure(next, seen.add(next));
      return seen;
    };
    const entryKey = Object.keys(records).find((k) => records[k]!.isEntry)!;
    const atStart = closure(entryKey);
    const code = readFileSync(join(out, records[entryKey]!.file), 'utf8');
    expect(code).not.toContain('__SW_PRELOAD__');
    const graph = JSON.parse(/\n(\{"files":.*\})\n/.exec(code)![1]!) as {
      files: string[];
      parts: Record<string, number[]>;
    };
    const meta = JSON.parse(readFileSync(join(out, 'meta.json'), 'utf8')) as {
      outputs: Record<string, { exports: string[] }>;
    };
    const exportsOf = (file: string) =>
      Object.entries(meta.outputs)
        .find(([f]) => f.endsWith(`/${file}`))![1]
        .exports.filter((e) => !e.startsWith('__'));
    // What the runtime's source asks loadChunk for, each part by the name of an export.
    const sources = readdirSync(join(root, 'runtime'), { recursive: true, encoding: 'utf8' });
    const asked = new Set(
      sources
        .filter((f) => /\.tsx?$/.test(f))
        .flatMap((f) => [...readFileSync(join(root, 'runtime', f), 'utf8').matchAll(/\bexported: '(\w+)'/g)])
        .map(([, name]) => name!),
    );
    let checked = 0;
    const seen = new Set<string>();
    for (const key of Object.keys(records).filter((k) => records[k]!.isDynamicEntry)) {
      const needed = [...closure(key)]
        .filter((k) => !atStart.has(k))
        .map((k) => records[k]!.file)
        .sort();
      for (const name of exportsOf(records[key]!.file)) {
        seen.add(name);
        // An export nobody loads by name has no line: the entry would carry it for nothing.
        if (!asked.has(name)) expect(graph.parts[name], `${name}: never asked for`).toBeUndefined();
        if (!asked.has(name)) continue;
        const listed = (graph.parts[name] ?? []).map((i) => graph.files[i]).sort();
        expect(listed, `${records[key]!.file}, export ${name}`).toEqual(needed);
        checked += needed.length ? 1 : 0;
      }
    }
    expect(
      [...asked].filter((name) => !seen.has(name)),
      'asked for, exported by no part',
    ).toEqual([]);
    expect(Object.keys(graph.parts).length).toBeLessThan(seen.size); // some exports are not asked for
    expect(checked, 'parts with files to hint').toBeGreaterThan(5);
    expect(graph.parts.lightbox!.length, "the lightbox's files beyond the entry").toBeGreaterThan(3);
    // runtime.js is the hashed entry's copy, graph and all.
    expect(readFileSync(join(out, 'runtime.js'), 'utf8')).toBe(code);
    // Every lazily loaded controller's part, by the name its definition loads, is in the graph.
    for (const d of definitions.filter((d): d is LazyDefinition => 'importer' in d))
      expect(graph.parts, d.name).toHaveProperty([d.exported ?? 'default']);
  });

  it('finds the names loaded in built files, minified or not (a watch build), and always `default`', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sw-asked-'));
    writeFileSync(join(dir, 'a.js'), 'load(x,{exported:"lightbox"});load(y, { exported: \'modal\' });');
    writeFileSync(join(dir, 'b.js'), 'const o = {\n  exported: "consentModal",\n};');
    writeFileSync(join(dir, 'c.css'), 'exported:"notJs"');
    const meta = { outputs: { 'a.js': {}, 'b.js': {}, 'c.css': {} } };
    expect([...askedParts(meta, dir)].sort()).toEqual(['consentModal', 'default', 'lightbox', 'modal']);
    rmSync(dir, { recursive: true, force: true });
  });

  it('names the entry by a hash of its final bytes (graph included) and of its map', () => {
    const name = manifestEntry();
    const code = readFileSync(join(out, name), 'utf8');
    const body = code.replace(/\n\/\/# sourceMappingURL=[^\n]*\n?$/, '');
    expect(name).toBe(`runtime-${contentHash(body + readFileSync(join(out, `${name}.map`), 'utf8'))}.js`);
    expect(code.endsWith(`//# sourceMappingURL=${name}.map\n`)).toBe(true);
    const meta = JSON.parse(readFileSync(join(out, 'meta.json'), 'utf8')) as {
      outputs: Record<string, { bytes: number }>;
    };
    const key = Object.keys(meta.outputs).find((k) => k.endsWith(`/${name}`))!;
    expect(meta.outputs[key]!.bytes).toBe(Buffer.byteLength(code));
    expect(Object.keys(meta.outputs).filter((k) => /\/runtime-[A-Z0-9]{8}\.js$/.test(k))).toEqual([key]);
  });

  it("puts V8's compile hint on the entry's first line, and its map still points at the sources", () => {
    const name = manifestEntry();
    const code = readFileSync(join(out, name), 'utf8');
    expect(COMPILE_HINT).toBe('//# allFunctionsCalledOnLoad');
    expect(code.split('\n')[0]).toBe(COMPILE_HINT);
    // Only the entry, which nearly all runs at load; a lazily loaded part keeps lazy compiling.
    for (const f of readdirSync(out).filter((f) => f.endsWith('.js') && f !== name && f !== 'runtime.js'))
      expect(readFileSync(join(out, f), 'utf8'), f).not.toContain(COMPILE_HINT);
    // A string of boot.ts, found in the built entry, maps back to boot.ts at its own line.
    const text = 'the runtime is already running on this page';
    const lines = code.split('\n');
    const line = lines.findIndex((l) => l.includes(text));
    expect(line).toBeGreaterThan(0);
    const map = new SourceMap(JSON.parse(readFileSync(join(out, `${name}.map`), 'utf8')));
    const found = map.findEntry(line, lines[line]!.indexOf(text)) as {
      originalSource: string;
      originalLine: number;
    };
    expect(found.originalSource).toMatch(/runtime\/boot\.ts$/);
    const source = readFileSync(join(root, 'runtime/boot.ts'), 'utf8').split('\n');
    expect(source[found.originalLine]).toContain(text);
  });
});

describe('build: what servers and backends read (issue 19)', () => {
  const manifest = (): Record<string, ManifestRecord> =>
    JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));

  it("writes a manifest in Vite's format: one entry, hashed, the same bytes as runtime.js", () => {
    const records = Object.entries(manifest());
    const entries = records.filter(([, r]) => r.isEntry);
    expect(entries).toHaveLength(1);
    const [key, entry] = entries[0]!;
    expect(key).toBe('runtime/index.ts');
    expect(entry).toMatchObject({ src: 'runtime/index.ts', name: 'runtime' });
    expect(entry.file).toMatch(/^runtime-[A-Z0-9]{8}\.js$/);
    expect(readFileSync(join(out, entry.file)).equals(readFileSync(join(out, 'runtime.js')))).toBe(true);
  });

  it('names every script the build wrote, and links only to its own records', () => {
    const m = manifest();
    const files = Object.values(m).map((r) => r.file);
    const js = readdirSync(out).filter((f) => f.endsWith('.js') && f !== 'runtime.js');
    expect(files.sort()).toEqual(js.sort());
    for (const [key, r] of Object.entries(m)) {
      for (const linked of [...(r.imports ?? []), ...(r.dynamicImports ?? [])])
        expect(m, `${key} → ${linked}`).toHaveProperty([linked]);
      // A shared part has no source module of its own: Vite keys it by `_` and its file name.
      if (!r.src) expect(key).toBe(`_${r.file}`);
      else expect(r.isEntry || r.isDynamicEntry).toBe(true);
    }
    // What the entry imports, as the browser would follow it in the file itself.
    const entry = Object.values(m).find((r) => r.isEntry)!;
    const code = readFileSync(join(out, entry.file), 'utf8');
    const statics = [...code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([\w-]+\.js)["']/g)].map(
      (x) => `_${x[1]}`,
    );
    expect([...(entry.imports ?? [])].sort()).toEqual([...new Set(statics)].sort());
    expect(entry.dynamicImports).toContain('runtime/controllers/lightbox.ts');
  });

  it('writes .br and .gz beside every script, which decompress to it and are the sizes printed', () => {
    const js = readdirSync(out).filter((f) => f.endsWith('.js'));
    const lines = output.split('\n');
    for (const f of js) {
      const code = readFileSync(join(out, f));
      const br = readFileSync(join(out, `${f}.br`));
      const gz = readFileSync(join(out, `${f}.gz`));
      expect(brotliDecompressSync(br).equals(code), `${f}.br`).toBe(true);
      expect(gunzipSync(gz).equals(code), `${f}.gz`).toBe(true);
      // runtime.js is the hashed entry's copy: the entry's row stands for both.
      const row = lines.find((l) => l.startsWith(`${shown}/${f === 'runtime.js' ? manifestEntry() : f}`));
      expect(row, f).toMatch(
        new RegExp(`${(gz.length / 1000).toFixed(2)} KB\\s+${(br.length / 1000).toFixed(2)} KB$`),
      );
    }
  });
});
