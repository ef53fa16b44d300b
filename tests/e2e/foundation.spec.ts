import type { EnvName } from '../../server/pages.mjs';
import { expect, expectAxeClean, fixturePages, openWithRuntime, serverPort, test, urlFor } from './fixtures';

const ENVS: EnvName[] = ['live', 'preview', 'cms', 'design'];

test.describe('every fixture page in every environment', () => {
  for (const fixture of fixturePages) {
    for (const env of ENVS) {
      test(`${fixture.path} [${env}]: runtime loads, sets data-sw-env, axe-clean`, async ({ page }) => {
        // axe alone takes about 5 s on Chromium and 13 s on Firefox on the 1,000-box page.
        test.slow(fixture.path.endsWith('/stress/'), 'axe on the 1,000-box stress page');
        // Modals that open by themselves would do so at an arbitrary moment of the scan; this
        // audits the page as loaded (modals.spec.ts audits each of them open).
        await page.addInitScript(() => {
          const getItem = Storage.prototype.getItem;
          Storage.prototype.getItem = function (key: string) {
            return key.startsWith('sw-modal:') ? String(Date.now() + 86_400_000) : getItem.call(this, key);
          };
        });
        await page.goto(urlFor(fixture.path, env));
        await expect(page.locator('html')).toHaveAttribute('data-sw-env', env);
        const api = await page.evaluate(() => ({
          version: window.SiteRuntime?.version,
          env: window.SiteRuntime?.env,
        }));
        expect(api.version).toMatch(/^\d+\.\d+\.\d+$/);
        expect(api.env).toMatchObject({
          env,
          local: env === 'cms' || env === 'design',
          projectPath: '/clinic',
          baseUrl: `${new URL(page.url()).origin}/clinic`,
        });
        await expectAxeClean(page);
      });
    }
  }
});

test.describe('sw:ready', () => {
  test('fires once, bubbling, on document after the first scan', async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { swReady: { bubbles: boolean; env: string }[] };
      w.swReady = [];
      document.addEventListener('sw:ready', (e) =>
        w.swReady.push({ bubbles: e.bubbles, env: (e as CustomEvent).detail.env.env }),
      );
    });
    await openWithRuntime(page, urlFor('/clinic/en/services/'));
    const events = await page.evaluate(() => (window as unknown as { swReady: unknown[] }).swReady);
    expect(events).toEqual([{ bubbles: true, env: 'live' }]);
  });
});

test.describe('Content-Security-Policy', () => {
  test('pages carry a strict policy with a fresh nonce that the runtime script carries', async ({
    request,
  }) => {
    const url = urlFor('/clinic/en/');
    const [a, b] = await Promise.all([request.get(url), request.get(url)]);
    const csp = a.headers()['content-security-policy']!;
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}'(;|$)/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("require-trusted-types-for 'script'");
    expect(csp).toContain('trusted-types site-runtime');
    const nonce = csp.match(/'nonce-([^']+)'/)![1];
    expect(await a.text()).toContain(
      `<script type="module" src="/swfiles/runtime/runtime.js" nonce="${nonce}"`,
    );
    expect(b.headers()['content-security-policy']).not.toContain(nonce);
  });

  test.describe('violations are caught', () => {
    test.use({ allowCspViolations: true });
    // The negative control: proves the fixture's detector sees what the policy blocks.
    test('an inline script, an HTML sink and a foreign image are reported', async ({
      page,
      cspViolations,
    }) => {
      await openWithRuntime(page, urlFor('/clinic/en/'));
      await page.evaluate(() => {
        const s = document.createElement('script');
        s.append('window.inlineRan = true');
        document.body.append(s);
        try {
          document.body.insertAdjacentHTML('beforeend', '<b>x</b>');
        } catch {
          /* Trusted Types throws; the violation event is what we look for */
        }
        new Image().src = 'https://elsewhere.invalid/pixel.png';
      });
      await expect.poll(() => cspViolations.length).toBeGreaterThanOrEqual(3);
      const all = cspViolations.join('\n');
      expect(all).toContain('HTMLScriptElement');
      expect(all).toContain('insertAdjacentHTML');
      expect(all).toMatch(/img-src blocked https:\/\/elsewhere\.invalid/);
      expect(
        await page.evaluate(() => (window as unknown as { inlineRan?: boolean }).inlineRan),
      ).toBeUndefined();
    });
  });
});

test.describe('the demo index', () => {
  test('links every fixture page in all four environments', async ({ page }) => {
    await page.goto(`http://localhost:${serverPort()}/`);
    for (const fixture of fixturePages) {
      for (const env of ENVS) {
        await expect(page.locator(`a[href="${urlFor(fixture.path, env)}"]`)).toHaveCount(1);
      }
    }
    await expectAxeClean(page);
  });
});
