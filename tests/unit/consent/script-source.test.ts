import { describe, expect, it } from 'vitest';
import {
  attributeFate,
  planScript,
  scriptMarkup,
  type ScriptMarkup,
} from '../../../runtime/consent/script-source';

/**
 * What each consent script of the server (contract §4) becomes: HTML and SVG scripts alike
 * run as HTML copies; only http(s) files; event-handler attributes are left out.
 */
const BASE = 'https://clinic.example/clinic/en/';
const markup = (m: Partial<ScriptMarkup>): ScriptMarkup => ({
  svg: false,
  address: null,
  code: '',
  attributes: [],
  ...m,
});

/** Parses a fragment the way the injector does (inert) and returns its first script. */
function parsed(html: string): Element {
  const t = document.createElement('template');
  t.innerHTML = html;
  return t.content.querySelector('script')!;
}

describe('reading a script', () => {
  it('an HTML script: its src, its text, every other attribute', () => {
    expect(scriptMarkup(parsed('<script src="/a.js" type="text/javascript" data-x="1"></script>'))).toEqual({
      svg: false,
      address: '/a.js',
      code: '',
      attributes: [
        { name: 'type', value: 'text/javascript' },
        { name: 'data-x', value: '1' },
      ],
    });
  });

  it('an SVG script: href, else xlink:href, is its address; its text content is its code', () => {
    expect(scriptMarkup(parsed('<svg><script href="/svg.js"></script></svg>'))).toMatchObject({
      svg: true,
      address: '/svg.js',
      attributes: [],
    });
    const xlink = scriptMarkup(
      parsed('<svg><script xlink:href="/old.js" type="text/ecmascript"></script></svg>'),
    );
    expect(xlink).toMatchObject({
      svg: true,
      address: '/old.js',
      attributes: [{ name: 'type', value: 'text/ecmascript' }],
    });
    const inline = document.createElementNS('http://www.w3.org/2000/svg', 'script');
    inline.textContent = 'window.a = 1';
    expect(scriptMarkup(inline)).toMatchObject({
      svg: true,
      address: null,
      code: 'window.a = 1',
    });
  });
});

describe('planning a script', () => {
  it('inline code runs as written', () => {
    expect(planScript(markup({ code: 'x()' }), BASE)).toEqual({ kind: 'inline', code: 'x()' });
  });

  it('a file: resolved against the page, with its origin', () => {
    expect(planScript(markup({ address: '/clinic/a.js' }), BASE)).toEqual({
      kind: 'external',
      url: 'https://clinic.example/clinic/a.js',
      origin: 'https://clinic.example',
    });
  });

  it.each(['javascript:alert(1)', 'data:text/javascript,alert(1)', 'http://[bad'])(
    'refuses %s',
    (address) => {
      expect(planScript(markup({ svg: true, address }), BASE).kind).toBe('refused');
    },
  );
});

describe('attributes', () => {
  it('event handlers are left out (Trusted Types would throw; no nonce covers them)', () => {
    for (const name of ['onload', 'onerror', 'ONLOAD', 'onbeforescriptexecute'])
      expect(attributeFate(name, false)).toBe('handler');
    expect(attributeFate('onload', true)).toBe('handler');
  });

  it('the runtime sets src and nonce itself', () => {
    expect(attributeFate('src', false)).toBe('drop');
    expect(attributeFate('nonce', false)).toBe('drop');
  });

  it('the rest of an HTML script is copied; of an SVG one only what an HTML script understands', () => {
    for (const name of ['type', 'async', 'defer', 'integrity', 'crossorigin', 'data-group'])
      expect(attributeFate(name, false)).toBe('copy');
    expect(attributeFate('type', true)).toBe('copy');
    expect(attributeFate('data-group', true)).toBe('copy');
    expect(attributeFate('fill', true)).toBe('drop');
  });
});
