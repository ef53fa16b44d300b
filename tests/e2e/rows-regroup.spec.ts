import type { Page } from '@playwright/test';
import { expect, openWithRuntime, test, urlFor } from './fixtures';
import { naturalMismatches, rowProblems } from './rows-helpers';

// Line membership can change while no box changes size: a fixed-width grid whose container
// narrows, a breakpoint that re-flows fixed-width boxes, boxes added or removed. Each must
// still end with every box at its line's tallest natural height (contract §3, rows).

/**
 * Adds a row of fixed-width boxes (200 px plus 10 px margins, so 220 px a box) to the home
 * page, each box holding a block of the given height. Styled through the CSSOM, which the
 * page's CSP allows (an inline style attribute or `<style>` it would not).
 */
async function addGrid(page: Page, width: number, contents: number[], boxStyle: Record<string, string> = {}) {
  await page.evaluate(
    ([w, hs, extra]) => {
      const row = document.createElement('div');
      row.id = 'grid';
      row.className = 'test-grid'; // the breakpoint rule's hook: kept by the natural-height copy
      row.setAttribute('data-sw-row', '');
      Object.assign(row.style, {
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'flex-start',
        width: `${w}px`,
      });
      for (const h of hs) {
        const box = document.createElement('div');
        box.setAttribute('data-sw-box', '');
        Object.assign(box.style, {
          flex: 'none',
          width: '200px',
          margin: '10px',
          background: '#eef',
          ...extra,
        });
        const block = document.createElement('div');
        block.style.height = `${h}px`;
        box.append(block);
        row.append(box);
      }
      document.querySelector('main')!.prepend(row);
    },
    [width, contents, boxStyle] as const,
  );
  await expect(page.locator('#grid')).toHaveAttribute('data-sw-ready', '');
}

const settled = async (page: Page, what: string) => {
  await expect.poll(() => naturalMismatches(page, '#grid'), what).toEqual([]);
  await expect.poll(() => rowProblems(page, '#grid'), what).toEqual([]);
};

const inlineMinHeights = (page: Page) =>
  page
    .locator('#grid > [data-sw-box]')
    .evaluateAll((els) => els.map((e) => (e as HTMLElement).style.minHeight));

const boxHeights = (page: Page) =>
  page
    .locator('#grid > [data-sw-box]')
    .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));

test.describe('equal-height rows regroup when line membership changes @wide', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openWithRuntime(page, urlFor('/clinic/en/'));
  });

  test('a fixed-width grid whose container narrows: the boxes keep their width, the lines change', async ({
    page,
  }) => {
    await addGrid(page, 880, [300, 50, 80, 40]);
    await settled(page, 'four a line');
    expect(await boxHeights(page)).toEqual([300, 300, 300, 300]);
    await page.locator('#grid').evaluate((row: HTMLElement) => (row.style.width = '440px'));
    await settled(page, 'two a line');
    expect(await boxHeights(page)).toEqual([300, 300, 80, 80]);
    await page.locator('#grid').evaluate((row: HTMLElement) => (row.style.width = '880px'));
    await settled(page, 'four a line again');
    expect(await boxHeights(page)).toEqual([300, 300, 300, 300]);
  });

  test('a breakpoint re-flows fixed-width boxes in a fixed-width row: a window resize regroups', async ({
    page,
  }) => {
    await page.evaluate(() => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync('@media (max-width: 1000px) { .test-grid { flex-direction: column } }');
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    });
    await addGrid(page, 880, [300, 50, 80, 40]);
    await settled(page, 'one line at 1280 px');
    expect(await boxHeights(page)).toEqual([300, 300, 300, 300]);
    await page.setViewportSize({ width: 900, height: 800 });
    await settled(page, 'one box a line at 900 px');
    expect(await boxHeights(page)).toEqual([300, 50, 80, 40]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await settled(page, 'one line again');
    expect(await boxHeights(page)).toEqual([300, 300, 300, 300]);
  });

  test("boxes with padding and borders in CSS's default box-sizing (content-box) settle at their line's tallest and stay", async ({
    page,
  }) => {
    // min-height counts the content box there: written as the border box read, every pass
    // made the boxes taller by their padding and borders, for ever.
    await addGrid(page, 900, [40, 120, 80], {
      boxSizing: 'content-box',
      padding: '20px',
      border: '2px solid #333',
    });
    await settled(page, 'content-box boxes');
    const first = await boxHeights(page);
    expect(first.map(Math.round)).toEqual([164, 164, 164]); // 120 + 2 × 20 + 2 × 2
    await page.evaluate(() => window.SiteRuntime!.idle());
    expect(await boxHeights(page)).toEqual(first);
  });

  test('a row in a scaled section (a zoom-in as it scrolls into view) is equalised in layout pixels, and stays so when the scale goes', async ({
    page,
  }) => {
    // Its rectangles are scaled, min-height is not: the line settled at 300, 200 and 180.
    const layoutHeights = () =>
      page
        .locator('#grid > [data-sw-box]')
        .evaluateAll((els) => els.map((e) => (e as HTMLElement).offsetHeight));
    await page.locator('main').evaluate((m: HTMLElement) => {
      m.style.transform = 'scale(0.6)';
      m.style.transformOrigin = '0 0';
    });
    await addGrid(page, 900, [300, 200, 100]);
    await expect.poll(layoutHeights).toEqual([300, 300, 300]);
    await page.locator('main').evaluate((m: HTMLElement) => (m.style.transform = 'none'));
    await page.evaluate(() => window.SiteRuntime!.idle());
    expect(await layoutHeights()).toEqual([300, 300, 300]);
  });

  test('printing lets the heights go (the printed page is laid out again, with no script), and they come back after', async ({
    page,
  }) => {
    await addGrid(page, 900, [40, 120, 80]);
    await expect.poll(() => boxHeights(page)).toEqual([120, 120, 120]);
    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    expect(await inlineMinHeights(page)).toEqual(['', '', '']);
    // And they stay let go while the print lasts: the boxes' resizing schedules no pass.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    await page.evaluate(() => window.SiteRuntime!.idle());
    expect(await inlineMinHeights(page)).toEqual(['', '', '']);
    expect(await boxHeights(page)).toEqual([40, 120, 80]);
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    await expect.poll(() => boxHeights(page)).toEqual([120, 120, 120]);
  });

  test("a builder's own inline min-height stays the floor, and comes back when the runtime lets go", async ({
    page,
  }) => {
    // It was overwritten, then cleared: a box alone on its line lost the builder's height.
    await addGrid(page, 880, [40, 50, 300], { minHeight: '120px' });
    await expect.poll(() => boxHeights(page), 'one line').toEqual([300, 300, 300]);
    await page.locator('#grid').evaluate((row: HTMLElement) => (row.style.width = '220px'));
    await expect.poll(() => boxHeights(page), 'a box a line').toEqual([120, 120, 300]);
    await page.evaluate(() => window.SiteRuntime!.idle());
    expect(await boxHeights(page)).toEqual([120, 120, 300]);
    await page.locator('#grid').evaluate((row: HTMLElement) => (row.style.width = '880px'));
    await expect.poll(() => boxHeights(page), 'one line again').toEqual([300, 300, 300]);
    await page.evaluate(() => window.SiteRuntime!.destroy());
    expect(await inlineMinHeights(page)).toEqual(['120px', '120px', '120px']);
  });

  test("a builder's inline min-height keyword (auto) is no floor: the line is still equalised, and it comes back", async ({
    page,
  }) => {
    // `max(auto, 300px)` is not CSS: the write was dropped, and the line never equalised.
    await addGrid(page, 880, [40, 50, 300], { minHeight: 'auto' });
    await expect.poll(() => boxHeights(page), 'one line').toEqual([300, 300, 300]);
    await page.evaluate(() => window.SiteRuntime!.destroy());
    expect(await inlineMinHeights(page)).toEqual(['auto', 'auto', 'auto']);
  });

  test('a held-up box that grows to exactly its old min-height while the tallest shrinks: the line settles on it', async ({
    page,
  }) => {
    // B is held at A's 100 px. In one frame B's content grows to 100 px and A's shrinks to 40:
    // B, at its min-height, reads as held, so the pass lowers it to A's 40, and B stays 100 px
    // tall. Its size did not change, so the ResizeObserver reported nothing: A stayed at 40.
    await addGrid(page, 880, [100, 50]);
    await settled(page, 'A the tallest');
    expect(await boxHeights(page)).toEqual([100, 100]);
    await page.evaluate(() => {
      const [a, b] = [...document.querySelectorAll<HTMLElement>('#grid > [data-sw-box] > div')];
      a!.style.height = '40px';
      b!.style.height = '100px';
    });
    await settled(page, 'B the tallest');
    expect(await boxHeights(page)).toEqual([100, 100]);
  });

  test('a box added to a line or removed from it regroups the line', async ({ page }) => {
    await addGrid(page, 1100, [300, 50, 80, 40]);
    await settled(page, 'four boxes');
    await page.evaluate(() => {
      const box = document.createElement('div');
      box.setAttribute('data-sw-box', '');
      box.id = 'added';
      Object.assign(box.style, { flex: 'none', width: '200px', margin: '10px' });
      const block = document.createElement('div');
      block.style.height = '500px';
      box.append(block);
      document.getElementById('grid')!.append(box);
    });
    await settled(page, 'a taller box added');
    expect(await boxHeights(page)).toEqual([500, 500, 500, 500, 500]);
    await page.locator('#added').evaluate((box) => box.remove());
    await settled(page, 'the taller box removed');
    expect(await boxHeights(page)).toEqual([300, 300, 300, 300]);
    // The tallest box stops being a box: it loses the runtime's min-height, the line regroups.
    await page
      .locator('#grid > [data-sw-box]')
      .first()
      .evaluate((box) => box.removeAttribute('data-sw-box'));
    await expect
      .poll(() => boxHeights(page), 'the first box is no longer one of the row')
      .toEqual([80, 80, 80]);
    await settled(page, 'three boxes');
  });
});
