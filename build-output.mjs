// What the build writes for servers and backends beside the code esbuild emits: a build
// manifest in Vite's format, the fixed-name copy of the hashed entry, and precompressed
// variants of every script.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The name builders may keep using: a byte-identical copy of the hashed entry. */
export const FIXED_ENTRY = 'runtime.js';

/** esbuild's `[name]-[hash]`: 8 characters of base32. Files named so change name when they change. */
export const HASHED_NAME = /-[A-Z0-9]{8}\.js$/;

/** The compressed bodies of a script as sent: gzip level 9 and brotli quality 11. */
export const compress = (code) => ({
  gzip: gzipSync(code, { level: 9 }),
  brotli: brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
});

/**
 * The build manifest in Vite's format (https://vite.dev/guide/backend-integration), which backend
 * helpers for Laravel, Rails and Django read: one record per output script, keyed by its source
 * module (`runtime/index.ts`, `runtime/controllers/lightbox.ts`) or, for a shared part, by `_`
 * and its file name; `file` is relative to the output folder; `imports` and `dynamicImports` name
 * other records' keys. The entry is marked `isEntry`, lazily loaded parts `isDynamicEntry`.
 */
export function viteManifest(metafile, { root, outdir, entry }) {
  const outputs = Object.entries(metafile.outputs).filter(([out]) => out.endsWith('.js'));
  const keyOf = new Map(
    outputs.map(([out, info]) => [out, info.entryPoint ?? `_${basename(out)}`]),
  );
  const manifest = {};
  for (const [out, info] of outputs) {
    const file = relative(outdir, resolve(root, out)).split('\\').join('/');
    const record = { file, name: basename(out).replace(HASHED_NAME, '') };
    if (info.entryPoint) record.src = info.entryPoint;
    if (info.entryPoint === entry) record.isEntry = true;
    else if (info.entryPoint) record.isDynamicEntry = true;
    const linked = (kind) => info.imports.filter((i) => i.kind === kind && keyOf.has(i.path)).map((i) => keyOf.get(i.path));
    const imports = linked('import-statement');
    const dynamicImports = linked('dynamic-import');
    if (imports.length) record.imports = imports;
    if (dynamicImports.length) record.dynamicImports = dynamicImports;
    manifest[keyOf.get(out)] = record;
  }
  return manifest;
}

/**
 * Writes `manifest.json`, the fixed-name copy of the entry, and `.br` and `.gz` beside every
 * script (the copy included). Returns the manifest.
 */
export function writeServingFiles(metafile, { root, outdir, entry }) {
  const manifest = viteManifest(metafile, { root, outdir, entry });
  writeFileSync(join(outdir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const hashedEntry = Object.values(manifest).find((r) => r.isEntry).file;
  copyFileSync(join(outdir, hashedEntry), join(outdir, FIXED_ENTRY));
  for (const file of [...Object.values(manifest).map((r) => r.file), FIXED_ENTRY]) {
    const code = readFileSync(join(outdir, file));
    const { gzip, brotli } = compress(code);
    writeFileSync(join(outdir, `${file}.gz`), gzip);
    writeFileSync(join(outdir, `${file}.br`), brotli);
  }
  return manifest;
}
