import type { Runtime } from '../runtime';
import { setMin, settleLevel, type MinHeights } from './layout';
import { boxesOf, depth } from './settle';
import { watchRows } from './triggers';

/**
 * One scheduler per runtime: every row's work is batched into one pass per frame that reads
 * every box, then writes (one layout per nesting level, and none at all when the browser has
 * already laid out the page). A pass runs whenever a line's membership can change, and only
 * then (triggers.ts).
 */
export function rowScheduler(runtime: Runtime) {
  const win = runtime.window;
  const signal = runtime.signal;
  const dirty = new Set<Element>();
  /** Rows whose boxes must be listed again before the next pass. */
  const stale = new Set<Element>();
  const rows = new Map<Element, HTMLElement[]>();
  const expected = new WeakMap<Element, { w: number; h: number }>();
  const mins: MinHeights = new WeakMap();
  let frame: (() => void) | undefined;

  const schedule = (row?: Element) => {
    if (signal.aborted) return;
    if (row) dirty.add(row);
    else rows.forEach((_, r) => dirty.add(r));
    frame ??= runtime.work.frame(pass, signal);
  };
  const [ro, watch] = watchRows(win, signal, rows, expected, stale, schedule, runtime.work);
  const printing = aroundPrinting(win, signal, rows, mins, schedule);

  /** Watched while a row, or a box of one: a nested row is both (one observation for the two). */
  const unobserve = (el: Element) =>
    rows.has(el) || [...rows.values()].some((l) => l.includes(el as HTMLElement)) || ro.unobserve(el);
  /** A box that left its row lets go of its min-height. */
  const release = (b: HTMLElement) => {
    setMin(mins, b, null);
    unobserve(b);
  };
  /** A new observation reports the box's size at the next frame, changed or not. */
  const remeasure = (b: HTMLElement) => (ro.unobserve(b), ro.observe(b));
  /** Lists a row's boxes again: new ones are observed, lost ones released. */
  function relist(row: Element) {
    const before = rows.get(row) ?? [];
    const now = boxesOf(row);
    rows.set(row, now);
    for (const b of before) if (!now.includes(b)) release(b);
    for (const b of now) if (!before.includes(b)) ro.observe(b);
  }

  function pass() {
    frame = undefined;
    if (printing.on) return; // its rows stay dirty for the pass after
    const start = win.performance.now();
    const levels = new Map<number, Element[]>();
    for (const row of dirty) {
      if (!row.isConnected || !rows.has(row)) continue;
      if (stale.delete(row)) relist(row);
      const d = depth(row);
      levels.set(d, [...(levels.get(d) ?? []), row]);
    }
    dirty.clear();
    let count = 0;
    // Inner rows first: an outer box's natural height includes its inner row's result.
    for (const d of [...levels.keys()].sort((a, b) => b - a))
      count += settleLevel(levels.get(d)!, rows, mins, expected, remeasure);
    if (count) win.performance.measure('sw:rows', { start, detail: { boxes: count } });
  }

  signal.addEventListener('abort', () => frame?.());

  return {
    add(row: Element) {
      rows.set(row, []);
      relist(row);
      watch(row);
      schedule(row);
    },
    remove(row: Element) {
      const boxes = rows.get(row) ?? [];
      rows.delete(row);
      boxes.forEach(release);
      unobserve(row);
      dirty.delete(row);
      stale.delete(row);
    },
    schedule,
  };
}

/**
 * Printing lays the page out again (narrower, often one column) with no script run for it:
 * the screen's heights left gaps and extra pages. They are let go for it, and come back after.
 */
function aroundPrinting(
  win: Window,
  signal: AbortSignal,
  rows: Map<Element, HTMLElement[]>,
  mins: MinHeights,
  schedule: () => void,
): { on: boolean } {
  const printing = { on: false };
  const letGo = () => {
    printing.on = true; // no pass meanwhile: it would measure the screen's layout again
    rows.forEach((boxes) => boxes.forEach((b) => setMin(mins, b, null)));
  };
  win.addEventListener('beforeprint', letGo, { signal });
  win.addEventListener('afterprint', () => ((printing.on = false), schedule()), { signal });
  return printing;
}
