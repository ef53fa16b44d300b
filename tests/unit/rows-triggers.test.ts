import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchRows } from '../../runtime/rows/triggers';
import { Work } from '../../runtime/work';

describe('row triggers', () => {
  afterEach(() => vi.restoreAllMocks());

  it("read the window's width at the observer's first answer, not when they start", () => {
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((fn) => frames.push(fn));
    let answer!: ResizeObserverCallback;
    vi.spyOn(window, 'ResizeObserver').mockImplementation(function (
      this: object,
      cb: ResizeObserverCallback,
    ) {
      answer = cb;
      return { observe() {}, unobserve() {}, disconnect() {} } as unknown as ResizeObserver;
    });
    let width = 1280;
    const read = vi.spyOn(window, 'innerWidth', 'get').mockImplementation(() => width);
    const aborts = new AbortController();
    const schedule = vi.fn();
    watchRows(window, aborts.signal, new Map(), new WeakMap(), new Set(), schedule, new Work(window));
    // Read during the runtime's first scan, innerWidth forced the page's first layout.
    expect(read).not.toHaveBeenCalled();

    answer([], {} as ResizeObserver); // the first rendering, after the browser's layout
    expect(read).toHaveBeenCalled();
    const resize = () => {
      window.dispatchEvent(new Event('resize'));
      frames.splice(0).forEach((fn) => fn(0));
    };
    resize(); // the height alone (a phone's address bar): no pass
    expect(schedule).not.toHaveBeenCalled();
    width = 900;
    resize();
    expect(schedule).toHaveBeenCalledTimes(1);
    aborts.abort();
  });
});
