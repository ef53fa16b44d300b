import type { Work } from '../work';
import { attr } from '../schema';

type Rows = Map<Element, HTMLElement[]>;

const rowOf = (node: Node | null) => (node instanceof Element ? node.closest(`[${attr.row}]`) : null);

/**
 * What makes the row scheduler run a pass (scheduler.ts), besides the rows controller (a row
 * connecting, an image in it loading): whenever a line's membership can change, and only then:
 * - a box's size differs from the one the last pass expected (so the pass's own writes, or a
 *   resize that changes nothing, never trigger another);
 * - a row's width changes: boxes of a fixed width keep their size while their lines re-form;
 * - the window's width changes: a breakpoint can re-flow fixed-width boxes in a fixed-width
 *   row (its height alone cannot change a line);
 * - boxes are added, removed, or gain or lose the marker, or a nested row comes or goes (the
 *   row is then `stale`: its boxes are listed again);
 * - the page finishes loading, or a font does.
 *
 * Returns the resize observer, which the scheduler points at each row's boxes, and what starts
 * watching a row. Everything stops with `signal`.
 */
export function watchRows(
  win: Window & typeof globalThis,
  signal: AbortSignal,
  rows: Rows,
  expected: WeakMap<Element, { w: number; h: number }>,
  stale: Set<Element>,
  schedule: (row?: Element) => void,
  work: Work,
) {
  const rowWidths = new WeakMap<Element, number>();
  const differs = (a: number, b: number | undefined) => b === undefined || Math.abs(a - b) > 0.5;
  let resizeFrame: (() => void) | undefined;
  // Read at the observer's first answer, after the browser's own layout: read now, during the
  // runtime's first scan, it forced the page's first layout, which the other controllers'
  // writes then undid before the first paint.
  let lastWidth: number | undefined;
  const ro = new win.ResizeObserver((entries) => {
    lastWidth ??= win.innerWidth;
    for (const { target, borderBoxSize } of entries) {
      const size = borderBoxSize?.[0];
      if (rows.has(target)) {
        if (!size || differs(size.inlineSize, rowWidths.get(target))) schedule(target);
        if (size) rowWidths.set(target, size.inlineSize);
        if (!target.hasAttribute(attr.box)) continue; // else also a box of an outer row: below
      }
      const was = expected.get(target);
      if (!size || !was || differs(size.inlineSize, was.w) || differs(size.blockSize, was.h)) {
        const row = rowOf(target.parentElement);
        if (row && rows.has(row)) schedule(row);
      }
    }
  });

  // Attribute records name the element that gained or lost the marker; child list records
  // name the parent whose children changed.
  const mo = new win.MutationObserver((records) => {
    for (const r of records) {
      const row = rowOf(r.type === 'attributes' ? r.target.parentNode : r.target);
      if (row && rows.has(row)) {
        stale.add(row);
        schedule(row);
      }
    }
  });

  const onLoad = () => schedule();
  win.addEventListener('load', onLoad, { signal });
  win.document.fonts?.addEventListener('loadingdone', onLoad, { signal });
  // The pass waits one more frame: the browser lays out the new width first, so the pass
  // reads a layout it already has instead of forcing one inside the resize.
  win.addEventListener(
    'resize',
    () => {
      if (win.innerWidth === lastWidth) return;
      lastWidth = win.innerWidth;
      resizeFrame ??= work.frame(() => {
        resizeFrame = undefined;
        schedule();
      });
    },
    { signal },
  );
  signal.addEventListener('abort', () => {
    ro.disconnect();
    mo.disconnect();
    resizeFrame?.();
  });

  const watch = (row: Element) => {
    ro.observe(row);
    mo.observe(row, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: [attr.box, attr.row],
    });
  };
  return [ro, watch] as const;
}
