import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM_ARGS } from '../../audit/chromium.mjs';

/**
 * Finds a Chromium for Playwright: $CHROMIUM_PATH, else Debian's /usr/bin/chromium, else
 * (as root, with apt-get) installs Debian's package. Playwright's own browser download is
 * not reachable from our machines, so it is never used.
 */
export function findChromium(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    (p): p is string => Boolean(p),
  );
  const found = candidates.find((p) => existsSync(p));
  if (found) return found;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log('Chromium not found; installing Debian package "chromium" with apt-get ...');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
    if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  throw new Error(
    'No Chromium found. Install one (Debian/Ubuntu: `sudo apt-get install chromium`) or set CHROMIUM_PATH to its executable.',
  );
}

export const chromiumArgs = [
  ...CHROMIUM_ARGS,
  '--disable-quic',
  // *.localhost already resolves to loopback in Chromium; pin it to the address the test
  // server listens on so preview hosts never try ::1 first.
  '--host-resolver-rules=MAP localhost 127.0.0.1, MAP *.localhost 127.0.0.1',
];
