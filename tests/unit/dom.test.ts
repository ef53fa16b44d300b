import { describe, expect, it } from 'vitest';
import { fragmentId, inFormField, isPlainClick } from '../../runtime/dom';
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

  it('form fields and editable text keep their arrow keys', () => {
    html('<input id="i"><div contenteditable="true"><span id="s">x</span></div><button id="b">b</button>');
    expect(inFormField(document.getElementById('i'))).toBe(true);
    expect(inFormField(document.getElementById('s'))).toBe(true);
    expect(inFormField(document.getElementById('b'))).toBe(false);
    expect(inFormField(null)).toBe(false);
  });
});
