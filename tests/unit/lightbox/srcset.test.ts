import { describe, expect, it } from 'vitest';
import { parseSrcset, pickSource } from '../../../runtime/lightbox/srcset';

const base = 'https://clinic.example/en/gallery/';

describe('responsive images for the lightbox (issue 16)', () => {
  it('reads the w candidates of a srcset, narrowest first, as absolute addresses', () => {
    expect(
      parseSrcset('/img/b-1600.jpg 1600w, b-480.jpg 480w,  https://cdn.example/b-800.jpg   800w', base),
    ).toEqual([
      { url: 'https://clinic.example/en/gallery/b-480.jpg', width: 480 },
      { url: 'https://cdn.example/b-800.jpg', width: 800 },
      { url: 'https://clinic.example/img/b-1600.jpg', width: 1600 },
    ]);
    // No space after the comma; a comma inside an address.
    expect(parseSrcset('a.jpg 480w,c.jpg?crop=1,2 800w', base).map((s) => s.width)).toEqual([480, 800]);
    expect(parseSrcset('c.jpg?crop=1,2 800w', base)[0]!.url).toBe(
      'https://clinic.example/en/gallery/c.jpg?crop=1,2',
    );
  });

  it('leaves out x descriptors, bare addresses, other schemes and the video providers', () => {
    expect(parseSrcset('t.jpg, t@2x.jpg 2x', base)).toEqual([]);
    expect(
      parseSrcset(
        'javascript:alert(1) 480w, data:image/png;base64,AAAA 600w, https://i.ytimg.com/vi/x/hq.jpg 700w, https://i.ytimg.com./vi/x/hq.jpg 800w, ok.jpg 900w',
        base,
      ),
    ).toEqual([{ url: 'https://clinic.example/en/gallery/ok.jpg', width: 900 }]);
    expect(parseSrcset('', base)).toEqual([]);
  });

  it('picks the narrowest source that fills the stage at the device pixel ratio, else the full size', () => {
    const sources = parseSrcset('s.jpg 480w, m.jpg 800w, l.jpg 1600w', base);
    const name = (need: number) => pickSource('full.jpg', sources, need).split('/').pop();
    expect(name(327 * 2)).toBe('m.jpg'); // a 375 px phone at DPR 2
    expect(name(300)).toBe('s.jpg');
    expect(name(800)).toBe('m.jpg');
    expect(name(1080)).toBe('l.jpg'); // a desktop at DPR 1
    expect(name(2160)).toBe('full.jpg'); // none is wide enough: the href
    expect(pickSource('full.jpg', [], 10)).toBe('full.jpg');
  });
});
