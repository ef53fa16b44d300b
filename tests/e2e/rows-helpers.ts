import type { Page } from '@playwright/test';

/** Box heights, rounded, in document order. */
export const heights = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().height)));

/**
 * The rule itself, for one row's own boxes: boxes whose tops are within 1 px share one
 * height; a box alone on its line has no min-height from the runtime. Returns the problems.
 */
export const rowProblems = (page: Page, row: string) =>
  page.locator(row).evaluate((rowEl) => {
    const boxes = [...rowEl.querySelectorAll<HTMLElement>('[data-sw-box]')].filter(
      (b) => b.parentElement!.closest('[data-sw-row]') === rowEl,
    );
    const rects = boxes.map((b) => b.getBoundingClientRect());
    const problems: string[] = [];
    boxes.forEach((b, i) => {
      const line = boxes.filter((_, j) => Math.abs(rects[j]!.top - rects[i]!.top) <= 1);
      const hs = line.map((o) => o.getBoundingClientRect().height);
      if (line.length > 1 && Math.max(...hs) - Math.min(...hs) > 1)
        problems.push(`line of box ${i}: ${hs.join(', ')}`);
      if (line.length === 1 && b.style.minHeight)
        problems.push(`lone box ${i} has min-height ${b.style.minHeight}`);
    });
    return problems;
  });

/**
 * Compares every box with the rule computed independently: a copy of the row without the
 * runtime's markers or min-heights, laid out in the same place, gives each box's natural
 * height and line. Returns the boxes whose height is not their line's tallest natural one.
 */
export const naturalMismatches = (page: Page, row: string) =>
  page.locator(row).evaluate((rowEl) => {
    const own = (r: Element) =>
      [...r.querySelectorAll<HTMLElement>('[data-sw-box]')].filter(
        (b) => b.parentElement!.closest('[data-sw-row]') === r,
      );
    const boxes = own(rowEl);
    const copy = rowEl.cloneNode(true) as HTMLElement;
    const copies = own(copy);
    for (const el of [copy, ...copy.querySelectorAll<HTMLElement>('*')]) {
      el.removeAttribute('id');
      if (el.hasAttribute('data-sw-box')) el.style.minHeight = '';
      for (const a of [...el.attributes]) if (a.name.startsWith('data-sw-')) el.removeAttribute(a.name);
    }
    rowEl.after(copy);
    const natural = copies.map((c) => c.getBoundingClientRect());
    const actual = boxes.map((b) => b.getBoundingClientRect().height);
    copy.remove();
    return boxes.flatMap((_, i) => {
      const line = natural.filter((n) => Math.abs(n.top - natural[i]!.top) <= 1);
      const want = line.length > 1 ? Math.max(...line.map((n) => n.height)) : natural[i]!.height;
      return Math.abs(actual[i]! - want) > 0.5 ? [`box ${i}: ${actual[i]} instead of ${want}`] : [];
    });
  });
