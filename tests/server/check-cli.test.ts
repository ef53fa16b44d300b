import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = join(import.meta.dirname, '..', '..');
const cli = join(root, 'check', 'cli.mjs');

/** Runs the command; resolves with its exit code and output whatever the code. */
async function check(...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [cli, ...args], { cwd: root });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

// Each case starts node a few times (about 0.4 s apiece here, idle); in CI three test workers
// and the benchmark's child share two cores, and vitest's 5 s default was too short (one
// failure on record). The limit is time only: every assertion stands.
describe('site-runtime-check', { timeout: 30_000 }, () => {
  let dir: string;
  beforeAll(() => {
    if (!existsSync(join(root, 'lib', 'checks.mjs')))
      throw new Error('lib/checks.mjs is missing: run `node build.mjs` first');
    dir = mkdtempSync(join(tmpdir(), 'sw-check-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('lists every planted problem with its line, and exits 1', async () => {
    const { code, stdout } = await check('tests/check/planted.html');
    expect(code).toBe(1);
    const lines = stdout.trim().split('\n');
    const at = (line: number, kind: string, marker: string) =>
      expect(
        lines.filter(
          (l) =>
            l.startsWith(`tests/check/planted.html:${line}:`) &&
            l.includes(`[${kind}]`) &&
            l.includes(` ${marker} `),
        ),
        `${line} ${kind} ${marker}`,
      ).toHaveLength(1);
    at(4, 'invalid-config', 'sw-config'); // site.userParam: 7
    at(4, 'unknown-option', 'sw-config'); // analytic
    at(7, 'unknown-option', 'data-sw-modal'); // dealy
    at(8, 'invalid-json', 'data-sw-modal');
    at(9, 'missing-target', 'data-sw-modal-open');
    at(10, 'missing-target', 'data-sw-lightbox');
    at(11, 'invalid-option', 'rel');
    at(12, 'empty-group', 'data-sw-tiles');
    at(13, 'duplicate-id', 'id');
    at(14, 'invalid-option', 'data-sw-carousel');
    at(14, 'empty-group', 'data-sw-carousel');
    at(15, 'empty-group', 'data-sw-cookie-groups');
    expect(lines.at(-1)).toBe('12 problems in 1 page');
    expect(lines).toHaveLength(13);
  });

  it('exits 0 on a clean page, and on the demo site but for its one planted opener', async () => {
    const clean = join(dir, 'clean.html');
    writeFileSync(clean, '<div id="m" data-sw-modal=\'{"trigger":"load"}\'></div><a href="#m">Open</a>');
    expect(await check(clean)).toMatchObject({ code: 0, stdout: '0 problems in 1 page\n' });
    const { code, stdout } = await check(
      'fixtures/site/en/notices/index.html',
      'fixtures/site/en/index.html',
    );
    expect(code).toBe(1);
    expect(stdout).toMatch(
      /^fixtures\/site\/en\/notices\/index\.html:\d+:\d+ {2}data-sw-modal-open {2}names "missing-notice"/,
    );
    expect(stdout.trim().split('\n')).toHaveLength(2);
  });

  it('--json gives the same problems as data; a missing file exits 2; --help exits 0', async () => {
    const { stdout } = await check('--json', 'tests/check/planted.html');
    const list = JSON.parse(stdout) as { line: number; kind: string; file: string }[];
    expect(list).toHaveLength(12);
    expect(list[0]).toMatchObject({ file: 'tests/check/planted.html', line: 4 });
    const [absent, bogus, help] = await Promise.all([
      check(join(dir, 'absent.html')),
      check('--bogus', 'x.html'),
      check('--help'),
    ]);
    expect(absent.code).toBe(2);
    expect(bogus.code).toBe(2);
    // The count is of the pages read: the one that could not be is said apart.
    const oneOfTwo = await check(join(dir, 'absent.html'), 'fixtures/site/en/index.html');
    expect(oneOfTwo.code).toBe(2);
    expect(oneOfTwo.stdout.trim().split('\n').at(-1)).toBe('0 problems in 1 page (1 could not be read)');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^usage: site-runtime-check/);
  });

  it('--base that is not an absolute URL, or missing, is a wrong command line (exit 2), not a crash', async () => {
    const runs = await Promise.all([
      check('--base', 'not a url', 'tests/check/planted.html'),
      check('--base', '--json', 'tests/check/planted.html'),
      check('tests/check/planted.html', '--base'),
      // Served pages: a file: base made every relative lightbox link a refusal.
      check('--base', 'file:///tmp/', 'tests/check/planted.html'),
    ]);
    expect(runs.map((r) => r.code)).toEqual([2, 2, 2, 2]);
    expect(runs[3]!.stderr).toMatch(/--base "file:\/\/\/tmp\/" is not an http\(s\) URL/);
    expect(runs[0]!.stderr).toMatch(/--base "not a url" is not an absolute URL/);
    expect(runs[1]!.stderr).toMatch(/--base needs a URL/);
    expect(runs[2]!.stderr).toMatch(/--base needs a URL/);
    for (const r of runs) expect(r.stderr).not.toMatch(/TypeError|at .*\.mjs/);
  });
});
