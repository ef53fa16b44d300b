import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Finds a Firefox for Playwright's `moz-firefox` channel (WebDriver BiDi, so a stock build
 * works): $FIREFOX_PATH, else Debian's /usr/bin/firefox-esr, else (as root, with apt-get)
 * installs Debian's package. Playwright's own patched Firefox is not downloadable from our
 * machines, so it is never used.
 */
export function findFirefox(): string {
  const candidates = [process.env.FIREFOX_PATH, '/usr/bin/firefox-esr', '/usr/bin/firefox'].filter(
    (p): p is string => Boolean(p),
  );
  const found = candidates.find((p) => existsSync(p));
  if (found) return found;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log('Firefox not found; installing Debian package "firefox-esr" with apt-get ...');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq firefox-esr', {
      stdio: 'inherit',
    });
    if (existsSync('/usr/bin/firefox-esr')) return '/usr/bin/firefox-esr';
  }
  throw new Error(
    'No Firefox found. Install one (Debian: `sudo apt-get install firefox-esr`) or set FIREFOX_PATH to its executable.',
  );
}
