// The package as a builder gets it: `npm pack`, installed into an empty folder, used from
// node_modules. Runs after `node build.mjs` (dist/ and lib/ are what is packed).
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const exec = promisify(execFile);
const root = join(import.meta.dirname, '..', '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

async function run(cmd: string, args: string[], cwd: string) {
  try {
    const { stdout, stderr } = await exec(cmd, args, { cwd, maxBuffer: 16 << 20 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('the packed package, installed into an empty folder', () => {
  let dir: string;
  let app: string;
  let files: string[];
  const installed = () => join(app, 'node_modules', 'site-runtime');

  beforeAll(async () => {
    for (const f of ['dist/runtime.js', 'dist/manifest.json', 'lib/checks.mjs'])
      if (!existsSync(join(root, f))) throw new Error(`${f} is missing: run \`node build.mjs\` first`);
    dir = mkdtempSync(join(tmpdir(), 'sw-pack-'));
    const packed = await run(npm, ['pack', '--json', '--pack-destination', dir], root);
    expect(packed.code, packed.stderr).toBe(0);
    const [info] = JSON.parse(packed.stdout) as { filename: string; files: { path: string }[] }[];
    files = info!.files.map((f) => f.path);
    app = join(dir, 'app');
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), '{"name":"app","private":true,"type":"module"}');
    const install = await run(
      npm,
      ['install', '--prefer-offline', '--no-audit', '--no-fund', join(dir, info!.filename)],
      app,
    );
    expect(install.code, install.stderr).toBe(0);
  }, 180_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('holds what a builder needs and nothing of the repository', () => {
    for (const f of [
      'dist/runtime.js',
      'dist/manifest.json',
      'lib/checks.mjs',
      'types/index.d.ts',
      'schema/sw-config.schema.json',
      'check/cli.mjs',
      'audit/cli.mjs',
      'README.md',
      'package.json',
    ])
      expect(files, f).toContain(f);
    expect(
      files.filter((f) => /^(tests|fixtures|server|runtime|scripts|docs|node_modules)\//.test(f)),
    ).toEqual([]);
    expect(files).not.toContain('dist/meta.json');
    // Every script the manifest names is in the package.
    const manifest = JSON.parse(readFileSync(join(root, 'dist', 'manifest.json'), 'utf8')) as Record<
      string,
      { file: string }
    >;
    for (const { file } of Object.values(manifest)) expect(files, file).toContain(`dist/${file}`);
  });

  it('resolves its exports from node_modules: the entry, chunks, schemas, types', async () => {
    const probe = join(app, 'probe.mjs');
    writeFileSync(
      probe,
      `const r = (s) => import.meta.resolve(s);
       console.log(JSON.stringify({ entry: r('site-runtime'), copy: r('site-runtime/runtime.js'),
         schema: r('site-runtime/schema/sw-config.schema.json'), pkg: r('site-runtime/package.json'),
         manifest: r('site-runtime/manifest.json'), check: r('site-runtime/check') }));`,
    );
    const { stdout, code, stderr } = await run(process.execPath, [probe], app);
    expect(code, stderr).toBe(0);
    const at = JSON.parse(stdout) as Record<string, string>;
    const path = (u: string) => new URL(u).pathname;
    expect(path(at.entry!)).toBe(join(installed(), 'dist', 'runtime.js'));
    expect(readFileSync(path(at.entry!), 'utf8')).toBe(
      readFileSync(join(root, 'dist', 'runtime.js'), 'utf8'),
    );
    expect(path(at.copy!)).toBe(path(at.entry!));
    expect(JSON.parse(readFileSync(path(at.schema!), 'utf8')).$schema).toBe(
      'https://json-schema.org/draft/2020-12/schema',
    );
    expect(JSON.parse(readFileSync(path(at.pkg!), 'utf8')).version).toBe(
      JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version,
    );
    expect(existsSync(path(at.manifest!))).toBe(true);
    expect(path(at.check!)).toBe(join(installed(), 'check', 'cli.mjs'));
  });

  it('runs both commands from node_modules/.bin', async () => {
    const bin = (name: string) => join(app, 'node_modules', '.bin', name);
    writeFileSync(join(app, 'bad.html'), '<p>intro</p>\n<div data-sw-tiles></div>\n');
    writeFileSync(join(app, 'good.html'), '<div id="m" data-sw-modal></div><a href="#m">Open</a>\n');
    const bad = await run(bin('site-runtime-check'), ['bad.html'], app);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/^bad\.html:2:1 {2}data-sw-tiles {2}.*\[empty-group\]$/m);
    expect(await run(bin('site-runtime-check'), ['good.html'], app)).toMatchObject({ code: 0 });
    // The audit's browser libraries are optional peers: --help works without them, and an
    // audit says what to install.
    const help = await run(bin('site-runtime-audit'), ['--help'], app);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^usage: site-runtime-audit/);
    const audit = await run(bin('site-runtime-audit'), ['http://127.0.0.1:9/'], app);
    expect(audit.code).toBe(2);
    expect(audit.stderr).toMatch(/needs @playwright\/test and @axe-core\/playwright/);
  }, 30_000); // four node runs: 1.9 s in a CI run, near vitest's 5 s default on a busier one

  it('types a consumer through the installed package', async () => {
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          target: 'ES2022',
          strict: true,
          noEmit: true,
          lib: ['ES2023', 'DOM'],
          types: [],
        },
        files: ['consumer.mts'],
      }),
    );
    writeFileSync(join(app, 'consumer.mts'), readFileSync(join(root, 'tests', 'types', 'consumer.mts')));
    const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
    const ok = await run(process.execPath, [tsc, '-p', 'tsconfig.json'], app);
    expect(ok.stdout + ok.stderr).toBe('');
    expect(ok.code).toBe(0);
    writeFileSync(
      join(app, 'consumer.mts'),
      "window.SiteRuntime?.modal('x', 'explode');\nexport {};\nimport type {} from 'site-runtime';\n",
    );
    const wrong = await run(process.execPath, [tsc, '-p', 'tsconfig.json'], app);
    expect(wrong.code).not.toBe(0);
    expect(wrong.stdout).toMatch(/'"explode"' is not assignable/);
  }, 60_000);
});
