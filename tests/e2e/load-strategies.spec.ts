import type { Page } from '@playwright/test';
import { chunkFile, expect, openWithRuntime, runtimeIdle, test, urlFor } from './fixtures';

// Issue 14: when a controller's code is fetched (README, "Load strategies"). The lightbox is the
// example: `interaction` by default, overridable by the config's `load` and by `data-sw-load`.
const GALLERY = '/clinic/en/gallery/';
const LIGHTBOX_CHUNK = chunkFile('lightbox');
const box = (page: Page) => page.locator('dialog.sw-lightbox');
const items = (page: Page) => page.locator('[data-sw-lightbox="rooms"]');

/** Records each request for the lightbox's chunk. */
function lightboxFetches(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => LIGHTBOX_CHUNK.test(r.url()) && seen.push(r.url()));
  return seen;
}

/** Serves the gallery with `edit` applied to its HTML. */
async function galleryWith(page: Page, edit: (html: string) => string) {
  await page.route(`**${GALLERY}`, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: edit(await response.text()) });
  });
}

/** Holds the lightbox's chunk until the returned function is called. */
async function holdLightboxChunk(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route(LIGHTBOX_CHUNK, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test.describe('load strategies', () => {
  test('interaction: nothing before a contact; a click while the code is on its way opens the item clicked', async ({
    page,
  }) => {
    const fetched = lightboxFetches(page);
    const release = await holdLightboxChunk(page);
    await openWithRuntime(page, urlFor(GALLERY));
    await runtimeIdle(page);
    expect(fetched).toEqual([]);
    await items(page).nth(1).click();
    // Held: the link's own action (the file) did not happen, and nothing is open yet.
    await expect.poll(() => fetched.length).toBe(1);
    expect(new URL(page.url()).pathname).toBe(GALLERY);
    await expect(box(page)).toHaveCount(0);
    release();
    await expect(box(page).locator('.sw-lb-counter')).toHaveText('Image 2 of 3');
    expect(new URL(page.url()).pathname).toBe(GALLERY);
    expect(fetched).toHaveLength(1);
  });

  test('interaction from the keyboard: Enter on a focused item while the code is on its way opens it', async ({
    page,
  }) => {
    const release = await holdLightboxChunk(page);
    await openWithRuntime(page, urlFor(GALLERY));
    await runtimeIdle(page);
    await items(page).nth(2).focus();
    await page.keyboard.press('Enter');
    expect(new URL(page.url()).pathname).toBe(GALLERY);
    release();
    await expect(box(page).locator('.sw-lb-counter')).toHaveText('Image 3 of 3');
    await expect(box(page).getByRole('button', { name: 'Close' })).toBeFocused();
  });

  test("the config's load makes the lightbox's code come when the browser is idle, with no contact", async ({
    page,
  }) => {
    const fetched = lightboxFetches(page);
    await galleryWith(page, (html) =>
      html.replace(
        '<script type="application/json" id="sw-config">\n{',
        '<script type="application/json" id="sw-config">\n{ "load": { "lightbox": "idle" },',
      ),
    );
    await openWithRuntime(page, urlFor(GALLERY));
    await expect(items(page).first()).toHaveAttribute('data-sw-ready', '');
    expect(fetched).toHaveLength(1);
  });

  test("a marker's data-sw-load wins over the config's load: visible fetches as it comes into view", async ({
    page,
  }) => {
    const fetched = lightboxFetches(page);
    await galleryWith(page, (html) =>
      html
        .replace(
          '<script type="application/json" id="sw-config">\n{',
          '<script type="application/json" id="sw-config">\n{ "load": { "lightbox": "interaction" },',
        )
        .replace(
          '</main>',
          // Far below the fold (line breaks: the page's CSP refuses style attributes).
          `<p>${'<br>'.repeat(300)}</p><p><a id="far" href="/clinic/assets/img/lab.png" data-sw-lightbox="far" data-sw-load="visible">Far below</a></p></main>`,
        ),
    );
    await openWithRuntime(page, urlFor(GALLERY));
    await runtimeIdle(page);
    expect(fetched).toEqual([]);
    await page.locator('#far').scrollIntoViewIfNeeded();
    await expect(page.locator('#far')).toHaveAttribute('data-sw-ready', '');
    // Every item connects with the code, whatever brought it.
    await expect(items(page).first()).toHaveAttribute('data-sw-ready', '');
    expect(fetched).toHaveLength(1);
  });

  test('data-sw-load="ready" fetches at once; a value that is not a strategy is named and the default applies', async ({
    page,
  }) => {
    const warnings: string[] = [];
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    const fetched = lightboxFetches(page);
    await galleryWith(page, (html) =>
      html.replace('data-sw-lightbox="rooms"', 'data-sw-lightbox="rooms" data-sw-load="soon"'),
    );
    await openWithRuntime(page, urlFor(GALLERY));
    await runtimeIdle(page);
    expect(fetched).toEqual([]);
    expect(
      warnings.filter((w) =>
        w.includes(
          'data-sw-load="soon" is not one of ready, idle, visible, interaction; "interaction" applies',
        ),
      ),
    ).toHaveLength(1);

    await page.unroute(`**${GALLERY}`);
    await galleryWith(page, (html) =>
      html.replace('data-sw-lightbox="rooms"', 'data-sw-lightbox="rooms" data-sw-load="ready"'),
    );
    await openWithRuntime(page, urlFor(GALLERY));
    await expect(items(page).first()).toHaveAttribute('data-sw-ready', '');
    expect(fetched).toHaveLength(1);
  });
});
