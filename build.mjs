// Builds the runtime with esbuild, prints every output file's raw, gzip and brotli size and
// fails when a budget is exceeded. `node build.mjs --watch` rebuilds on change.
import * as esbuild from 'esbuild';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compress, FIXED_ENTRY, writeServingFiles } from './build-output.mjs';
import { writePreloadGraph } from './build-preload.mjs';

const root = dirname(fileURLToPath(import.meta.url));
const outdirArg = process.argv.indexOf('--outdir');
/** `--outdir DIR` builds elsewhere (the build test does, so it never races other tests over dist/). */
const outdir = outdirArg > 0 ? resolve(process.argv[outdirArg + 1]) : join(root, 'dist');
const ENTRY = 'runtime/index.ts';
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
/** The one place budgets live: package.json "sizeBudgets" (bytes, gzip; 1 KB = 1000 B). */
const budgets = pkg.sizeBudgets;
const watch = process.argv.includes('--watch');

/** @type {esbuild.BuildOptions} */
const options = {
  absWorkingDir: root,
  entryPoints: { runtime: ENTRY },
  outdir,
  // The entry is named by its content too (`runtime-[hash].js`, listed in manifest.json, served
  // as immutable); build-output.mjs copies it to the fixed `runtime.js` for fixed-URL pages.
  entryNames: '[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  // Chunks sit beside the entry and are imported by relative URL, so dist/ can be served
  // under any path (the builder serves it at /swfiles/runtime/).
  chunkNames: '[name]-[hash]',
  target: ['es2022', 'chrome100', 'firefox100', 'safari15.4'],
  minify: !watch || process.argv.includes('--minify'),
  sourcemap: true,
  metafile: true,
  legalComments: 'none',
  jsx: 'automatic',
  jsxImportSource: 'react',
  // Components are written against React's API and shipped on preact/compat.
  alias: { react: 'preact/compat', 'react-dom': 'preact/compat' },
  define: { 'process.env.NODE_ENV': '"production"', __VERSION__: JSON.stringify(pkg.version) },
  logLevel: 'warning',
};

const kb = (n) => `${(n / 1000).toFixed(2)} KB`;

/** Sizes of every output file, and the entry's static-import closure (what every page loads). */
export function measure(metafile) {
  const files = {};
  for (const [out, info] of Object.entries(metafile.outputs)) {
    if (!out.endsWith('.js')) continue;
    const code = readFileSync(resolve(root, out));
    const sent = compress(code);
    files[out] = {
      raw: code.length,
      gzip: sent.gzip.length,
      brotli: sent.brotli.length,
      entry: info.entryPoint === ENTRY,
      imports: info.imports.filter((i) => i.kind === 'import-statement').map((i) => i.path),
    };
  }
  const entryOut = Object.keys(files).find((f) => files[f].entry);
  const closure = new Set();
  const visit = (f) => {
    if (closure.has(f) || !files[f]) return;
    closure.add(f);
    files[f].imports.forEach(visit);
  };
  visit(entryOut);
  const sum = (list, k) => list.reduce((a, f) => a + files[f][k], 0);
  const all = Object.keys(files);
  return {
    files,
    entry: {
      files: [...closure],
      gzip: sum([...closure], 'gzip'),
      brotli: sum([...closure], 'brotli'),
      raw: sum([...closure], 'raw'),
    },
    total: { gzip: sum(all, 'gzip'), brotli: sum(all, 'brotli'), raw: sum(all, 'raw') },
  };
}

const stem = (path) => path.replace(/^runtime\//, '').replace(/\.tsx?$/, '');
/**
 * What each of the benchmark's pages (bench/pages.mjs) fetches on a desktop browser, by the
 * markers it has and their load strategies (README, "Load strategies"): at load (the entry and
 * the parts its markers fetch at once, on idle or in view) and with its first interactions (the
 * parts fetched on a contact). Each part is named by its source module and brings what it
 * statically imports. `tests/e2e/page-bytes.spec.ts` counts the bytes a browser actually
 * fetches on those pages and holds them to these figures.
 */
export const PAGE_KINDS = [
  { kind: 'none', label: 'no markers', load: [], interaction: [] },
  { kind: 'nav', label: 'navigation and rows', load: [], interaction: [] },
  { kind: 'lightbox', label: '+ lightbox', load: [], interaction: ['controllers/lightbox', 'ui/host'] },
  {
    kind: 'consent',
    label: '+ consent',
    load: ['controllers/consent-modal', 'controllers/consent-banner'],
    interaction: ['controllers/lightbox', 'ui/host'],
  },
  {
    kind: 'everything',
    label: 'everything (modal, carousel, tiles too)',
    load: ['controllers/modal', 'controllers/consent-modal', 'controllers/consent-banner'],
    interaction: ['controllers/lightbox', 'controllers/tile-popup', 'ui/host'],
  },
];

/** Issue 14's targets (gzip bytes), printed beside the figures until they are met. */
export const PAGE_KIND_TARGETS = { none: [5000, 5000], nav: [7000, 7000], everything: [12000, 24000] };

/** Gzip bytes and files each page kind fetches at load and in all (see PAGE_KINDS). */
export function pageKinds(m, metafile) {
  const byStem = new Map();
  for (const [out, info] of Object.entries(metafile.outputs))
    if (info.entryPoint && m.files[out] && !m.files[out].entry) byStem.set(stem(info.entryPoint), out);
  return PAGE_KINDS.map(({ kind, label, load, interaction }) => {
    const fetched = new Set(m.entry.files);
    const visit = (f) => {
      if (fetched.has(f) || !m.files[f]) return;
      fetched.add(f);
      m.files[f].imports.forEach(visit);
    };
    const add = (parts) => {
      for (const part of parts) {
        if (!byStem.has(part)) throw new Error(`page kind "${kind}": no lazily loaded part ${part}`);
        visit(byStem.get(part));
      }
      return { gzip: [...fetched].reduce((a, f) => a + m.files[f].gzip, 0), files: fetched.size };
    };
    return { kind, label, load: add(load), total: add(interaction) };
  });
}

/**
 * Page kinds over their budget (package.json `sizeBudgets.pageKinds`, gzip bytes, and
 * `pageKindFiles`, files: each [at load, in all]). Each file is a request and, on a slow
 * phone, a task of compiling of its own: the bundling hints (runtime/core.ts,
 * dialog-core.ts, consent-core.ts) keep shared modules together, and the file budgets say
 * when a part root lost its re-export.
 */
export function pageKindsOverBudget(kinds, limits = budgets.pageKinds, files = budgets.pageKindFiles) {
  const over = [];
  for (const k of kinds) {
    const [load, total] = limits[k.kind] ?? [];
    const [loadFiles, totalFiles] = files[k.kind] ?? [];
    if (load === undefined || loadFiles === undefined)
      over.push(`page kind ${k.kind}: no budget in package.json`);
    if (k.load.gzip > load) over.push(`page kind ${k.kind}: ${kb(k.load.gzip)} at load > budget ${kb(load)}`);
    if (k.total.gzip > total)
      over.push(`page kind ${k.kind}: ${kb(k.total.gzip)} in all > budget ${kb(total)}`);
    for (const [when, got, limit] of [
      ['at load', k.load.files, loadFiles],
      ['in all', k.total.files, totalFiles],
    ])
      if (got > limit)
        over.push(
          `page kind ${k.kind}: ${got} files ${when} > budget ${limit} (a part root without its __dialogCore or __consentCore re-export?)`,
        );
  }
  return over;
}

/** Budget breaches as readable lines; empty when within budget. */
export function overBudget(m, limits = budgets) {
  const over = [];
  if (m.entry.gzip > limits.entryGzip)
    over.push(`entry ${kb(m.entry.gzip)} gzip > budget ${kb(limits.entryGzip)}`);
  if (m.total.gzip > limits.totalGzip)
    over.push(`all JS ${kb(m.total.gzip)} gzip > budget ${kb(limits.totalGzip)}`);
  // Each file is a request and its own gzip overhead (runtime/core.ts keeps the shared ones as one).
  if (limits.entryFiles && m.entry.files.length > limits.entryFiles)
    over.push(
      `entry ${m.entry.files.length} files > budget ${limits.entryFiles} (a module missing from runtime/core.ts, or a chunk root without its re-export?)`,
    );
  return over;
}

function report(metafile) {
  const m = measure(metafile);
  const rows = Object.entries(m.files)
    .sort(([a], [b]) => (m.files[b].entry ? 1 : 0) - (m.files[a].entry ? 1 : 0) || a.localeCompare(b))
    .map(([f, s]) => [
      relative(root, resolve(root, f)) + (s.entry ? ` (entry, also ${FIXED_ENTRY})` : ''),
      kb(s.raw),
      kb(s.gzip),
      kb(s.brotli),
    ]);
  rows.push(['entry + static imports', kb(m.entry.raw), kb(m.entry.gzip), kb(m.entry.brotli)]);
  rows.push(['all JS', kb(m.total.raw), kb(m.total.gzip), kb(m.total.brotli)]);
  // The .gz and .br files the build writes are these bytes; a server sends brotli where asked.
  const head = ['file', 'raw', 'gzip', 'brotli (sent)'];
  const width = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r) => r.map((c, i) => (i ? c.padStart(width[i]) : c.padEnd(width[i]))).join('  ');
  console.log(line(head));
  rows.forEach((r, i) => {
    if (i === rows.length - 2) console.log(width.map((w) => '-'.repeat(w)).join('  '));
    console.log(line(r));
  });
  const over = overBudget(m);
  const kinds = pageKinds(m, metafile);
  over.push(...pageKindsOverBudget(kinds));
  printPageKinds(kinds);
  console.log(`budgets: entry ${kb(budgets.entryGzip)} gzip, all JS ${kb(budgets.totalGzip)} gzip`);
  writeFileSync(join(outdir, 'sizes.json'), JSON.stringify({ ...m, pageKinds: kinds, budgets }, null, 2));
  return over;
}

function printPageKinds(kinds) {
  const head = `${'  fetched per page kind, desktop (gzip KB)'.padEnd(54)}${'at load (files)'.padStart(15)}  ${'with its first interactions'}`;
  console.log(`\n${head.padEnd(101)}${'budget'.padEnd(22)}  issue 14 target`);
  for (const k of kinds) {
    const [bl, bt] = budgets.pageKinds[k.kind] ?? [];
    const [tl, tt] = PAGE_KIND_TARGETS[k.kind] ?? [];
    const pair = (a, b) => (a === undefined ? '' : `${kb(a)} / ${kb(b)}`);
    console.log(
      `  ${k.label.padEnd(52)} ${kb(k.load.gzip).padStart(9)} ${`(${k.load.files})`.padStart(4)}  ${kb(k.total.gzip).padStart(9)} (${k.total.files} files)`.padEnd(
        101,
      ) + `${pair(bl, bt).padEnd(22)}  ${pair(tl, tt)}`,
    );
  }
}

/**
 * The page checker's code for Node (`site-runtime-check`, check/cli.mjs): the runtime's own
 * readers (runtime/check/), bundled once into lib/ so the command needs no TypeScript.
 */
async function buildChecks() {
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: ['runtime/check/node.ts'],
    outfile: join(root, 'lib', 'checks.mjs'),
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    define: options.define,
    legalComments: 'none',
    logLevel: 'warning',
  });
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];

if (!isMain) {
  // Imported (by tests): export the functions, build nothing.
} else if (watch) {
  let previous; // the entry's last name: esbuild does not know it, so it would stay behind
  const ctx = await esbuild.context({
    ...options,
    plugins: [
      {
        name: 'sizes',
        setup(build) {
          build.onEnd((result) => {
            if (!result.metafile) return;
            const { file } = writePreloadGraph(result.metafile, ENTRY, root);
            if (previous && previous !== file)
              for (const end of ['', '.map', '.gz', '.br'])
                rmSync(resolve(root, `${previous}${end}`), { force: true });
            previous = file;
            writeServingFiles(result.metafile, { root, outdir, entry: ENTRY });
            for (const problem of report(result.metafile)) console.error(`OVER BUDGET: ${problem}`);
            console.log(`rebuilt ${new Date().toLocaleTimeString()}; watching runtime/ ...`);
          });
        },
      },
    ],
  });
  await ctx.watch();
} else {
  rmSync(outdir, { recursive: true, force: true });
  const result = await esbuild.build(options);
  // Before the copies, the compressed variants and meta.json: it renames the entry.
  writePreloadGraph(result.metafile, ENTRY, root);
  writeFileSync(join(outdir, 'meta.json'), JSON.stringify(result.metafile));
  writeServingFiles(result.metafile, { root, outdir, entry: ENTRY });
  const over = report(result.metafile);
  if (outdirArg < 0) await buildChecks();
  if (over.length) {
    for (const problem of over) console.error(`OVER BUDGET: ${problem}`);
    process.exit(1);
  }
  console.log(`built ${basename(outdir)}/ (${pkg.name} ${pkg.version})`);
}
