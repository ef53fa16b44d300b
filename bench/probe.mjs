// Runs in every benchmarked page before its own scripts (Playwright's init script): records
// long tasks, long script runs and layout shifts from the start, and times interactions from
// the input event to the first frame presented after the page shows their result.
export function probe() {
  const w = window;
  const b = (w.__bench = { longTasks: [], cls: 0 });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) b.longTasks.push(e.duration);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) b.cls += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
  // Which script made a frame long: Long Animation Frames name each script run over 5 ms in a
  // frame over 50 ms, with its duration (forced style and layout included). A long task alone
  // does not say whose it is: the page's own parsing and first layout make long tasks too.
  // Only the page's own scripts (its origin's files and inline scripts), not the benchmark's.
  if (PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')) {
    b.scripts = [];
    new PerformanceObserver((list) => {
      for (const frame of list.getEntries())
        for (const s of frame.scripts)
          if (s.sourceURL.startsWith(location.origin)) b.scripts.push(s.duration);
    }).observe({ type: 'long-animation-frame', buffered: true });
  }
  // What the benchmark waits for (measure.mjs), without Playwright's scripts in the page.
  b.whenReady = new Promise((resolve) => document.addEventListener('sw:ready', resolve, { once: true }));
  b.whenLoaded = new Promise((resolve) => addEventListener('load', resolve, { once: true }));

  const shows = ({ selector, text, visible }) => {
    const el = document.querySelector(selector);
    if (!el) return false;
    if (text !== undefined && !el.textContent.includes(text)) return false;
    if (visible && !el.checkVisibility({ opacityProperty: false })) return false;
    if (el instanceof HTMLImageElement && !(el.complete && el.naturalWidth > 0)) return false;
    return true;
  };

  /**
   * Sets `timing`, a promise of the ms from the next `type` event (its timeStamp) to the first frame after
   * `condition` holds: the check runs in each animation frame, and the frame that shows the
   * result is over when a task queued from its callback runs.
   */
  b.arm = (type, condition) => {
    b.timing = new Promise((resolve) => {
      let start;
      const onEvent = (e) => (start ??= e.timeStamp);
      w.addEventListener(type, onEvent, { capture: true, once: true });
      const check = () => {
        if (start !== undefined && shows(condition)) {
          setTimeout(() => resolve(performance.now() - start));
        } else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    });
  };
}
