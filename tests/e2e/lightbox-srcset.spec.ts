import { deflateSync, crc32 } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, expectAxeClean, openWithRuntime, runtimeIdle, test, urlFor } from './fixtures';

// Issue 16, responsive images: a gallery whose links list other widths of their image
// (`data-sw-srcset`, or the thumbnail's own `srcset`) on a 375 px phone at DPR 2.

/** A grey-noise PNG `width` wide (3:2), so its bytes grow with its size as a photo's do. */
function png(width: number): Buffer {
  const height = Math.round((width * 2) / 3);
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = Buffer.alloc((width + 1) * height);
  let seed = width;
  for (let i = 0; i < rows.length; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    rows[i] = i % (width + 1) ? seed >>> 24 : 0; // each row starts with filter 0
  }
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Serves /photos/<name>-<width>.png and the full size /photos/<name>.png (2400 px), points the
 * gallery's "rooms" links at them (the first two by `data-sw-srcset`, the third by its
 * thumbnail's `srcset`), and resolves with the image responses seen: path and bytes.
 */
async function srcsetGallery(page: Page) {
  const seen: { path: string; bytes: number }[] = [];
  await page.route('**/photos/*.png', (route) => {
    const m = /\/photos\/(\w+)(?:-(\d+))?\.png$/.exec(route.request().url())!;
    const body = png(Number(m[2] ?? 2400));
    seen.push({ path: `${m[1]}${m[2] ? `-${m[2]}` : ''}`, bytes: body.length });
    return route.fulfill({ body, contentType: 'image/png' });
  });
  await openWithRuntime(page, urlFor('/clinic/en/gallery/'));
  await runtimeIdle(page);
  await page.evaluate(() => {
    const widths = (name: string) => [480, 800, 1600].map((w) => `/photos/${name}-${w}.png ${w}w`).join(', ');
    document.querySelectorAll('[data-sw-lightbox="rooms"]').forEach((a, i) => {
      const name = ['one', 'two', 'three'][i]!;
      a.setAttribute('href', `/photos/${name}.png`);
      if (i < 2) a.setAttribute('data-sw-srcset', widths(name));
      else Object.assign(a.querySelector('img')!, { sizes: '240px', srcset: widths(name) });
    });
  });
  // The page's own thumbnail takes the width its sizes ask for (240 px at DPR 2): not the lightbox's doing.
  await expect
    .poll(() =>
      page
        .locator('[data-sw-lightbox="rooms"] img')
        .nth(2)
        .evaluate((i: HTMLImageElement) => i.complete && i.currentSrc),
    )
    .toMatch(/three-480\.png$/);
  return seen;
}

const shown = (page: Page) => page.locator('dialog.sw-lightbox .sw-lb-content img');

test.describe('lightbox: responsive images on a 375 px phone at DPR 2', () => {
  test.use({ viewport: { width: 375, height: 667 }, deviceScaleFactor: 2 });

  test('the narrowest width that fills the stage is fetched, for the item and its two neighbours, never the full size', async ({
    page,
  }) => {
    const seen = await srcsetGallery(page);
    await page.locator('[data-sw-lightbox="rooms"]').first().click();
    await expect(shown(page)).toHaveAttribute('src', /\/photos\/one-800\.png$/);
    // About 320 px of stage at DPR 2: 640 device pixels; 480 is too narrow, 800 fills it.
    expect(await shown(page).evaluate((i) => Math.round(i.getBoundingClientRect().width))).toBeLessThan(330);
    // The neighbours, one each side, once the first is shown; the third through its thumbnail's srcset.
    await expect
      .poll(() => seen.map((s) => s.path).sort())
      .toEqual(['one-800', 'three-480', 'three-800', 'two-800']);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(shown(page)).toHaveAttribute('src', /\/photos\/two-800\.png$/);
    await expectAxeClean(page);

    const fetched = seen.filter((s) => s.path.endsWith('-800')).reduce((n, s) => n + s.bytes, 0);
    const full = 3 * png(2400).length;
    console.log(`image bytes: ${fetched} fetched, ${full} at full size`);
    expect(seen.filter((s) => !s.path.endsWith('-800')).map((s) => s.path)).toEqual(['three-480']);
    expect(fetched).toBeLessThan(full / 4);
  });

  test('the neighbours are fetched only once the image shown has loaded', async ({ page }) => {
    const seen = await srcsetGallery(page);
    let release!: () => void;
    const held = new Promise<void>((ok) => (release = ok));
    await page.route('**/photos/one-800.png', async (route) => {
      await held;
      await route.fallback();
    });
    await page.locator('[data-sw-lightbox="rooms"]').first().click();
    await expect(page.locator('dialog.sw-lightbox .sw-lb-wait')).toBeVisible();
    // Effects of the render that opened it run in a task queued from the next frame (see below).
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done))));
    expect(seen.map((s) => s.path)).toEqual(['three-480']);
    release();
    await expect(shown(page)).toHaveAttribute('src', /\/photos\/one-800\.png$/);
    await expect
      .poll(() => seen.map((s) => s.path).sort())
      .toEqual(['one-800', 'three-480', 'three-800', 'two-800']);
  });

  test('Expand to full size loads the href; a width that cannot be loaded gives way to the href', async ({
    page,
  }) => {
    const seen = await srcsetGallery(page);
    await page.route('**/photos/two-800.png', (route) => route.fulfill({ status: 404 }));
    await page.locator('[data-sw-lightbox="rooms"]').first().click();
    await expect(shown(page)).toHaveAttribute('src', /\/photos\/one-800\.png$/);
    await page.getByRole('button', { name: 'Expand to full size' }).click();
    await expect(shown(page)).toHaveAttribute('src', /\/photos\/one\.png$/);
    expect(await shown(page).evaluate((i) => Math.round(i.getBoundingClientRect().width))).toBe(2400);
    await page.getByRole('button', { name: 'Fit to window' }).click();
    // Back to fitting, it keeps the full size it has rather than fetch a narrower file again.
    await expect(shown(page)).toHaveAttribute('src', /\/photos\/one\.png$/);
    expect(await shown(page).evaluate((i) => Math.round(i.getBoundingClientRect().width))).toBeLessThan(330);

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(shown(page)).toHaveAttribute('src', /\/photos\/two\.png$/);
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(seen.map((s) => s.path)).toContain('two');
  });

  test('with Save-Data nothing is fetched ahead: a neighbour only when it is shown', async ({ page }) => {
    await page.addInitScript(() =>
      Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true }),
    );
    const seen = await srcsetGallery(page);
    await page.locator('[data-sw-lightbox="rooms"]').first().click();
    await expect(shown(page)).toHaveAttribute('src', /\/photos\/one-800\.png$/);
    // Preloading runs in the effects of the render that showed the image, which Preact flushes
    // in a task queued from the next animation frame: a task queued from that same frame, after
    // Preact's, runs once they have.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done))));
    expect(seen.map((s) => s.path)).toEqual(['three-480', 'one-800']);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(shown(page)).toHaveAttribute('src', /\/photos\/two-800\.png$/);
    expect(seen.map((s) => s.path)).toEqual(['three-480', 'one-800', 'two-800']);
  });
});
