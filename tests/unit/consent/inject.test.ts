import { afterEach, describe, expect, it } from 'vitest';
import { injectScripts } from '../../../runtime/consent/inject';
import { silenceConsole } from '../helpers';

afterEach(() => {
  document.head.innerHTML = '';
});

describe("the server's consent scripts", () => {
  it('a relative address is the site’s, whatever <base> the page was given', async () => {
    silenceConsole(); // happy-dom loads no script: the load fails, which is fine here
    document.head.innerHTML = '<base href="https://evil.example/">';
    await injectScripts(
      window,
      [{ html: '<script src="/swfiles/lib/stats.js"></script>', position: 'header' }],
      'n0nce',
      () => {},
    );
    const script = document.head.querySelector('script')!;
    expect(new URL(script.src).origin).toBe(location.origin);
    expect(script.nonce).toBe('n0nce');
  });
});
