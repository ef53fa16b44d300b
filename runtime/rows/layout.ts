import { settle, type BoxLayout } from './settle';

/** The min-heights the runtime gave, by box: what a pass reads back and what it last wrote. */
export type MinHeights = WeakMap<Element, number>;

/** Writes only a change: a same-value write is cheap, but not free. */
export function setMin(mins: MinHeights, box: HTMLElement, px: number | null): void {
  if ((mins.get(box) ?? null) === px) return;
  box.style.minHeight = px === null ? '' : `${px}px`;
  if (px === null) mins.delete(box);
  else mins.set(box, px);
}

/**
 * One nesting level of a pass: reads every box of every row first, then writes, so the level
 * costs at most one layout. Each box's size as settled is kept in `expected`, so its own
 * resize does not trigger another pass. Returns how many boxes it settled.
 */
export function settleLevel(
  level: Element[],
  rows: Map<Element, HTMLElement[]>,
  mins: MinHeights,
  expected: WeakMap<Element, { w: number; h: number }>,
): number {
  let count = 0;
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
      setMin(mins, b, set[i]!);
      expected.set(b, { w: layouts[r]![i]!.width, h: heights[i]! });
    });
    count += boxes.length;
  });
  return count;
}
