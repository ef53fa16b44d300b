import { describe, expect, it } from 'vitest';
import { arrowStep, fragmentId, fragmentTarget, isPlainClick } from '../../runtime/dom';
import { html } from './helpers';

describe('shared DOM judgements', () => {
  it.each([
    ['#hours', 'hours'],
    ['hours', 'hours'],
    ['#caf%C3%A9', 'café'],
    ['#100%', '100%'], // a malformed escape is kept as written, not thrown
    ['#', ''],
  ])('fragmentId(%j) → %j', (hash, id) => {
    expect(fragmentId(hash)).toBe(id);
  });

  it('fragmentTarget finds the id as written first, then percent-decoded (HTML: the indicated element)', () => {
    html('<p id="a%25b"></p><p id="a%b"></p><p id="%41"></p><p id="B"></p><p id="été"></p><p id="%zz"></p>');
    const named = (hash: string) => fragmentTarget(document, hash)?.id;
    expect(named('#a%25b')).toBe('a%25b');
    expect(named('#%41')).toBe('%41');
    expect(named('#%42')).toBe('B');
    expect(named('#%C3%A9t%C3%A9')).toBe('été');
    expect(named('#%zz')).toBe('%zz');
    expect(named('#')).toBeUndefined();
    expect(named('#none')).toBeUndefined();
  });

  it('a plain click is a primary, unmodified, unhandled one', () => {
    expect(isPlainClick(new MouseEvent('click'))).toBe(true);
    for (const init of [
      { button: 1 },
      { ctrlKey: true },
      { metaKey: true },
      { shiftKey: true },
      { altKey: true },
    ]) {
      expect(isPlainClick(new MouseEvent('click', init)), JSON.stringify(init)).toBe(false);
    }
    const handled = new MouseEvent('click', { cancelable: true });
    handled.preventDefault();
    expect(isPlainClick(handled)).toBe(false);
  });

  it('arrow keys: a step of -1 or 1, but not for form fields, editable text, media players or with a modifier', () => {
    html(
      '<input id="i"><div contenteditable="true"><span id="s">x</span></div><video id="v" controls></video><button id="b">b</button>',
    );
    const key = (id: string | null, key: string, init: KeyboardEventInit = {}) => {
      const e = new KeyboardEvent('keydown', { key, cancelable: true, ...init });
      (id ? document.getElementById(id)! : document.body).dispatchEvent(e);
      return arrowStep(e);
    };
    expect([
      key('b', 'ArrowLeft'),
      key('b', 'ArrowRight'),
      key('b', 'ArrowUp'),
      key(null, 'ArrowRight'),
    ]).toEqual([-1, 1, 0, 1]);
    expect(['i', 's', 'v'].map((id) => key(id, 'ArrowRight'))).toEqual([0, 0, 0]);
    for (const mod of ['altKey', 'ctrlKey', 'metaKey', 'shiftKey'])
      expect(key('b', 'ArrowLeft', { [mod]: true }), mod).toBe(0);
    const handled = new KeyboardEvent('keydown', { key: 'ArrowLeft', cancelable: true });
    handled.preventDefault();
    expect(arrowStep(handled)).toBe(0);
  });

  it('right to left, the arrows are mirrored: ArrowLeft is the next step', () => {
    html(`<div dir="RTL"><button id="r">x</button><div dir="ltr"><button id="l">y</button></div></div>`);
    const key = (id: string, key: string) => {
      const e = new KeyboardEvent('keydown', { key, cancelable: true });
      document.getElementById(id)!.dispatchEvent(e);
      return arrowStep(e);
    };
    expect([key('r', 'ArrowLeft'), key('r', 'ArrowRight'), key('l', 'ArrowLeft')]).toEqual([1, -1, -1]);
    // A builder's stylesheet may set the direction without any dir attribute.
    html(`<div style="direction: rtl"><button id="c">x</button></div>`);
    expect([key('c', 'ArrowLeft'), key('c', 'ArrowRight')]).toEqual([1, -1]);
  });
});
