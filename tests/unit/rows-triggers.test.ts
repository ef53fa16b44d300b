import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchRows } from '../../runtime/rows/triggers';
import { Work } from '../../runtime/work';

describe('row triggers', () => {
  afterEach(() => vi.restoreAllMocks());

  it('read no layout when they start: innerWidth during boot would force the first layout early', () => {
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((fn) => frames.push(fn));
    const width = vi.spyOn(window, 'innerWidth', 'get');
    const aborts = new AbortController();
    const schedule = vi.fn();
    watchRows(window, aborts.signal, new Map(), new WeakMap(), new Set(), schedule, new Work(window));
    expect(width).not.toHaveBeenCalled();

    // The first resize runs a pass (there is no width to compare with yet)…
    window.dispatchEvent(new Event('resize'));
    frames.splice(0).forEach((fn) => fn(0));
    expect(schedule).toHaveBeenCalledTimes(1);
    // …and one to the same width does not.
    window.dispatchEvent(new Event('resize'));
    frames.splice(0).forEach((fn) => fn(0));
    expect(schedule).toHaveBeenCalledTimes(1);
    aborts.abort();
  });
});
