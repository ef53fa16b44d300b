import { boxExtra, dropEmptyStyle } from '../dom';
import { settle, type BoxLayout } from './settle';

/**
 * The min-heights the runtime gave, by box, as written (less the box's padding and borders
 * where its `box-sizing` leaves them out), with the box's own inline `min-height` from before.
 */
export type MinHeights = WeakMap<Element, { px: number; inline: string }>;

/**
 * Writes only a change: a same-value write is cheap, but not free. A builder's own inline
 * `min-height` stays the floor (CSS `max()`) and comes back when the runtime lets go.
 */
export function setMin(mins: MinHeights, box: HTMLElement, px: number | null): void {
  const held = mins.get(box);
  if ((held?.px ?? null) === px) return;
  const inline = held ? held.inline : box.style.minHeight;
  // A keyword (`auto`) is no floor, and inside max() no CSS: the whole write would be dropped.
  const floor = inline && CSS.supports('min-height', `max(${inline},0px)`);
  box.style.minHeight = px === null ? inline : floor ? `max(${inline}, ${px}px)` : `${px}px`;
  if (px !== null) return void mins.set(box, { px, inline });
  mins.delete(box);
  dropEmptyStyle(box);
}

/**
 * One nesting level of a pass: reads every box of every row first, then writes, so the level
 * costs at most one layout. Each box's size as settled is kept in `expected`, so its own
 * resize does not trigger another pass. Heights are border boxes; a `content-box` box's
 * `min-height` leaves out its padding and borders, so they come off what is written (else it
 * grows by them, and so does its line, pass after pass). A box lowered from a min-height it
 * was held at may keep its size (its content grew to that height meanwhile): the observer,
 * which reports changes only, would then never tell that it is taller than expected, so it is
 * handed to `unsure`, to be measured again. Returns how many boxes it settled.
 */
export function settleLevel(
  level: Element[],
  rows: Map<Element, HTMLElement[]>,
  mins: MinHeights,
  expected: WeakMap<Element, { w: number; h: number }>,
  unsure: (box: HTMLElement) => void = () => {},
): number {
  let count = 0;
  const extras = new Map<Element, number>();
  const layouts = level.map((row) =>
    rows.get(row)!.map((b): BoxLayout => {
      const cs = b.ownerDocument.defaultView!.getComputedStyle(b);
      const r = laidOut(b, cs);
      const extra = boxExtra(cs);
      extras.set(b, extra);
      const min = mins.get(b)?.px;
      return { top: r.top, width: r.width, height: r.height, min: min === undefined ? 0 : min + extra };
    }),
  );
  level.forEach((row, r) => {
    const boxes = rows.get(row)!;
    const { set, heights } = settle(layouts[r]!);
    boxes.forEach((b, i) => {
      const px = set[i]!;
      const was = layouts[r]![i]!;
      setMin(mins, b, px === null ? null : Math.max(0, px - extras.get(b)!));
      expected.set(b, { w: was.width, h: heights[i]! });
      if (px !== null && was.min && px < was.min - 0.5) unsure(b);
    });
    count += boxes.length;
  });
  return count;
}

/**
 * Where a box is laid out: its own transform (a card animating in with `translateY`, lifted
 * or scaled about its centre, CSS's default origin, on hover) moves its rectangle, not its
 * place in the line, and nothing measures it again once the transform ends. An ancestor's
 * scale (a section zooming in as it scrolls into view) scales every rectangle, but min-height
 * is written in layout pixels. Either way the layout size is whole pixels (`offsetHeight`);
 * only such boxes pay for that.
 */
function laidOut(b: HTMLElement, cs: CSSStyleDeclaration): { top: number; width: number; height: number } {
  const r = b.getBoundingClientRect();
  const [width, height] = [b.offsetWidth, b.offsetHeight];
  if (!cs.transform || cs.transform == 'none')
    return Math.abs(r.width - width) < 1 && Math.abs(r.height - height) < 1
      ? r
      : { top: r.top, width, height };
  const top = r.top - new DOMMatrixReadOnly(cs.transform).m42 - (height - r.height) / 2;
  return { top, width, height };
}
