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

  it('start-of-body fragments keep their order at the start of the body, however many', async () => {
    document.body.innerHTML = '<main>page</main>';
    const inline = (name: string) => ({
      html: `<script>window.ran.push('${name}')</script>`,
      position: 'startbody' as const,
    });
    const w = window as unknown as { ran: string[] };
    w.ran = [];
    await injectScripts(
      window,
      [inline('a'), inline('b'), { html: '<p>note</p>', position: 'startbody' }, inline('c')],
      undefined,
      () => {},
    );
    const children = [...document.body.children].map((el) => el.textContent);
    expect(children).toEqual([
      "window.ran.push('a')",
      "window.ran.push('b')",
      'note',
      "window.ran.push('c')",
      'page',
    ]);
    document.body.innerHTML = '';
  });

  it('on an empty body, start-of-body fragments are appended in their order', async () => {
    document.body.innerHTML = '';
    const p = (text: string) => ({ html: `<p>${text}</p>`, position: 'startbody' as const });
    await injectScripts(window, [p('a'), p('b'), p('c')], undefined, () => {});
    expect(document.body.textContent).toBe('abc');
    document.body.innerHTML = '';
  });
});
