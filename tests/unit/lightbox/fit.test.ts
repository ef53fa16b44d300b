import { describe, expect, it } from 'vitest';
import { FIT_MARGIN, FIT_MIN_MARGIN, fitMargin, fitSize, stageRoom } from '../../../runtime/lightbox/fit';

describe('fitting (spec §4; issue 16: a margin that scales with the window)', () => {
  it('the margin grows with the window: 48 px on a phone, the spec’s 200 px from 1280 px up', () => {
    expect([375, 414, 768, 1024, 1280, 2560].map(fitMargin)).toEqual([48, 48, 72, 136, 200, 200]);
    expect([FIT_MIN_MARGIN, FIT_MARGIN]).toEqual([48, 200]);
  });

  it('the room: the window less its margins, or less what the dialog takes where that is more', () => {
    // A desktop window: minus 200 px both ways while the dialog's parts take less.
    expect(stageRoom({ width: 1280, height: 720 }, { x: 40, y: 150 })).toEqual({ width: 1080, height: 520 });
    // A phone: almost all of its width; the caption, navigation and thumbnails stay in view below.
    expect(stageRoom({ width: 375, height: 667 }, { x: 40, y: 250 })).toEqual({ width: 327, height: 417 });
    expect(stageRoom({ width: 375, height: 667 }, { x: 60, y: 250 }).width).toBe(315);
    // On its side, they never take more than half the height (the dialog scrolls to them).
    expect(stageRoom({ width: 667, height: 375 }, { x: 40, y: 250 })).toEqual({ width: 619, height: 187.5 });
  });

  it('shrinks large content by one scale, keeping its proportions, unless shown at full size', () => {
    const room = { width: 1080, height: 520 };
    expect(fitSize(960, 640, room, true)).toEqual({ width: 780, height: 520, large: true });
    expect(fitSize(960, 640, room, false)).toEqual({ width: 960, height: 640, large: true });
  });

  it('never enlarges content that fits, and never goes below 5 %', () => {
    const room = { width: 1080, height: 520 };
    expect(fitSize(400, 300, room, true)).toEqual({ width: 400, height: 300, large: false });
    expect(fitSize(100_000, 100_000, room, true)).toEqual({ width: 5000, height: 5000, large: true });
  });
});
