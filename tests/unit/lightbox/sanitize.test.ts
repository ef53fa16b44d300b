import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as purifyModule from '../../../runtime/lightbox/purify';
import { sanitizeFragment } from '../../../runtime/lightbox/sanitize';
import type { Trusted } from '../../../runtime/trusted-types';
import { payloads, violations } from './sanitize-spec';

vi.mock('../../../runtime/lightbox/purify', { spy: true });

// happy-dom answers nodeName from each node class and its Node.prototype getter returns ''.
// DOMPurify reads that base getter on purpose (page markup cannot shadow it), so in
// happy-dom every element would be nameless and dropped; browsers have one real getter.
Object.defineProperty(Node.prototype, 'nodeName', {
  configurable: true,
  get(this: Node) {
    for (let p = Object.getPrototypeOf(this); p && p !== Node.prototype; p = Object.getPrototypeOf(p)) {
      const own = Object.getOwnPropertyDescriptor(p, 'nodeName');
      if (own?.get) return own.get.call(this) as string;
    }
    return '';
  },
});

const policy = (): Trusted => ({ html: vi.fn((s: string) => s), scriptURL: (s) => s, script: (s) => s });
const xss = vi.fn();

async function sanitized(html: string, trusted = policy()) {
  const div = document.createElement('div');
  div.append(await sanitizeFragment(window, html, trusted));
  document.body.append(div);
  return div;
}

beforeEach(() => {
  xss.mockClear();
  vi.mocked(purifyModule.purify).mockClear();
  (window as unknown as { __xss: unknown }).__xss = xss;
});

describe('ajax content, DOMPurify path (no HTML Sanitizer API)', () => {
  it.each(payloads)('%s', async (_what, html, check) => {
    const div = await sanitized(html);
    expect(violations(div)).toEqual([]);
    check?.(div);
    for (const el of div.querySelectorAll('a, img, button, svg, p'))
      el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(xss).not.toHaveBeenCalled();
  });

  it('is DOMPurify, parsing through the runtime policy (never a policy of its own)', async () => {
    const trusted = policy();
    await sanitized('<p>x</p>', trusted);
    expect(purifyModule.purify).toHaveBeenCalledTimes(1);
    expect(trusted.html).toHaveBeenCalledWith('<p>x</p>');
  });

  it("ids and names are prefixed like DOMPurify's named props, and references follow them", async () => {
    const div = await sanitized(
      '<p id="a">x</p><input id="q" name="q" aria-describedby="a b"><label for="q">Q</label>',
    );
    expect(div.querySelector('p')!.id).toBe('user-content-a');
    expect(div.querySelector('input')!.getAttribute('name')).toBe('user-content-q');
    expect(div.querySelector('input')!.getAttribute('aria-describedby')).toBe(
      'user-content-a user-content-b',
    );
    expect(div.querySelector('label')!.htmlFor).toBe('user-content-q');
  });

  it('fragment links stay inside the content: never the page’s modal, consent or deep-link hashes', async () => {
    const div = await sanitized(
      '<a href="#flu-shots">a</a><a href=" #cookie-preferences">b</a><a href="#!rooms/2">c</a><h2 id="top">t</h2><a href="#top">d</a>',
    );
    expect([...div.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      '#user-content-flu-shots',
      '#user-content-cookie-preferences',
      '#user-content-!rooms/2',
      '#user-content-top',
    ]);
    expect(div.querySelector('h2')!.id).toBe('user-content-top');
  });

  it('so do links that, read as the browser reads them, only scroll this page', async () => {
    const happy = (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM;
    const before = location.href;
    happy.setURL('https://clinic.test/en/services/?tab=2#top');
    try {
      const div = await sanitized(
        [
          './?tab=2#pm',
          '?tab=2#cookie-preferences',
          '/en/services/?tab=2#caf%C3%A9',
          'HTTPS://CLINIC.TEST/en/services/?tab=2#!rooms/2',
          './#pm',
          '/en/contact/#pm',
          'https://elsewhere.test/en/services/?tab=2#pm',
          '?tab=2',
        ]
          .map((href) => `<a href="${href}">x</a>`)
          .join(''),
      );
      expect([...div.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
        '#user-content-pm',
        '#user-content-cookie-preferences',
        '#user-content-caf%C3%A9',
        '#user-content-!rooms/2',
        // another address (no query), another page, another site, no fragment: followed as links
        './#pm',
        '/en/contact/#pm',
        'https://elsewhere.test/en/services/?tab=2#pm',
        '?tab=2',
      ]);
    } finally {
      happy.setURL(before);
    }
  });
});

/**
 * Where the browser has `setHTML`, its output goes through the same rules. A platform
 * sanitizer that keeps everything (the worst a platform default could do) stands in for it:
 * the rules alone must still meet the contract.
 */
describe('ajax content, platform path: the shared rules alone meet the contract', () => {
  const proto = Element.prototype as unknown as { setHTML?: (html: string) => void };
  beforeEach(() => {
    (window as unknown as { Sanitizer: unknown }).Sanitizer = class {
      allowElement = () => true;
      allowAttribute = () => true;
    };
    proto.setHTML = function (this: Element, html: string) {
      this.innerHTML = html;
    };
  });
  afterEach(() => {
    delete (window as unknown as { Sanitizer?: unknown }).Sanitizer;
    delete proto.setHTML;
  });

  it.each(payloads)('%s', async (_what, html, check) => {
    const div = await sanitized(html);
    expect(violations(div)).toEqual([]);
    check?.(div);
    expect(xss).not.toHaveBeenCalled();
  });

  it('does not fetch DOMPurify', async () => {
    await sanitized('<p>x</p>');
    expect(purifyModule.purify).not.toHaveBeenCalled();
  });

  it('falls back to DOMPurify when setHTML is an older draft that throws', async () => {
    proto.setHTML = () => {
      throw new TypeError('Failed to execute setHTML: unknown option');
    };
    const div = await sanitized('<p onclick="__xss(1)">x</p>');
    expect(div.innerHTML).toBe('<p>x</p>');
    expect(purifyModule.purify).toHaveBeenCalledTimes(1);
  });
});
