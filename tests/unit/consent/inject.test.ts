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

  it('no event handler attribute is placed, on a script or any other element; each is reported', async () => {
    silenceConsole(); // happy-dom loads no image: its error is fine here
    const w = window as unknown as { pwned?: string[] };
    w.pwned = [];
    const messages: string[] = [];
    await injectScripts(
      window,
      [
        {
          html: '<img src="/x.png" onerror="window.pwned.push(1)"><div onClick="window.pwned.push(2)"></div><script onload="window.pwned.push(3)">window.ran.push(1)</script>',
          position: 'endbody',
        },
      ],
      undefined,
      (message) => messages.push(message),
    );
    // (happy-dom runs no script: what is placed is checked.)
    expect(document.body.querySelector('script')!.text).toBe('window.ran.push(1)');
    const handlers = [...document.body.querySelectorAll('*')].flatMap((el) =>
      [...el.attributes].filter((a) => a.name.startsWith('on')).map((a) => a.name),
    );
    expect(handlers).toEqual([]);
    expect(messages).toEqual([
      'the onerror attribute of a <img> in a consent fragment was left out: no nonce can allow it',
      'the onclick attribute of a <div> in a consent fragment was left out: no nonce can allow it',
      'the onload attribute of a consent script was left out: no nonce can allow it',
    ]);
    document.body.querySelector('div')!.click();
    expect(w.pwned).toEqual([]);
    document.body.innerHTML = '';
  });
});
