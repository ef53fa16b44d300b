import { execFileSync } from 'node:child_process';
import { expect, it } from 'vitest';

it('the committed fixture site is what fixtures/generate.mjs writes (no drift)', () => {
  // Exits non-zero, naming each stale file, if anyone edited a generated file by hand.
  expect(() => execFileSync(process.execPath, ['fixtures/generate.mjs', '--check'], { encoding: 'utf8', stdio: 'pipe' })).not.toThrow();
});
