#!/usr/bin/env node
// `npm run test:webkit`: the WebKit journey suite (tests/webkit/journeys.test.mjs) under
// node's test runner, on a virtual X display of its own (MiniBrowser has no headless mode).
// Installs nothing: it needs dist/ built, Debian's webkit2gtk-driver and xvfb, and stops
// with a message naming what is missing. The journeys start the reference server and
// WebKitWebDriver themselves. Extra arguments go to `node --test` (e.g. --test-name-pattern=menu).
//
// Xvfb is started here rather than through `xvfb-run -a`: `-displayfd` lets the X server take
// a free display number itself (two runs at once cannot pick the same one), and this script
// ends that server, by its process id, however the run ends.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DIST_DIR, DRIVER_PATH, MINIBROWSER_PATH } from './harness.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const missing = [];
if (!existsSync(join(DIST_DIR, 'runtime.js')))
  missing.push(`${join(DIST_DIR, 'runtime.js')}: build first with \`node build.mjs\``);
if (!existsSync(DRIVER_PATH))
  missing.push(`${DRIVER_PATH}: apt-get install webkit2gtk-driver (or set WEBKIT_DRIVER_PATH)`);
if (!existsSync(MINIBROWSER_PATH))
  missing.push(`${MINIBROWSER_PATH}: apt-get install libwebkit2gtk-4.1-0 (or set MINIBROWSER_PATH)`);
const xvfbPath = spawnSync('sh', ['-c', 'command -v Xvfb'], { encoding: 'utf8' }).stdout.trim();
if (!xvfbPath) missing.push('Xvfb: apt-get install xvfb');
if (missing.length) {
  console.error(`test:webkit cannot run; missing:\n  ${missing.join('\n  ')}`);
  process.exit(1);
}

const started = Date.now();
const xvfb = spawn(xvfbPath, ['-displayfd', '3', '-screen', '0', '1600x1200x24', '-nolisten', 'tcp'], {
  stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
});
process.on('exit', () => xvfb.kill('SIGKILL')); // the last resort; stopXvfb() normally ends it first
let xvfbErr = '';
xvfb.stderr?.on('data', (b) => (xvfbErr = (xvfbErr + b).slice(-4000)));

/** The display number the server writes to fd 3 once it accepts connections. */
const display = await new Promise((res, rej) => {
  let out = '';
  const fail = (/** @type {string} */ why) => rej(new Error(`Xvfb did not start (${why}):\n${xvfbErr}`));
  const timer = setTimeout(() => fail('no display number within 30 s'), 30_000);
  xvfb.stdio[3]?.on('data', (b) => {
    out += b;
    if (out.includes('\n')) {
      clearTimeout(timer);
      res(`:${out.trim()}`);
    }
  });
  xvfb.once('exit', (code) => {
    clearTimeout(timer);
    fail(`exit code ${code}`);
  });
}).catch((err) => {
  console.error(err.message);
  process.exit(1);
});

async function stopXvfb() {
  if (xvfb.exitCode !== null || xvfb.signalCode !== null) return;
  const gone = new Promise((r) => xvfb.once('exit', r));
  xvfb.kill('SIGTERM');
  await Promise.race([gone, new Promise((r) => setTimeout(r, 5000))]);
  if (xvfb.exitCode === null && xvfb.signalCode === null) xvfb.kill('SIGKILL');
}

const child = spawn(
  process.execPath,
  [
    '--test',
    '--test-reporter=spec',
    '--test-concurrency=1',
    ...process.argv.slice(2),
    join('tests', 'webkit', 'journeys.test.mjs'),
  ],
  { cwd: root, stdio: 'inherit', env: { ...process.env, DISPLAY: String(display) } },
);
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP']))
  process.on(signal, () => child.kill(signal));
child.on('exit', async (code, signal) => {
  await stopXvfb();
  console.log(`test:webkit wall time ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.exit(code ?? (signal ? 1 : 0));
});
