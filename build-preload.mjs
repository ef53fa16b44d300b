// The files each lazily loaded part needs beyond the entry, written into the entry so the
// runtime can ask for them beside the part's import() (runtime/preload.ts).
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';

const staticImports = (metafile, out) =>
  metafile.outputs[out].imports.filter((i) => i.kind === 'import-statement').map((i) => i.path);

/** Every output file `start` imports statically, directly or not. */
function closure(metafile, start) {
  const seen = new Set();
  const visit = (file) => {
    for (const next of staticImports(metafile, file)) {
      if (seen.has(next)) continue;
      seen.add(next);
      visit(next);
    }
  };
  visit(start);
  return seen;
}

/**
 * `{ files, parts }` (runtime/preload.ts's PreloadGraph): for every export of a lazily loaded
 * part that `loadChunk` is asked for (`asked`: every name where absent), the indexes in `files`
 * of the files it needs that the entry has not already brought. `loadChunk` names the part by
 * the export it wants, so two parts may not share an export's name. Exports named `__…` are
 * bundling hints (runtime/core.ts, dialog-core.ts, consent-core.ts), which many parts share.
 */
export function preloadGraph(metafile, entryPoint, asked) {
  const outputs = Object.entries(metafile.outputs).filter(([file]) => file.endsWith('.js'));
  const entry = outputs.find(([, info]) => info.entryPoint === entryPoint)?.[0];
  if (!entry) throw new Error(`preload graph: no output for ${entryPoint}`);
  const atStart = new Set([entry, ...closure(metafile, entry)]);
  const files = [];
  const parts = {};
  const owner = new Map();
  for (const [out, info] of outputs) {
    if (!info.entryPoint || out === entry) continue;
    const exported = info.exports.filter((name) => !name.startsWith('__'));
    for (const name of exported) {
      if (owner.has(name))
        throw new Error(
          `preload graph: ${owner.get(name)} and ${info.entryPoint} both export "${name}"; rename one`,
        );
      owner.set(name, info.entryPoint);
    }
    const needed = [...closure(metafile, out)]
      .filter((file) => !atStart.has(file))
      .map((file) => basename(file));
    if (!needed.length) continue;
    const indexes = needed.sort().map((name) => {
      if (!files.includes(name)) files.push(name);
      return files.indexOf(name);
    });
    for (const name of exported) if (!asked || asked.has(name)) parts[name] = indexes;
  }
  return { files, parts };
}

const ASKED = /\bexported\s*:\s*(["'`])([\w$]+)\1/g;

/**
 * The exports the built code asks `loadChunk` for: each call names its part as a literal
 * (`exported: 'lightbox'`, minified or not), and a lazy controller without one loads its
 * chunk's `default`. The graph lists only these (an export nobody loads by name would cost
 * the entry its line for nothing).
 */
export function askedParts(metafile, root) {
  const asked = new Set(['default']);
  for (const file of Object.keys(metafile.outputs).filter((f) => f.endsWith('.js')))
    for (const [, , name] of readFileSync(resolve(root, file), 'utf8').matchAll(ASKED)) asked.add(name);
  return asked;
}

/** The line runtime/preload.ts holds for the graph (alone on its line, in a template literal). */
export const PRELOAD_PLACEHOLDER = '__SW_PRELOAD__';

/** esbuild's kind of hash, 8 characters of base32, here of the file's final bytes. */
export function contentHash(code) {
  const bytes = createHash('sha256').update(code).digest();
  return Array.from(bytes.subarray(0, 8), (byte) => BASE32[byte & 31]).join('');
}
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/**
 * V8's explicit compile hint (Chromium 136 and later; a plain comment elsewhere), on the entry's
 * first line (it applies to the functions after it): every function of the file is compiled
 * with it, on the thread that streams it in, instead of each one on the main thread when first
 * called. Nearly all of the entry runs at load (boot, config, registry, the controllers before
 * first paint). What it moves off the main thread: README, "Performance" (`npm run
 * bench:trace`). The entry's small shared file has none: a file that small is not streamed, so
 * compiling it all at once would stay on the main thread.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** The source map of a file that gained one line at its top: every mapping one line lower. */
function shiftedMap(text) {
  const map = JSON.parse(text);
  map.mappings = `;${map.mappings}`;
  return JSON.stringify(map);
}

/**
 * Writes the graph into the built entry in place of the placeholder, and names the entry by a
 * hash of what it now holds and of its map, in the files and in `metafile`, which is changed in
 * place for what reads it next (the manifest, the sizes). Not an esbuild `define`: the minifier
 * picks every file's short names by the characters of the whole build, so a graph defined into
 * the code renamed, and re-hashed, every chunk it lists. The placeholder's line holds nothing
 * else, so the source map's other lines stay true. Puts the compile hint on the first line
 * (its map moved one line down), before the name is worked out.
 */
export function writePreloadGraph(metafile, entryPoint, root) {
  const graph = preloadGraph(metafile, entryPoint, askedParts(metafile, root));
  const json = JSON.stringify(graph);
  // It lands inside a template literal: nothing in it may end or escape one.
  if (/[`\\$]/.test(json)) throw new Error(`preload graph: unexpected characters in ${json}`);
  const entry = Object.keys(metafile.outputs).find(
    (file) => metafile.outputs[file].entryPoint === entryPoint,
  );
  const code = readFileSync(resolve(root, entry), 'utf8');
  const line = `\n${PRELOAD_PLACEHOLDER}\n`;
  if (code.split(line).length !== 2)
    throw new Error(`preload graph: ${entry} must hold the placeholder line once (runtime/preload.ts)`);
  const comment = /\n\/\/# sourceMappingURL=[^\n]*\n?$/;
  const body = `${COMPILE_HINT}\n${code.replace(line, `\n${json}\n`).replace(comment, '')}`;
  // The map too, as esbuild does: a change that leaves the code as it was changes the map.
  const map = shiftedMap(readFileSync(resolve(root, `${entry}.map`), 'utf8'));
  const renamed = entry.replace(/-[A-Z0-9]{8}\.js$/, `-${contentHash(body + map)}.js`);
  const final = `${body}\n//# sourceMappingURL=${basename(renamed)}.map\n`;
  rmSync(resolve(root, entry));
  writeFileSync(resolve(root, renamed), final);
  rmSync(resolve(root, `${entry}.map`));
  writeFileSync(resolve(root, `${renamed}.map`), map);
  const { [entry]: info, [`${entry}.map`]: mapInfo, ...others } = metafile.outputs;
  metafile.outputs = {
    ...others,
    [renamed]: { ...info, bytes: Buffer.byteLength(final) },
    [`${renamed}.map`]: { ...mapInfo, bytes: Buffer.byteLength(map) },
  };
  return { graph, file: renamed };
}
