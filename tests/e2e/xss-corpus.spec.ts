import type { Locator, Page } from '@playwright/test';
import { violations } from '../unit/lightbox/sanitize-spec';
import { expect, openWithRuntime, runtimeIdle, serverPort, test, urlFor } from './fixtures';
import * as c from './xss-corpus';

/**
 * Runs the corpus (xss-corpus.ts) on pages served with no Content-Security-Policy, clicks and
 * hovers what a visitor could, and asserts that nothing ran: no `__xss` call, no dialog.
 * Without a CSP, the runtime is the only defence, so this tests the runtime and not the policy.
 */
const origin = () => `http://localhost:${serverPort()}`;

/** Serves `/xss/…`: the given pages, ajax fragments, menu scripts and the consent endpoint. */
async function serve(page: Page, pages: Record<string, string>, menus: Record<string, string> = {}) {
  await page.route(`${origin()}/xss/**`, (route) => {
    const path = new URL(route.request().url()).pathname;
    const fragment = /^\/xss\/fragments\/([\w-]+)\.html$/.exec(path)?.[1];
    const menu = /^\/xss\/swfiles\/html\/menu_(\w+)\.js$/.exec(path)?.[1];
    const html = (body: string) => route.fulfill({ body, contentType: 'text/html' });
    if (pages[path]) return html(pages[path]);
    if (fragment)
      return html(
        `<p class="corpus-start">${fragment}</p>${c.ajaxFragments.find((f) => f.id === fragment)!.html}`,
      );
    if (menu && menus[menu]) return route.fulfill({ body: menus[menu], contentType: 'text/javascript' });
    if (path === '/xss/swfiles/lib/privacycookie.php')
      return route.fulfill({
        json: {
          status: {
            code: '200',
            message: { privacy_cookie: '1', privacy_cookie_1: '1', privacy_cookie_2: '0' },
          },
        },
      });
    return route.fulfill({ status: 404, body: '' });
  });
}

/** Records every `__xss` call and every dialog (alert, confirm, print…), dismissing it. */
async function watch(page: Page) {
  const seen = { calls: [] as string[], dialogs: [] as string[], controls: 0 };
  await page.exposeFunction('__xss', (id: unknown) => void seen.calls.push(String(id)));
  page.on('dialog', (d) => {
    seen.dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  return seen;
}

/**
 * Waits until whatever the actions so far could have started has run: images have loaded or
 * failed (their error handlers have fired), two frames have passed (SVG animations begun),
 * and a control `javascript:` link clicked now has run. The browser runs queued
 * `javascript:` URLs in order, so any a payload queued earlier has run before it.
 */
async function settle(page: Page, seen: Awaited<ReturnType<typeof watch>>) {
  await page.waitForFunction(() => Array.from(document.images).every((i) => i.complete));
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const id = `control-${++seen.controls}`;
  await page.evaluate((id) => {
    const a = document.createElement('a');
    a.href = `javascript:__xss('${id}')`;
    document.body.append(a);
    a.click();
    a.remove();
  }, id);
  await expect.poll(() => seen.calls).toContain(id);
  expect(
    seen.calls.filter((x) => !x.startsWith('control-')),
    'payloads that ran',
  ).toEqual([]);
  expect(seen.dialogs, 'dialogs').toEqual([]);
}

/** Hovers and clicks everything a visitor could in `root` (real pointer, else a click event). */
async function exercise(root: Locator) {
  const targets = root.locator(
    'a, area, button, input, summary, label, p, svg, svg a, svg text, svg rect, math, x-evil',
  );
  for (const el of await targets.all()) {
    // An element with no box cannot take a pointer; it still gets the click event.
    await el.hover({ force: true, timeout: 1000 }).catch(() => undefined);
    await el.click({ force: true, timeout: 1000 }).catch(() => el.dispatchEvent('click'));
  }
}

for (const path of ['setHTML', 'DOMPurify'] as const) {
  test.describe(`XSS corpus: ajax lightbox content (${path} path)`, () => {
    for (const fragment of c.ajaxFragments) {
      test(fragment.id, async ({ page }) => {
        const seen = await watch(page);
        const purifyChunks: string[] = [];
        page.on('request', (r) => /\/purify-\w+\.js$/.test(r.url()) && purifyChunks.push(r.url()));
        if (path === 'DOMPurify')
          await page.addInitScript(() => {
            delete (Element.prototype as { setHTML?: unknown }).setHTML;
            delete (window as { Sanitizer?: unknown }).Sanitizer;
          });
        await serve(page, { '/xss/ajax/': c.ajaxPage });
        await openWithRuntime(page, `${origin()}/xss/ajax/`);
        const link = page.locator(`a[title="${fragment.id}"]`);
        await link.click(); // the lightbox's code comes with it, and the click is given back (issue 14)
        const content = page.locator('dialog.sw-lightbox .sw-lb-content');
        await expect(content.locator('.corpus-start')).toHaveText(fragment.id);
        expect(await content.evaluate(violations), 'what the contract forbids').toEqual([]);
        await exercise(content);
        await settle(page, seen);
        expect(await page.evaluate(c.pageProblems)).toEqual([]);
        // The fallback is its own chunk, fetched only where there is no setHTML.
        expect(purifyChunks.length > 0).toBe(path === 'DOMPurify');
      });
    }
  });
}

test('XSS corpus: lightbox titles, descriptions and alt text are shown as text', async ({ page }) => {
  const seen = await watch(page);
  await serve(page, { '/xss/gallery/': c.galleryPage });
  await openWithRuntime(page, `${origin()}/xss/gallery/`);
  const box = page.locator('dialog.sw-lightbox');
  // Its code comes on the first contact; the click that brought it is given back once it can open.
  await page.locator('a[data-sw-lightbox]').first().click();
  for (const [i, cap] of c.captions.entries()) {
    await expect(box.locator('.sw-lb-counter')).toHaveText(`Image ${i + 1} of ${c.captions.length}`);
    await expect(box.locator('figcaption h2')).toHaveText(cap.title);
    await expect(box.locator('figcaption p')).toHaveText(cap.description ?? cap.alt);
    // The image's own text alternative is the link's image's alt (the description is the caption's).
    await expect(box.locator('.sw-lb-content img')).toHaveAttribute('alt', cap.alt || cap.title);
    await expect(box.locator('.sw-lb-thumbs button').nth(i)).toHaveAttribute('aria-label', cap.title);
    expect(await box.locator('figcaption *').count(), 'caption elements').toBe(2);
    await exercise(box.locator('figcaption'));
    await box.getByRole('button', { name: 'Next' }).click();
  }
  // The address the runtime writes is encoded: the group name stays data.
  expect(await page.evaluate(() => location.hash)).toBe(`#!${encodeURIComponent(c.deepGroup)}/0`);
  await settle(page, seen);
});

test.describe('XSS corpus: lightbox deep links', () => {
  for (const [what, hash, opens] of c.deepLinks) {
    test(what, async ({ page }) => {
      const seen = await watch(page);
      await serve(page, { '/xss/gallery/': c.galleryPage });
      await openWithRuntime(page, `${origin()}/xss/gallery/${hash}`);
      await expect(page.locator('a[data-sw-lightbox]').first()).toHaveAttribute('data-sw-ready', '');
      const box = page.locator('dialog.sw-lightbox');
      if (opens) await expect(box.locator('figcaption h2')).toHaveText(/__xss/);
      else {
        // The deep-link timer (DEEP_LINK_DELAY) is the runtime's: once it is idle, it has run.
        await runtimeIdle(page);
        expect(await box.evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
      }
      await settle(page, seen);
    });
  }
});

test('XSS corpus: language links from menu scripts and detailList are http(s) or relative only', async ({
  page,
}) => {
  const seen = await watch(page);
  const warnings: string[] = [];
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  await serve(page, { '/xss/languages/': c.languagesPage }, c.menuScripts);
  await openWithRuntime(page, `${origin()}/xss/languages/`);
  const links = page.locator('[data-sw-languages] ul[aria-label] a');
  const kept = [...c.menuHrefs, ...c.detailHrefs].filter(([, , keep]) => keep).map(([lang]) => lang);
  await expect(links).toHaveCount(1 + kept.length);
  expect(await links.evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).hreflang))).toEqual([
    'en',
    ...kept,
  ]);
  expect(
    await links.evaluateAll((as) => as.every((a) => /^https?:$/.test((a as HTMLAnchorElement).protocol))),
  ).toBe(true);
  for (const lang of kept)
    await expect(links.and(page.locator(`[hreflang="${lang}"]`))).toHaveText(c.languageLabel(lang));
  for (const [lang, , keep] of [...c.menuHrefs, ...c.detailHrefs])
    expect(warnings.filter((w) => w.includes(`link for ${lang} `)).length, `warnings naming ${lang}`).toBe(
      keep ? 0 : 1,
    );
  await settle(page, seen);
});

test('XSS corpus: cookie group labels and descriptions are shown as text', async ({ page }) => {
  const seen = await watch(page);
  await serve(page, { '/xss/consent/': c.consentPage });
  await openWithRuntime(page, `${origin()}/xss/consent/`);
  await page.getByRole('link', { name: 'Cookie settings' }).click();
  const groups = page.locator('[data-sw-consent-groups]');
  await expect(groups.locator('input[role=switch]')).toHaveCount(2);
  for (const [i, g] of c.cookieGroups.slice(0, 2).entries()) {
    await expect(groups.locator('label').nth(i)).toContainText(g.label);
    await expect(groups.locator('[data-sw-consent-group] p').nth(i)).toHaveText(g.description);
  }
  expect(await groups.locator('img, svg, script, a, iframe').count()).toBe(0);
  await exercise(groups);
  await settle(page, seen);
});

test('XSS corpus: the server’s consent fragments run their scripts, never an event handler attribute', async ({
  page,
}) => {
  const seen = await watch(page);
  await serve(page, { '/xss/consent/': c.consentPage });
  // A first visit, so a save runs the answer's scripts instead of reloading (spec §4).
  const fragment = (id: string) =>
    `<img src="/xss/none.png" alt="" onerror="__xss('${id}-img')"><svg onload="__xss('${id}-svg')"></svg>` +
    `<p onmouseover="__xss('${id}-p')">${id}</p><script onload="__xss('${id}-script')">__xss('control-${id}')</script>`;
  await page.route(`${origin()}/xss/swfiles/lib/privacycookie.php`, (route) =>
    route.fulfill({
      json: {
        status: { code: '200', message: route.request().method() === 'POST' ? { privacy_cookie: '1' } : {} },
        scripts: ['header', 'startbody', 'endbody'].map((position) => ({
          scriptdata: fragment(position),
          position,
        })),
      },
    }),
  );
  await openWithRuntime(page, `${origin()}/xss/consent/`);
  await page.getByRole('link', { name: 'Cookie settings' }).click();
  await page.getByRole('button', { name: 'Save choices' }).click();
  // The scripts themselves ran (each says so as a control), in order.
  await expect.poll(() => seen.calls).toEqual(['control-header', 'control-startbody', 'control-endbody']);
  await exercise(page.locator('body > p'));
  await settle(page, seen);
});

/** With the strict CSP and Trusted Types of a real page, neither parser causes a violation. */
for (const path of ['setHTML', 'DOMPurify'] as const) {
  test(`XSS corpus: every ajax fragment parsed under the strict CSP (${path} path): no violation`, async ({
    page,
  }) => {
    if (path === 'DOMPurify')
      await page.addInitScript(() => {
        delete (Element.prototype as { setHTML?: unknown }).setHTML;
        delete (window as { Sanitizer?: unknown }).Sanitizer;
      });
    const all = c.ajaxFragments.map((f) => f.html).join('');
    // Asked for at the item's address, `?ajax=true` and all (spec §7).
    await page.route(/\/clinic\/assets\/fragments\/corpus\.html\?ajax=true$/, (r) =>
      r.fulfill({ body: `<p class="corpus-start">all</p>${all}`, contentType: 'text/html' }),
    );
    await openWithRuntime(page, urlFor('/clinic/en/gallery/'));
    const item = page.locator('a[data-sw-lightbox=""]');
    await runtimeIdle(page); // the lightbox's code comes with the click (issue 14)
    await item.evaluate((a) => a.setAttribute('href', '/clinic/assets/fragments/corpus.html?ajax=true'));
    await item.click();
    const content = page.locator('dialog.sw-lightbox .sw-lb-content');
    await expect(content.locator('.corpus-start')).toHaveText('all');
    expect(await content.evaluate(violations)).toEqual([]);
    await page.waitForFunction(() => Array.from(document.images).every((i) => i.complete));
  });
}
