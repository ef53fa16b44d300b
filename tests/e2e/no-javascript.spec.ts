import type { Page } from '@playwright/test';
import { expect, expectAxeClean, fixturePages, serverPort, test, urlFor } from './fixtures';

/**
 * The builder's HTML must work as plain HTML. Two ways to look at it:
 * - JavaScript disabled in the browser: links and keyboard, checked with locators only
 *   (Playwright's own utility world keeps working there);
 * - the runtime never arriving (its request aborted): the page is then exactly the
 *   builder's HTML, and axe can run in it.
 */

async function hrefsOf(page: Page): Promise<string[]> {
  const links = await page.locator('a[href]').all();
  const base = page.url();
  return Promise.all(links.map(async (a) => new URL((await a.getAttribute('href'))!, base).href));
}

const outbound = ['https://www.who.int/health-topics/influenza'];

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  for (const fixture of fixturePages) {
    test(`${fixture.path}: every link resolves and Tab reaches every submenu link, visibly`, async ({ page, request }) => {
      await page.goto(urlFor(fixture.path));
      await expect(page.locator('html')).not.toHaveAttribute('data-sw-env', /.*/);

      const origin = `http://localhost:${serverPort()}`;
      const here = new URL(page.url()).pathname;
      for (const href of new Set(await hrefsOf(page))) {
        const u = new URL(href);
        if (u.protocol === 'tel:' || u.protocol === 'mailto:') continue;
        // The one deliberate outbound link (the analytics fixture) cannot be fetched offline.
        if (outbound.includes(href)) continue;
        expect(u.origin, href).toBe(origin);
        if (u.hash && u.pathname === here) {
          await expect(page.locator(`[id="${decodeURIComponent(u.hash.slice(1))}"]`), href).toHaveCount(1);
        } else {
          expect((await request.get(href)).status(), href).toBe(200);
        }
      }

      const submenu = page.locator('[data-sw-menu] li ul a');
      const expected = await Promise.all((await submenu.all()).map((a) => a.getAttribute('href')));
      expect(expected.length).toBeGreaterThanOrEqual(3);
      const reached = new Set<string>();
      const focused = page.locator('[data-sw-menu] li ul a:focus');
      for (let i = 0; i < 40 && reached.size < expected.length; i++) {
        await page.keyboard.press('Tab');
        if ((await focused.count()) === 1) {
          await expect(focused, 'a submenu link is visible while it has focus').toBeVisible();
          reached.add((await focused.getAttribute('href'))!);
        }
      }
      expect([...reached].sort()).toEqual([...expected].sort());
    });
  }
});

test.describe('without the runtime (the builder HTML alone)', () => {
  test.beforeEach(async ({ page }) => {
    await page.route('**/swfiles/runtime/**', (route) => route.abort());
  });

  for (const fixture of fixturePages) {
    test(`${fixture.path}: axe-clean`, async ({ page }) => {
      // axe alone takes about 5 s on Chromium and 13 s on Firefox on the 1,000-box page.
      test.slow(fixture.path.endsWith('/stress/'), 'axe on the 1,000-box stress page');
      await page.goto(urlFor(fixture.path));
      await expect(page.locator('html')).not.toHaveAttribute('data-sw-env', /.*/);
      await expectAxeClean(page);
    });
  }

  test('submenus drop down on hover on wide screens and are listed in place on small ones', async ({ page }) => {
    await page.goto(urlFor('/clinic/en/'));
    const sub = page.locator('[data-sw-menu] a[href="/clinic/en/services/cardiology/"]');
    const small = page.viewportSize()!.width < 768;
    if (small) {
      await expect(sub).toBeVisible();
    } else {
      await expect(sub).toBeHidden();
      await page.locator('[data-sw-menu] a[href="/clinic/en/services/"]').hover();
      await expect(sub).toBeVisible();
    }
  });

  test('a modal opens under :target and is axe-clean there', async ({ page }) => {
    await page.goto(`${urlFor('/clinic/en/')}#flu-shots`);
    await expect(page.locator('#flu-shots')).toBeVisible();
    await expectAxeClean(page);
  });

  test('the cookie preferences open under :target from the footer link', async ({ page }) => {
    await page.goto(urlFor('/clinic/fr/'));
    await expect(page.locator('#cookie-preferences')).toBeHidden();
    await page.locator('footer a[href="#cookie-preferences"]').click();
    await expect(page.locator('#cookie-preferences')).toBeVisible();
    await expectAxeClean(page);
  });

  test('team tiles jump to their content sections', async ({ page }) => {
    await page.goto(urlFor('/clinic/en/team/'));
    await page.locator('a[data-sw-tile][href="#dr-baker"]').click();
    await expect(page).toHaveURL(/#dr-baker$/);
    await expect(page.locator('#dr-baker')).toBeInViewport();
  });
});
