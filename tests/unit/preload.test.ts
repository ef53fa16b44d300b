import { afterEach, describe, expect, it } from 'vitest';
import { builtGraph, preloadPart, type PreloadGraph } from '../../runtime/preload';

const base = 'https://clinic.example/swfiles/runtime/runtime-ABCDEFGH.js';
const graph: PreloadGraph = {
  files: ['chunk-AAAAAAAA.js', 'chunk-BBBBBBBB.js', 'chunk-CCCCCCCC.js'],
  parts: { lightbox: [0, 1], createUiHost: [1], modal: [2] },
};
const hints = () =>
  [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => ({
    href: l.href,
    nonce: l.nonce,
  }));
const url = (name: string) => `https://clinic.example/swfiles/runtime/${name}`;

describe('the preload graph', () => {
  afterEach(() => document.head.replaceChildren());

  it('is the JSON the build wrote over the placeholder, else empty', () => {
    expect(builtGraph(`\n${JSON.stringify(graph)}\n`)).toEqual(graph);
    const empty = { files: [], parts: {} };
    expect(builtGraph('\n__SW_PRELOAD__\n')).toEqual(empty);
    expect(builtGraph('{"files":"x","parts":{}}')).toEqual(empty);
    expect(builtGraph('null')).toEqual(empty);
    // What the unit tests themselves run: an unbuilt runtime hints nothing.
    expect(builtGraph()).toEqual(empty);
  });

  it("hints every file of the part, beside its import, with the runtime's nonce", () => {
    preloadPart(document, 'lightbox', 'n0nce', base, graph);
    expect(hints()).toEqual([
      { href: url('chunk-AAAAAAAA.js'), nonce: 'n0nce' },
      { href: url('chunk-BBBBBBBB.js'), nonce: 'n0nce' },
    ]);
    expect(document.head.lastElementChild?.getAttribute('rel')).toBe('modulepreload');
  });

  it('never hints a file twice, nor one the page already hints', () => {
    const own = document.createElement('link');
    own.setAttribute('rel', 'ModulePreload');
    own.href = url('chunk-CCCCCCCC.js');
    document.head.append(own);
    preloadPart(document, 'lightbox', undefined, base, graph);
    preloadPart(document, 'createUiHost', undefined, base, graph);
    preloadPart(document, 'modal', undefined, base, graph);
    const all = [...document.querySelectorAll<HTMLLinkElement>('link')].map((l) => l.href);
    expect(all).toEqual([url('chunk-CCCCCCCC.js'), url('chunk-AAAAAAAA.js'), url('chunk-BBBBBBBB.js')]);
    expect(hints().every((h) => !h.nonce)).toBe(true); // no nonce to copy: none written
  });

  it('hints nothing for a part with nothing beyond the entry, or one it does not know', () => {
    preloadPart(document, 'purify', 'n', base, graph);
    preloadPart(document, 'nothing', 'n', base, { files: ['x.js'], parts: { nothing: [] } });
    preloadPart(document, 'broken', 'n', base, { files: [], parts: { broken: [3] } });
    expect(document.head.children).toHaveLength(0);
  });
});
