import { afterEach, describe, expect, it, vi } from 'vitest';
import { rows } from '../../runtime/controllers/rows';
import { watchRows } from '../../runtime/rows/triggers';
import { Runtime } from '../../runtime/runtime';
import { Work } from '../../runtime/work';

/** The rows' ResizeObserver, replaced: the test answers for the browser through `callback`. */
function mockObserver() {
  const observer = { callback: (() => {}) as ResizeObserverCallback };
  vi.spyOn(window, 'ResizeObserver').mockImplementation(function (this: object, cb: ResizeObserverCallback) {
    observer.callback = cb;
    return { observe() {}, unobserve() {}, disconnect() {} } as unknown as ResizeObserver;
  });
  return observer;
}

describe('row triggers', () => {
  afterEach(() => vi.restoreAllMocks());

  it("read the window's width at the observer's first answer, not when they start", () => {
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((fn) => frames.push(fn));
    const answer = (...args: Parameters<ResizeObserverCallback>) => observer.callback(...args);
    const observer = mockObserver();
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

describe('a row that is also a box of an outer row', () => {
  afterEach(() => vi.restoreAllMocks());

  it('its height changing (its width the same) schedules the outer row', () => {
    const answer = (...args: Parameters<ResizeObserverCallback>) => observer.callback(...args);
    const observer = mockObserver();
    document.body.innerHTML =
      '<div data-sw-row id="outer"><div data-sw-box data-sw-row id="inner"><div data-sw-box>a</div></div><div data-sw-box>b</div></div>';
    const outer = document.getElementById('outer')!;
    const inner = document.getElementById('inner')!;
    const rows = new Map<Element, HTMLElement[]>([
      [outer, [...outer.querySelectorAll<HTMLElement>(':scope > [data-sw-box]')]],
      [inner, [...inner.querySelectorAll<HTMLElement>(':scope > [data-sw-box]')]],
    ]);
    const expected = new WeakMap([[inner as Element, { w: 300, h: 100 }]]);
    const schedule = vi.fn();
    const aborts = new AbortController();
    watchRows(window, aborts.signal, rows, expected, new Set(), schedule, new Work(window));
    const entry = (w: number, h: number) =>
      ({ target: inner, borderBoxSize: [{ inlineSize: w, blockSize: h }] }) as unknown as ResizeObserverEntry;
    answer([entry(300, 100)], {} as ResizeObserver); // its first answer: the width is new to it
    schedule.mockClear();
    answer([entry(300, 180)], {} as ResizeObserver); // a <details> inside opened: taller, as wide
    expect(schedule.mock.calls.map(([row]) => (row as Element | undefined)?.id)).toEqual(['outer']);
    aborts.abort();
    document.body.innerHTML = '';
  });
});

describe('a row that stops being one while it is a box of an outer row', () => {
  afterEach(() => vi.restoreAllMocks());

  it('stays observed as the outer row’s box (its size changes still equalise the outer line)', async () => {
    const observed = new Set<Element>();
    vi.spyOn(window, 'ResizeObserver').mockImplementation(function () {
      return {
        observe: (el: Element) => observed.add(el),
        unobserve: (el: Element) => observed.delete(el),
        disconnect: () => observed.clear(),
      } as unknown as ResizeObserver;
    });
    document.body.innerHTML =
      '<div data-sw-row id="outer"><div data-sw-box data-sw-row id="inner"><div data-sw-box>a</div><div data-sw-box>b</div></div><div data-sw-box>c</div></div>';
    const rt = new Runtime(document, {
      definitions: [{ name: 'rows', selector: '[data-sw-row]', load: 'ready', controller: rows }],
      href: 'https://clinic.example/clinic/en/',
    });
    rt.start();
    const inner = document.getElementById('inner')!;
    await rt.work.idle();
    expect(observed.has(inner)).toBe(true);
    inner.removeAttribute('data-sw-row');
    await rt.work.idle();
    expect(observed.has(inner)).toBe(true);
    rt.destroy();
  });
});
