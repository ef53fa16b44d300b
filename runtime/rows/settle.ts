/**
 * Equal-height rows, the pure part: which boxes belong to a row, how they group into visual
 * lines, and what min-height each gets, decided from a layout already read.
 */
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

/** How many rows enclose this one: inner rows are settled first. */
export const depth = (row: Element) => {
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
