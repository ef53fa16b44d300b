import { afterEach, describe, expect, it, vi } from 'vitest';
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
    preloadPart(document, 'lightbox', 'n0nce', base, undefined, graph);
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
    preloadPart(document, 'lightbox', undefined, base, undefined, graph);
    preloadPart(document, 'createUiHost', undefined, base, undefined, graph);
    preloadPart(document, 'modal', undefined, base, undefined, graph);
    const all = [...document.querySelectorAll<HTMLLinkElement>('link')].map((l) => l.href);
    expect(all).toEqual([url('chunk-CCCCCCCC.js'), url('chunk-AAAAAAAA.js'), url('chunk-BBBBBBBB.js')]);
    expect(hints().every((h) => !h.nonce)).toBe(true); // no nonce to copy: none written
  });

  it('hints nothing for a part with nothing beyond the entry, or one it does not know', () => {
    preloadPart(document, 'purify', 'n', base, undefined, graph);
    preloadPart(document, 'nothing', 'n', base, undefined, { files: ['x.js'], parts: { nothing: [] } });
    preloadPart(document, 'broken', 'n', base, undefined, { files: [], parts: { broken: [3] } });
    expect(document.head.children).toHaveLength(0);
  });

  it('one link per task: each file after the first waits for `next`, and is asked for only if still not hinted', () => {
    const wide: PreloadGraph = { files: ['a.js', 'b.js', 'c.js', 'd.js'], parts: { lightbox: [0, 1, 2, 3] } };
    const queued: (() => void)[] = [];
    preloadPart(document, 'lightbox', undefined, base, (fn) => queued.push(fn), wide);
    expect(hints().map((h) => h.href)).toEqual([url('a.js')]);
    expect(queued).toHaveLength(1);
    // Meanwhile the page (or another part) hints b.js: the next task skips it and asks for c.js.
    const own = document.createElement('link');
    own.rel = 'modulepreload';
    own.href = url('b.js');
    document.head.append(own);
    queued.shift()!();
    expect(hints().map((h) => h.href)).toEqual([url('a.js'), url('b.js'), url('c.js')]);
    queued.shift()!();
    expect(hints().map((h) => h.href)).toEqual([url('a.js'), url('b.js'), url('c.js'), url('d.js')]);
    queued.shift()!(); // the last task finds nothing left to hint, and asks for no other
    expect(hints()).toHaveLength(4);
    expect(queued).toHaveLength(0);
  });

  it('asks for each file once, even if the page takes a link away; a link that throws ends the hints', () => {
    const wide: PreloadGraph = { files: ['a.js', 'b.js', 'c.js'], parts: { lightbox: [0, 1, 2] } };
    const queued: (() => void)[] = [];
    preloadPart(document, 'lightbox', undefined, base, (fn) => queued.push(fn), wide);
    document.head.replaceChildren(); // a page script removes a.js's link
    queued.shift()!();
    expect(hints().map((h) => h.href)).toEqual([url('b.js')]);
    const append = vi.spyOn(document.head, 'append').mockImplementation(() => {
      throw new TypeError('no place for a link');
    });
    expect(() => queued.shift()!()).toThrow('no place for a link'); // the caller warns (chunks.ts)
    expect(queued).toHaveLength(0);
    append.mockRestore();
  });
});
