import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, expectAxeClean, runtimeIdle, serverPort, test } from './fixtures';

/**
 * Issue 17, point 3: the editors list a page's marker problems in a panel (and
 * `SiteRuntime.diagnostics()`); live and preview pages never show it nor fetch its code.
 * The planted page is served by route, at one address per environment (contract §2).
 */
const PLANTED = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Planted problems</title>
<script type="application/json" id="sw-config">{"site":{"cleanUrlPath":"/clinic"},"lightbox":{"slideshw":1}}</script>
<script type="module" src="/swfiles/runtime/runtime.js"></script>
</head><body><main>
<h1>Planted problems</h1>
<div id="broken" data-sw-modal='{"trigger":' aria-labelledby="broken-title"><h2 id="broken-title">Broken</h2></div>
<div id="notice" data-sw-modal='{"dealy":5}' aria-labelledby="notice-title"><h2 id="notice-title">Notice</h2>
  <button type="button" data-sw-modal-close>Close</button></div>
<p><button type="button" data-sw-modal-open="nowhere">Open nowhere</button></p>
<p><a href="#gone" data-sw-lightbox="inline">Inline content that is gone</a></p>
<p><a href="/clinic/assets/missing-large.jpg" data-sw-lightbox="photos"><img src="/clinic/assets/missing-thumb.jpg" alt="A missing photo" width="80" height="60"></a></p>
<div data-sw-tiles></div>
<p id="notice">A second element with the modal's id</p>
</main></body></html>`;

const EXPECTED = [
  ['unknown-option', 'sw-config'],
  ['invalid-json', 'data-sw-modal'],
  ['unknown-option', 'data-sw-modal'],
  ['missing-target', 'data-sw-modal-open'],
  ['missing-target', 'data-sw-lightbox'],
  ['empty-group', 'data-sw-tiles'],
  ['duplicate-id', 'id'],
  ['image-failed', 'data-sw-lightbox'],
];

const urls = () => {
  const port = serverPort();
  return {
    cms: `http://localhost:${port}/clinic/en/planted/?page=cms`,
    design: `http://localhost:${port}/clinic/preview.php?layout_id=planted`,
    live: `http://localhost:${port}/clinic/en/planted/`,
    preview: `http://clinic.preview.localhost:${port}/clinic/en/planted/`,
  };
};

/** The diagnostics chunk's file, from the build's manifest (its name carries a hash). */
const chunkFile = () => {
  const manifest = JSON.parse(readFileSync(join(process.cwd(), 'dist', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  return manifest['runtime/diagnostics/feature.tsx']!.file;
};

async function openPlanted(page: Page, url: string): Promise<string[]> {
  const requested: string[] = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: PLANTED }));
  await page.goto(url);
  await page.waitForSelector('html[data-sw-env]', { state: 'attached' });
  return requested;
}

const panel = (page: Page) => page.locator('aside.sw-diagnostics');
const diagnostics = (page: Page) =>
  page.evaluate(() => window.SiteRuntime!.diagnostics().map((d) => [d.kind, d.marker]));

test.describe('marker diagnostics in the editors', () => {
  for (const env of ['cms', 'design'] as const) {
    test(`${env}: the panel lists every planted problem; hover and focus outline the element; axe-clean closed and open`, async ({
      page,
    }) => {
      await openPlanted(page, urls()[env]);
      const toggle = panel(page).getByRole('button', { name: '8 marker problem(s)' });
      await expect(toggle).toBeVisible();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      // Its focus ring is drawn inside it: the panel's overflow would clip one drawn outside.
      await toggle.focus();
      await expect(toggle).toHaveCSS('outline-offset', '-5px');
      expect(await diagnostics(page)).toEqual(EXPECTED);
      await expectAxeClean(page, { include: '[data-sw-ui="diagnostics"]' });

      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      const entries = panel(page).locator('li');
      await expect(entries).toHaveCount(8);
      await expect(entries.nth(3)).toContainText('names "nowhere", but no data-sw-modal element has that id');
      await expectAxeClean(page, { include: '[data-sw-ui="diagnostics"]' });

      // Pointing at an entry outlines its element; leaving takes the outline away.
      await entries.nth(3).hover();
      await expect(page.locator('[data-sw-modal-open="nowhere"]')).toHaveAttribute('data-swd-marked', '');
      await page.mouse.move(600, 5);
      await expect(page.locator('[data-swd-marked]')).toHaveCount(0);
      // So does focus, from the keyboard; Enter brings the element into view, focus stays.
      const where = entries.nth(5).getByRole('button');
      await where.focus();
      await expect(page.locator('[data-sw-tiles]')).toHaveAttribute('data-swd-marked', '');
      await page.keyboard.press('Enter');
      await expect(where).toBeFocused();

      if (env === 'cms') {
        // The lightbox's own image fails too: listed on its link (the visitor's alert aside).
        page.once('dialog', (d) => void d.accept());
        await page.locator('a[href$="missing-large.jpg"]').click();
        await expect(panel(page).getByRole('button', { name: '9 marker problem(s)' })).toBeVisible();
        const last = await page.evaluate(() => {
          const d = window.SiteRuntime!.diagnostics().at(-1)!;
          return [d.kind, d.marker, d.element?.getAttribute('href'), d.message];
        });
        expect(last).toEqual([
          'image-failed',
          'data-sw-lightbox',
          '/clinic/assets/missing-large.jpg',
          'the image http://localhost:' +
            serverPort() +
            '/clinic/assets/missing-large.jpg could not be loaded.',
        ]);
      }

      // The author mends the page: the list follows.
      await page.evaluate(() => document.querySelector('[data-sw-tiles]')!.remove());
      await expect(
        panel(page).getByRole('button', { name: `${env === 'cms' ? 8 : 7} marker problem(s)` }),
      ).toBeVisible();
      expect((await diagnostics(page)).map(([k]) => k)).not.toContain('empty-group');
    });
  }
});

test.describe('marker diagnostics are editors only', () => {
  for (const env of ['live', 'preview'] as const) {
    test(`${env}: no panel, an empty list, and its code never fetched`, async ({ page }) => {
      const requested = await openPlanted(page, urls()[env]);
      // Facts that the idle loading is over: the modal chunk arrived and connected the good
      // modal, and the runtime has nothing under way (no chunk on its way).
      await expect(page.locator('#notice[data-sw-ready]').first()).toBeAttached();
      await runtimeIdle(page);
      expect(
        requested.some((p) => p.endsWith('.js') && p.includes('/swfiles/runtime/')),
        'the runtime loaded its parts',
      ).toBe(true);
      expect(requested.filter((p) => p.endsWith(`/${chunkFile()}`))).toEqual([]);
      await expect(panel(page)).toHaveCount(0);
      expect(await diagnostics(page)).toEqual([]);
    });
  }
});
