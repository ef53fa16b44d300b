import { describe, expect, it } from 'vitest';
import { FIT_MARGIN, fitSize } from '../../../runtime/lightbox/fit';

describe('fitting to the window minus 200 px (spec §4)', () => {
  const view = { width: 1280, height: 720 };
  it('shrinks large content by one scale, keeping its proportions, unless shown at full size', () => {
    expect(fitSize(960, 640, view, true)).toEqual({ width: 780, height: 520, large: true });
    expect(fitSize(960, 640, view, false)).toEqual({ width: 960, height: 640, large: true });
    expect(720 - FIT_MARGIN).toBe(520);
  });
  it('leaves content that fits as it is, and never goes below 5 %', () => {
    expect(fitSize(400, 300, view, true)).toEqual({ width: 400, height: 300, large: false });
    expect(fitSize(100_000, 100_000, view, true)).toEqual({ width: 5000, height: 5000, large: true });
  });
});
