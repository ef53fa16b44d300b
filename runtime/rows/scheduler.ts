import type { Runtime } from '../runtime';
import { attr } from '../schema';
import { boxesOf, depth, settle, type BoxLayout } from './settle';

const rowOf = (node: Node | null) => (node instanceof Element ? node.closest(`[${attr.row}]`) : null);

/**
 * One scheduler per runtime: every row's work is batched into one pass per frame that reads
 * every box, then writes (one layout per nesting level, and none at all when the browser has
 * already laid out the page).
 *
 * A pass runs whenever a line's membership can change, and only then:
 * - a box's size differs from the one the last pass expected (so the pass's own writes, or a
 *   resize that changes nothing, never trigger another);
 * - a row's width changes: boxes of a fixed width keep their size while their lines re-form;
 * - the window's width changes: a breakpoint can re-flow fixed-width boxes in a fixed-width
 *   row (its height alone cannot change a line);
 * - boxes are added, removed, or gain or lose the marker, or a nested row comes or goes;
 * - a font or an image in a row finishes loading.
 */
export function rowScheduler(runtime: Runtime) {
  const win = runtime.window;
  const signal = runtime.signal;
  const dirty = new Set<Element>();
  /** Rows whose boxes must be listed again before the next pass. */
  const stale = new Set<Element>();
  const rows = new Map<Element, HTMLElement[]>();
  const expected = new WeakMap<Element, { w: number; h: number }>();
  const rowWidths = new WeakMap<Element, number>();
  const mins = new WeakMap<Element, number>();
  let frame = 0;
  let resizeFrame = 0;
  let lastWidth = win.innerWidth;

  const schedule = (row?: Element) => {
    if (signal.aborted) return;
    if (row) dirty.add(row);
    else rows.forEach((_, r) => dirty.add(r));
    frame ||= win.requestAnimationFrame(pass);
  };

  const differs = (a: number, b: number | undefined) => b === undefined || Math.abs(a - b) > 0.5;
  const ro = new win.ResizeObserver((entries) => {
    for (const { target, borderBoxSize } of entries) {
      const size = borderBoxSize?.[0];
      if (rows.has(target)) {
        if (!size || differs(size.inlineSize, rowWidths.get(target))) schedule(target);
        if (size) rowWidths.set(target, size.inlineSize);
        continue;
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

  /** Writes only a change: a same-value write is cheap, but not free. */
  const setMin = (box: HTMLElement, px: number | null) => {
    if ((mins.get(box) ?? null) === px) return;
    box.style.minHeight = px === null ? '' : `${px}px`;
    if (px === null) mins.delete(box);
    else mins.set(box, px);
  };

  /** Lists a row's boxes again: new ones are observed, lost ones let go of their min-height. */
  function relist(row: Element) {
    const before = rows.get(row) ?? [];
    const now = boxesOf(row);
    for (const b of before) {
      if (now.includes(b)) continue;
      ro.unobserve(b);
      setMin(b, null);
    }
    for (const b of now) if (!before.includes(b)) ro.observe(b);
    rows.set(row, now);
  }

  function pass() {
    frame = 0;
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
  win.addEventListener('load', onLoad, { signal });
  win.document.fonts?.addEventListener('loadingdone', onLoad, { signal });
  // The pass waits one more frame: the browser lays out the new width first, so the pass
  // reads a layout it already has instead of forcing one inside the resize.
  win.addEventListener(
    'resize',
    () => {
      if (win.innerWidth === lastWidth) return;
      lastWidth = win.innerWidth;
      resizeFrame ||= win.requestAnimationFrame(() => {
        resizeFrame = 0;
        schedule();
      });
    },
    { signal },
  );
  signal.addEventListener('abort', () => {
    ro.disconnect();
    mo.disconnect();
    win.cancelAnimationFrame(frame);
    win.cancelAnimationFrame(resizeFrame);
  });

  return {
    add(row: Element) {
      rows.set(row, []);
      relist(row);
      ro.observe(row);
      mo.observe(row, {
        childList: true,
        subtree: true,
        attributes: true,
        attributeFilter: [attr.box, attr.row],
      });
      schedule(row);
    },
    remove(row: Element) {
      for (const b of rows.get(row) ?? []) {
        ro.unobserve(b);
        setMin(b, null);
      }
      ro.unobserve(row);
      rows.delete(row);
      dirty.delete(row);
      stale.delete(row);
    },
    schedule,
  };
}
