import type { Controller } from '../controller';
import type { Runtime } from '../runtime';
import { attr } from '../schema';

/**
 * Groups boxes into visual rows: sorted by top, a box whose top is within 1 px of the
 * group's first top joins it. Returns groups of indices into `tops`.
 */
export function groupByTop(tops: readonly number[]): number[][] {
  const order = tops.map((_, i) => i).sort((a, b) => tops[a]! - tops[b]!);
  const groups: number[][] = [];
  let first = -Infinity;
  for (const i of order) {
    if (tops[i]! - first > 1) {
      groups.push([]);
      first = tops[i]!;
    }
    groups[groups.length - 1]!.push(i);
  }
  return groups;
}

/** The row's own boxes: `data-sw-box` descendants not inside a nested row. */
export function boxesOf(row: Element): HTMLElement[] {
  return [...row.querySelectorAll<HTMLElement>(`[${attr.box}]`)].filter(
    (b) => b.parentElement?.closest(`[${attr.row}]`) === row,
  );
}

const depth = (row: Element) => {
  let d = 0;
  for (let r = row.parentElement?.closest(`[${attr.row}]`); r; r = r.parentElement?.closest(`[${attr.row}]`))
    d++;
  return d;
};

/** One box as laid out: its border box, and the min-height the runtime gave it (0: none). */
export interface BoxLayout {
  top: number;
  width: number;
  height: number;
  min: number;
}

/** A row's decision: per box, the min-height to give (null: none) and the height expected. */
export interface Settlement {
  set: (number | null)[];
  heights: number[];
}

/**
 * Decides one row from the layout the browser already has, without clearing anything
 * (clearing means another style and layout of every box). A box with no min-height from the
 * runtime, or one taller than it, shows its natural height. A box held at its min-height is
 * only known to be no taller than that when natural, so it is lowered to the tallest height
 * its line shows. If its natural height is more, it now overflows that min-height; the
 * ResizeObserver sees it differ from the height expected and the next pass, reading it as
 * known, settles the line. Each pass either leaves every line as it is or moves it closer,
 * and at rest every box is its line's tallest natural height.
 */
export function settle(boxes: readonly BoxLayout[]): Settlement {
  const known = (b: BoxLayout) => !b.min || b.height > b.min + 0.5;
  const set: Settlement['set'] = boxes.map(() => null);
  const heights = boxes.map((b) => b.height);
  const shown = boxes.map((_, i) => i).filter((i) => boxes[i]!.width || boxes[i]!.height);
  for (const group of groupByTop(shown.map((i) => boxes[i]!.top))) {
    const line = group.map((g) => shown[g]!);
    // Alone on its line, or in a line of boxes all held up (a line that moved): no min-height.
    const tallest =
      line.length > 1 ? Math.max(...line.filter((i) => known(boxes[i]!)).map((i) => boxes[i]!.height)) : -1;
    if (tallest < 0) continue;
    for (const i of line) {
      if (known(boxes[i]!) && boxes[i]!.height >= tallest - 0.5) continue;
      set[i] = tallest;
      heights[i] = tallest;
    }
  }
  return { set, heights };
}

/**
 * One scheduler per runtime: every row's work is batched into one pass per frame that reads
 * every box, then writes (one layout per nesting level, and none at all when the browser has
 * already laid out the page). A ResizeObserver wakes the pass only when a box's size differs
 * from the one the last pass expected, so the pass's own writes, or a resize that changes
 * nothing, never trigger another.
 */
function scheduler(runtime: Runtime) {
  const win = runtime.window;
  const dirty = new Set<Element>();
  const rows = new Map<Element, HTMLElement[]>();
  const expected = new WeakMap<Element, { w: number; h: number }>();
  const mins = new WeakMap<Element, number>();
  let frame = 0;

  const schedule = (row?: Element) => {
    if (row) dirty.add(row);
    else rows.forEach((_, r) => dirty.add(r));
    frame ||= win.requestAnimationFrame(pass);
  };

  const ro = new win.ResizeObserver((entries) => {
    for (const { target, borderBoxSize } of entries) {
      const size = borderBoxSize?.[0];
      const was = expected.get(target);
      if (
        !size ||
        !was ||
        Math.abs(size.inlineSize - was.w) > 0.5 ||
        Math.abs(size.blockSize - was.h) > 0.5
      ) {
        const row = target.parentElement?.closest(`[${attr.row}]`);
        if (row && rows.has(row)) schedule(row);
      }
    }
  });

  /** Writes only a change: a same-value write is cheap, but not free. */
  const setMin = (box: HTMLElement, px: number | null) => {
    if ((mins.get(box) ?? null) === px) return;
    box.style.minHeight = px === null ? '' : `${px}px`;
    if (px === null) mins.delete(box);
    else mins.set(box, px);
  };

  function pass() {
    frame = 0;
    const start = win.performance.now();
    const levels = new Map<number, Element[]>();
    for (const row of dirty) {
      if (!row.isConnected || !rows.has(row)) continue;
      const d = depth(row);
      levels.set(d, [...(levels.get(d) ?? []), row]);
    }
    dirty.clear();
    let count = 0;
    // Inner rows first: an outer box's natural height includes its inner row's result.
    for (const d of [...levels.keys()].sort((a, b) => b - a)) {
      const level = levels.get(d)!;
      const layouts = level.map((row) =>
        rows.get(row)!.map((b): BoxLayout => {
          const r = b.getBoundingClientRect();
          return { top: r.top, width: r.width, height: r.height, min: mins.get(b) ?? 0 };
        }),
      );
      level.forEach((row, r) => {
        const boxes = rows.get(row)!;
        const { set, heights } = settle(layouts[r]!);
        boxes.forEach((b, i) => {
          setMin(b, set[i]!);
          expected.set(b, { w: layouts[r]![i]!.width, h: heights[i]! });
        });
        count += boxes.length;
      });
    }
    if (count) win.performance.measure('sw:rows', { start, detail: { boxes: count } });
  }

  const onLoad = () => schedule();
  win.addEventListener('load', onLoad, { signal: runtime.signal });
  win.document.fonts?.addEventListener('loadingdone', onLoad, { signal: runtime.signal });
  runtime.signal.addEventListener('abort', () => {
    ro.disconnect();
    win.cancelAnimationFrame(frame);
  });

  return {
    add(row: Element) {
      const boxes = boxesOf(row);
      rows.set(row, boxes);
      for (const b of boxes) ro.observe(b);
      schedule(row);
    },
    remove(row: Element) {
      for (const b of rows.get(row) ?? []) {
        ro.unobserve(b);
        setMin(b, null);
      }
      rows.delete(row);
      dirty.delete(row);
    },
    schedule,
  };
}

/** `data-sw-row`: boxes in one visual row get the tallest natural height as `min-height`. */
export const rows: Controller = {
  connect(row, ctx) {
    const s = ctx.runtime.shared(rows, () => scheduler(ctx.runtime));
    s.add(row);
    // An image (lazy or not) or an embed finishing inside the row can change its heights.
    ctx.listen(row, 'load', () => s.schedule(row), { capture: true });
    return () => s.remove(row);
  },
};
