import { describe as suite, expect, it } from 'vitest';
import { MARKED } from '../../../runtime/diagnostics/style';
import { describe } from '../../../runtime/log';

suite('diagnostics: the outline mark', () => {
  // The panel names an element by its first data-sw- attribute: its own mark is none of those.
  it('does not name the element it outlines (an image in a gallery stays "img")', () => {
    const img = document.createElement('img');
    img.setAttribute(MARKED, '');
    expect(describe(img)).toBe('img');
  });
});
