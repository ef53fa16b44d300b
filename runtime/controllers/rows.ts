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
  return [...row.querySelectorAll<HTMLElement>(`[${attr.box}]`)].filter((b) => b.parentElement?.closest(`[${attr.row}]`) === row);
}

const depth = (row: Element) => {
  let d = 0;
  for (let r = row.parentElement?.closest(`[${attr.row}]`); r; r = r.parentElement?.closest(`[${attr.row}]`)) d++;
  return d;
};

/**
 * One scheduler per runtime: every row's work is batched into one pass per frame that reads
 * every box before writing any (one forced layout per nesting level, not one per row).
 * Natural heights are read after clearing the min-heights the runtime set (a style write
 * per box; measured cheaper than a row attribute that restyles every descendant). A
 * ResizeObserver wakes the pass only when a box's size differs from the one the last pass
 * left, so the pass's own writes, or a resize that changes nothing, never trigger another.
 */
function scheduler(runtime: Runtime) {
  const win = runtime.window;
  const dirty = new Set<Element>();
  const rows = new Map<Element, HTMLElement[]>();
  const left = new WeakMap<Element, { w: number; h: number }>();
  let frame = 0;

  const schedule = (row?: Element) => {
    if (row) dirty.add(row);
    else rows.forEach((_, r) => dirty.add(r));
    frame ||= win.requestAnimationFrame(pass);
  };

  const ro = new win.ResizeObserver((entries) => {
    for (const { target, borderBoxSize } of entries) {
      const size = borderBoxSize?.[0];
      const was = left.get(target);
      if (!size || !was || Math.abs(size.inlineSize - was.w) > 0.5 || Math.abs(size.blockSize - was.h) > 0.5) {
        const row = target.parentElement?.closest(`[${attr.row}]`);
        if (row && rows.has(row)) schedule(row);
      }
    }
  });

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
      for (const row of level) for (const b of rows.get(row)!) b.style.minHeight = '';
      const measured = level.map((row) => rows.get(row)!.map((b) => b.getBoundingClientRect()));
      level.forEach((row, r) => {
        const list = rows.get(row)!;
        const rects = measured[r]!;
        const shown = list.map((_, i) => i).filter((i) => rects[i]!.width || rects[i]!.height);
        for (const group of groupByTop(shown.map((i) => rects[i]!.top))) {
          const members = group.map((g) => shown[g]!);
          const tallest = Math.max(...members.map((i) => rects[i]!.height));
          for (const i of members) {
            const alone = members.length === 1;
            if (!alone) list[i]!.style.minHeight = `${tallest}px`;
            left.set(list[i]!, { w: rects[i]!.width, h: alone ? rects[i]!.height : tallest });
          }
        }
        count += list.length;
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
        b.style.minHeight = '';
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
