import { describe, expect, it, vi } from 'vitest';
import { after, whenIdle } from '../../runtime/defer';

/** A window whose paint entries and idle periods the test hands out. */
function fakeWindow(options: { hidden?: boolean; idle?: boolean; paintTiming?: boolean } = {}) {
  const idles = new Map<number, () => void>();
  const observers = new Set<() => void>();
  const observed: PerformanceObserverInit[] = [];
  let next = 1;
  class Observer {
    static supportedEntryTypes = options.paintTiming === false ? ['resource'] : ['paint', 'resource'];
    constructor(private readonly cb: () => void) {}
    observe = vi.fn((init: PerformanceObserverInit) => {
      observed.push(init);
      observers.add(this.cb);
    });
    disconnect = vi.fn(() => observers.delete(this.cb));
  }
  const win = {
    document: { visibilityState: options.hidden ? 'hidden' : 'visible' },
    PerformanceObserver: Observer,
    requestIdleCallback: vi.fn((cb: () => void) => (idles.set(next, cb), next++)),
    cancelIdleCallback: vi.fn((id: number) => idles.delete(id)),
    setTimeout: vi.fn((cb: () => void, ms: number) => setTimeout(cb, ms)),
    clearTimeout: vi.fn((id: number) => clearTimeout(id)),
  };
  if (options.idle === false) Object.assign(win, { requestIdleCallback: undefined });
  return {
    win: win as unknown as Window,
    spies: win,
    observed,
    paint: () => [...observers].forEach((cb) => cb()),
    idle: () => {
      const now = [...idles.values()];
      idles.clear();
      now.forEach((cb) => cb());
    },
    pending: () => observers.size + idles.size,
  };
}

describe('whenIdle: idle work waits for the first paint', () => {
  it('asks for an idle period only once the page reports its first paint', () => {
    const w = fakeWindow();
    const fn = vi.fn();
    whenIdle(w.win, new AbortController().signal, fn);
    // Buffered: a paint before the call is reported too (a marker added long after load).
    expect(w.observed).toEqual([{ type: 'paint', buffered: true }]);
    expect(w.spies.requestIdleCallback).not.toHaveBeenCalled();
    w.paint();
    expect(w.spies.requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: 2000 });
    expect(fn).not.toHaveBeenCalled();
    w.idle();
    expect(fn).toHaveBeenCalledTimes(1);
    // The paint watch is over: a later paint entry starts nothing more.
    w.paint();
    expect(w.spies.requestIdleCallback).toHaveBeenCalledTimes(1);
  });

  it('on a hidden page, or without paint timing, asks for the idle period at once', () => {
    for (const options of [{ hidden: true }, { paintTiming: false }]) {
      const w = fakeWindow(options);
      const fn = vi.fn();
      whenIdle(w.win, new AbortController().signal, fn, 500);
      expect(w.spies.requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: 500 });
      w.idle();
      expect(fn).toHaveBeenCalledTimes(1);
    }
  });

  it('where no paint entry comes (Firefox without contentful paint), goes on after the bound', () => {
    vi.useFakeTimers();
    try {
      const w = fakeWindow();
      const fn = vi.fn();
      whenIdle(w.win, new AbortController().signal, fn, 300);
      vi.advanceTimersByTime(299);
      expect(w.spies.requestIdleCallback).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(w.spies.requestIdleCallback).toHaveBeenCalledTimes(1);
      w.paint(); // the observer was disconnected: no second idle request
      expect(w.spies.requestIdleCallback).toHaveBeenCalledTimes(1);
      w.idle();
      expect(fn).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('an abort while waiting for the paint stops the watch and its bound, and nothing runs', () => {
    const w = fakeWindow();
    const fn = vi.fn();
    const connection = new AbortController();
    whenIdle(w.win, connection.signal, fn);
    connection.abort();
    expect(w.spies.clearTimeout).toHaveBeenCalled();
    expect(w.pending()).toBe(0);
    w.paint();
    expect(fn).not.toHaveBeenCalled();
  });

  it('an abort or the returned cancel while waiting for idle cancels the idle callback', () => {
    for (const how of ['abort', 'cancel'] as const) {
      const w = fakeWindow({ hidden: true });
      const fn = vi.fn();
      const connection = new AbortController();
      const cancel = whenIdle(w.win, connection.signal, fn);
      if (how === 'abort') connection.abort();
      else cancel();
      expect(w.spies.cancelIdleCallback).toHaveBeenCalled();
      expect(w.pending()).toBe(0);
      expect(fn).not.toHaveBeenCalled();
    }
  });

  it('without requestIdleCallback, runs on a task after the paint', async () => {
    const w = fakeWindow({ idle: false });
    const fn = vi.fn();
    whenIdle(w.win, new AbortController().signal, fn);
    w.paint();
    await vi.waitFor(() => expect(fn).toHaveBeenCalledTimes(1));
  });

  it('does nothing on an aborted signal', () => {
    const w = fakeWindow();
    const connection = new AbortController();
    connection.abort();
    const fn = vi.fn();
    whenIdle(w.win, connection.signal, fn);
    after(w.win, connection.signal, 0, fn);
    expect(w.pending()).toBe(0);
    expect(w.spies.setTimeout).not.toHaveBeenCalled();
    expect(fn).not.toHaveBeenCalled();
  });
});
