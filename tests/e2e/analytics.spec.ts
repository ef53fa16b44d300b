import type { BrowserContext, Page, Request } from '@playwright/test';
import {
  analyticsHosts,
  appendMarkup,
  expect,
  type Markup,
  openWithRuntime,
  runtimeIdle,
  serverPort,
  test,
  urlFor,
} from './fixtures';

/**
 * Consent-gated analytics (contract §5, spec §4 Analytics, §9). The tag library is routed to a
 * local stub that only records that it ran; what the runtime asks of it is the gtag protocol
 * on `window.dataLayer`, which is what these tests read.
 */

const HOME = '/clinic/en/';

// Every test here starts as a first visit (no cookie choice yet).
test.use({ consentStored: false });
const RESOURCES = '/clinic/en/resources/';
const ID = 'G-CLINIC0001';
const TAG = `https://www.googletagmanager.com/gtag/js?id=${ID}`;

type Command = [string, ...unknown[]];

/** Every video, whatever its provider: start, the four progress marks (spec §9), complete. */
const VIDEO_SEQUENCE = [
  ['video_start', 0],
  ['video_progress', 10],
  ['video_progress', 25],
  ['video_progress', 50],
  ['video_progress', 75],
  ['video_complete', 100],
];

/** The tag library, stubbed: it records its own address and nonce. */
async function stubTag(page: Page): Promise<string[]> {
  const requested: string[] = [];
  await page.route(/^https:\/\/www\.googletagmanager\.com\/gtag\/js/, (route) => {
    requested.push(route.request().url());
    return route.fulfill({
      contentType: 'text/javascript',
      body: 'window.__tag = { src: document.currentScript.src, nonce: document.currentScript.nonce !== "" };',
    });
  });
  return requested;
}

/** Every request to the analytics vendor's hosts (none may leave before consent). */
function vendorRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => analyticsHosts.test(r.url()) && seen.push(r.url()));
  return seen;
}

const dataLayer = (page: Page) =>
  page.evaluate(() => {
    const dl = (window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer;
    return dl?.map((args) => Array.from(args).map((a) => (a instanceof Date ? 'date' : a))) as
      Command[] | undefined;
  });
const gaEvents = async (page: Page, name?: string) =>
  ((await dataLayer(page)) ?? [])
    .filter((c) => c[0] === 'event' && (!name || c[1] === name))
    .map((c) => ({ name: c[1] as string, params: c[2] as Record<string, unknown> }));

/** A stand-in player that speaks YouTube's postMessage protocol once asked to listen. */
const youTubeStandIn = (page: Page) =>
  page.route(/^https:\/\/www\.youtube-nocookie\.com\/embed\//, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>player</title><script>
        addEventListener('message', (e) => {
          if (JSON.parse(e.data).event !== 'listening') return;
          const say = (info) => parent.postMessage(JSON.stringify({ event: 'infoDelivery', info }), '*');
          say({ playerState: 1, currentTime: 0, duration: 200, videoData: { title: 'Flu jab, step by step' } });
          say({ currentTime: 30 });
          say({ currentTime: 160 });
          say({ playerState: 0, currentTime: 200 });
        });
      </script>`,
    }),
  );

/** The stand-in player's whole sequence, reported for the video `id`. */
async function youTubeReported(page: Page, id: string): Promise<void> {
  await expect.poll(() => gaEvents(page, 'video_complete')).toHaveLength(1);
  const videos = (await gaEvents(page)).filter((e) => e.name.startsWith('video_'));
  expect(videos.map((e) => [e.name, e.params.video_percent])).toEqual(VIDEO_SEQUENCE);
  expect(videos[0]!.params).toMatchObject({
    video_provider: 'youtube',
    video_title: 'Flu jab, step by step',
    video_url: `https://www.youtube-nocookie.com/embed/${id}`,
  });
}

/** A visitor who already allowed (or refused) statistics on an earlier visit. */
async function storedChoice(context: BrowserContext, statistics: 0 | 1): Promise<void> {
  const base = { domain: 'localhost', path: '/clinic' };
  await context.addCookies(
    Object.entries({
      privacy_cookie: '1',
      privacy_cookie_1: '1',
      privacy_cookie_2: String(statistics),
      privacy_cookie_3: '0',
    }).map(([name, value]) => ({ name, value, ...base })),
  );
}

const DENIED = {
  ad_storage: 'denied',
  analytics_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
};

test.describe('before and at consent', () => {
  test('before consent only the denied defaults exist: nothing loaded, sent or stored', async ({ page }) => {
    const vendor = vendorRequests(page);
    await stubTag(page);
    await openWithRuntime(page, urlFor(HOME));
    await expect.poll(() => dataLayer(page)).toEqual([['consent', 'default', DENIED]]);
    await expect(page.locator('[data-sw-consent-banner]')).toBeVisible();
    await page.mouse.wheel(0, 2000);
    await runtimeIdle(page);
    expect(await dataLayer(page)).toEqual([['consent', 'default', DENIED]]);
    expect(vendor).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __tag?: unknown }).__tag)).toBeUndefined();
    expect((await page.context().cookies()).map((c) => c.name)).toEqual([]);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => !k.startsWith('sw-')))).toEqual(
      [],
    );
  });

  test('a first visit whose answer already says statistics "1" (a default, or a flag left without privacy_cookie) allows nothing', async ({
    page,
  }) => {
    // The reference server answers with the group cookies it finds; without privacy_cookie no
    // choice was made (contract §4), so that "1" is nobody's consent.
    await page
      .context()
      .addCookies([{ name: 'privacy_cookie_2', value: '1', domain: 'localhost', path: '/clinic' }]);
    const vendor = vendorRequests(page);
    await stubTag(page);
    await openWithRuntime(page, urlFor(HOME));
    await expect(page.locator('[data-sw-consent-banner]')).toBeVisible(); // a first visit
    await runtimeIdle(page);
    expect(await dataLayer(page)).toEqual([['consent', 'default', DENIED]]);
    expect(vendor).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __tag?: unknown }).__tag)).toBeUndefined();
  });

  test('Accept all: granted, then the tag is loaded with the nonce and the page view sent', async ({
    page,
  }) => {
    const requested = await stubTag(page);
    await openWithRuntime(page, urlFor(HOME));
    await expect(page.locator('[data-sw-consent-banner]')).toBeVisible();
    expect(requested).toEqual([]);
    await page.getByRole('button', { name: 'Accept all' }).first().click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __tag?: unknown }).__tag))
      .toEqual({
        src: TAG,
        nonce: true,
      });
    expect(requested).toEqual([TAG]);
    const commands = (await dataLayer(page))!;
    // The order Consent Mode asks for: defaults, the update, then configuration and events.
    expect(commands.slice(0, 4)).toEqual([
      ['consent', 'default', DENIED],
      ['consent', 'update', { analytics_storage: 'granted' }],
      ['js', 'date'],
      ['config', ID, { send_page_view: false }],
    ]);
    const [view] = await gaEvents(page, 'page_view');
    expect(view!.params).toMatchObject({
      page_location: `http://localhost:${serverPort()}${HOME}`,
      page_title: await page.title(),
    });
  });

  test('elements with id "SiteRuntime" and "dataLayer" (authors’ anchors) neither stop the runtime nor the tag', async ({
    page,
  }) => {
    // Named properties of the window: a runtime that took them for its own object stepped
    // aside, and the tag's protocol tried to push onto the element.
    await page.route(
      (url) => url.pathname === HOME,
      async (route) => {
        const response = await route.fetch();
        const body = (await response.text()).replace(
          '<body>',
          '<body><h2 id="SiteRuntime">About the clinic</h2><a id="dataLayer" href="#dataLayer">Data</a>',
        );
        await route.fulfill({ response, body });
      },
    );
    const requested = await stubTag(page);
    await openWithRuntime(page, urlFor(HOME));
    expect(await page.evaluate(() => typeof window.SiteRuntime?.idle)).toBe('function');
    await expect(page.locator('html')).toHaveAttribute('data-sw-env', 'live');
    await page.getByRole('button', { name: 'Accept all' }).first().click();
    // The save, the chunk and the tag all count for idle(): a fact, not a 5 s poll that a
    // loaded CI machine can outrun (the chunk waits for an idle period of up to 2 s).
    await runtimeIdle(page);
    expect(requested).toEqual([TAG]);
    expect((await dataLayer(page))!.slice(0, 2)).toEqual([
      ['consent', 'default', DENIED],
      ['consent', 'update', { analytics_storage: 'granted' }],
    ]);
  });

  test('Decline: nothing is granted or loaded', async ({ page }) => {
    const vendor = vendorRequests(page);
    await stubTag(page);
    await openWithRuntime(page, urlFor(HOME));
    await page.getByRole('button', { name: 'Decline' }).first().click();
    await expect(page.locator('[data-sw-consent-banner]')).toBeHidden();
    await runtimeIdle(page);
    expect(await dataLayer(page)).toEqual([['consent', 'default', DENIED]]);
    expect(vendor).toEqual([]);
  });

  test('a later page with a stored yes is granted again; a stored no is not', async ({ page, context }) => {
    const requested = await stubTag(page);
    await storedChoice(context, 1);
    await openWithRuntime(page, urlFor(HOME));
    await runtimeIdle(page);
    expect(requested).toEqual([TAG]);
    expect((await dataLayer(page))!.slice(0, 2)).toEqual([
      ['consent', 'default', DENIED],
      ['consent', 'update', { analytics_storage: 'granted' }],
    ]);
    await context.clearCookies();
    await storedChoice(context, 0);
    await page.goto(urlFor('/clinic/en/services/'));
    await page.waitForFunction(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer?.length);
    await runtimeIdle(page);
    expect(await dataLayer(page)).toEqual([['consent', 'default', DENIED]]);
    expect(requested).toEqual([TAG]);
  });

  test('a no still waiting for the server when the visitor moves on: the next page tracks nothing and sends it again', async ({
    page,
    context,
  }) => {
    const requested = await stubTag(page);
    await storedChoice(context, 1);
    await openWithRuntime(page, urlFor(HOME));
    await expect.poll(() => gaEvents(page, 'page_view')).toHaveLength(1);
    // A slow server: the no's POST is held unanswered; the ones after it pass.
    const posts: string[] = [];
    let holding = false;
    await page.route(/\/clinic\/swfiles\/lib\/privacycookie\.php$/, (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      posts.push(route.request().url());
      if (holding) return route.fallback();
      holding = true; // never answered
    });
    await page.locator('footer [data-sw-consent-action="preferences"]').click();
    await page.locator('#cookie-preferences').getByRole('button', { name: 'Decline' }).click();
    await expect.poll(() => posts).toHaveLength(1);
    // Stopped at once on this page, before any answer.
    await expect.poll(() => page.evaluate((id) => (window as never)[`ga-disable-${id}`], ID)).toBe(true);

    // Another page (a typed address) while the server still holds the no.
    await page.goto(urlFor('/clinic/en/services/'), { waitUntil: 'commit' });
    // The no is sent again and stored; the page, rendered under the old yes, reloads with it.
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === 'privacy_cookie_2')?.value)
      .toBe('0');
    expect(posts).toHaveLength(2);
    await page.waitForFunction(
      () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type === 'reload',
    );
    await runtimeIdle(page);
    expect(await dataLayer(page)).toEqual([['consent', 'default', DENIED]]);
    expect(requested, 'the tag was loaded on the first page only').toEqual([TAG]);
  });

  test('a stored no takes back the cookies the tag set while it was allowed', async ({ page, context }) => {
    await storedChoice(context, 0);
    await context.addCookies([
      { name: '_ga', value: 'GA1.1.1.1', domain: 'localhost', path: '/' },
      { name: '_ga_CLINIC0001', value: 'GS1.1.1', domain: 'localhost', path: '/' },
    ]);
    await openWithRuntime(page, urlFor(HOME));
    await expect
      .poll(async () => (await context.cookies()).map((c) => c.name).filter((n) => n.startsWith('_ga')))
      .toEqual([]);
    expect((await context.cookies()).map((c) => c.name)).toContain('privacy_cookie_2');
  });

  test('without a measurement id the analytics code is never fetched', async ({ page, context }) => {
    const chunks: string[] = [];
    page.on('request', (r) => /\/analytics-[\w-]+\.js$/.test(r.url()) && chunks.push(r.url()));
    await storedChoice(context, 1);
    await stubTag(page);
    const home = (u: URL) => u.pathname === HOME;
    await page.route(home, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(/,?\s*"analytics":\s*\{[^}]*\}/, '');
      expect(html).not.toContain('measurementId');
      await route.fulfill({ response, body: html });
    });
    await openWithRuntime(page, urlFor(HOME));
    await page.waitForFunction(() => document.querySelector('#cookie-preferences[data-sw-ready]'));
    await runtimeIdle(page);
    expect(chunks).toEqual([]);
    expect(await dataLayer(page)).toBeUndefined();
    // With one (the fixture as written), it is.
    await page.unroute(home);
    await page.goto(urlFor(HOME));
    await runtimeIdle(page);
    expect(chunks).toHaveLength(1);
  });

  for (const env of ['cms', 'design'] as const) {
    test(`${env}: no analytics at all, even with a stored yes`, async ({ page, context }) => {
      const vendor = vendorRequests(page);
      const chunks: string[] = [];
      page.on('request', (r) => /\/analytics-[\w-]+\.js$/.test(r.url()) && chunks.push(r.url()));
      await storedChoice(context, 1);
      await openWithRuntime(page, urlFor(HOME, env));
      await runtimeIdle(page);
      expect(await dataLayer(page)).toBeUndefined();
      expect(chunks).toEqual([]);
      expect(vendor).toEqual([]);
    });
  }
});

/** How many `sw:consent` events the page has seen, counted from its very start. */
async function countConsentEvents(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __consents: number };
    w.__consents = 0;
    document.addEventListener('sw:consent', () => w.__consents++);
  });
}
const consentsSeen = (page: Page, n: number) =>
  page.waitForFunction((n) => (window as unknown as { __consents: number }).__consents >= n, n);

test.describe('the gate follows the runtime, not page script', () => {
  test('a forged sw:consent with statistics on loads nothing and grants nothing', async ({ page }) => {
    const requested = await stubTag(page);
    const vendor = vendorRequests(page);
    await countConsentEvents(page);
    await openWithRuntime(page, urlFor(HOME));
    // The runtime is idle: the real read has been announced and the analytics chunk is listening.
    await consentsSeen(page, 1);
    await page.waitForFunction(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer?.length);
    await page.evaluate(() => {
      // In the contract's shape and in the one the runtime used to send.
      for (const detail of [
        { privacy_cookie: '1', privacy_cookie_1: '1', privacy_cookie_2: '1', privacy_cookie_3: '1' },
        { privacy_cookie: 1, privacy_cookie_1: 1, privacy_cookie_2: 1, privacy_cookie_3: 1 },
      ])
        document.dispatchEvent(new CustomEvent('sw:consent', { detail }));
    });
    // A real fact after it: the visitor declines, and the runtime announces that save.
    await page.getByRole('button', { name: 'Decline' }).first().click();
    await consentsSeen(page, 4);
    expect(await dataLayer(page)).toEqual([['consent', 'default', DENIED]]);
    expect(requested).toEqual([]);
    expect(vendor).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __tag?: unknown }).__tag)).toBeUndefined();
  });

  test('page script that changes a sw:consent detail changes nothing in the runtime', async ({
    page,
    context,
  }) => {
    const requested = await stubTag(page);
    await storedChoice(context, 0);
    // Every listener flips statistics on in the detail it was given, whatever its shape.
    await page.addInitScript(() => {
      document.addEventListener('sw:consent', (e) => {
        const detail = (e as CustomEvent).detail as Record<string, unknown>;
        try {
          detail.privacy_cookie_2 = typeof detail.privacy_cookie_2 === 'number' ? 1 : '1';
        } catch {
          // frozen: as it should be
        }
      });
    });
    await countConsentEvents(page);
    // The analytics chunk arrives only after the read, so it starts from the runtime's kept flags.
    let release!: () => void;
    const read = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/analytics-[\w-]+\.js$/, async (route) => {
      await read;
      await route.continue();
    });
    await openWithRuntime(page, urlFor(HOME));
    await consentsSeen(page, 1);
    release();
    await page.waitForFunction(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer?.length);
    expect(await dataLayer(page)).toEqual([['consent', 'default', DENIED]]);
    expect(requested).toEqual([]);
  });
});

test.describe('events (statistics allowed)', () => {
  test.beforeEach(async ({ page, context }) => {
    await stubTag(page);
    await storedChoice(context, 1);
  });
  const ready = async (page: Page, path = RESOURCES, waitUntil: 'load' | 'domcontentloaded' = 'load') => {
    await page.goto(`http://localhost:${serverPort()}${path}`, { waitUntil });
    await page.waitForSelector('html[data-sw-env]', { state: 'attached' });
    await expect.poll(async () => (await gaEvents(page, 'page_view')).length).toBeGreaterThan(0);
  };
  // Links are followed, in a new window (`<base target="_blank">`) answered with no content,
  // and submits are not, so the page stays to be read. (A click whose default a script
  // prevents is no followed link: it must send nothing.)
  const stayOnPage = async (page: Page) => {
    // (A popup's first navigation has no frame to ask for yet: Playwright throws.)
    const inPage = (request: Request) => {
      try {
        return request.frame().page() === page;
      } catch {
        return false;
      }
    };
    await page
      .context()
      .route('**/*', (route) =>
        route.request().isNavigationRequest() && !inPage(route.request())
          ? route.fulfill({ status: 204 })
          : route.fallback(),
      );
    await page.evaluate(() => {
      const base = document.createElement('base');
      base.target = '_blank';
      document.head.append(base);
      addEventListener('submit', (e) => e.preventDefault());
    });
  };

  test('a no given in another tab of the site stops tracking in this one at once, without reloading it', async ({
    page,
    context,
  }) => {
    await ready(page);
    await page.evaluate(() => {
      document.body.style.minHeight = '4000px';
      (window as unknown as { same: boolean }).same = true; // gone if it reloads
    });
    const other = await context.newPage();
    await stubTag(other);
    await openWithRuntime(other, urlFor('/clinic/en/services/'));
    await other.locator('footer [data-sw-consent-action="preferences"]').click();
    await other.getByRole('switch', { name: 'Statistics' }).click();
    const reloaded = other.waitForEvent('load');
    await other.getByRole('button', { name: 'Save choices' }).click();
    await reloaded; // that tab reloads with its choice, as a save there does
    // This one: the library's opt-out, storage denied, and no further event.
    await expect.poll(() => page.evaluate((id) => (window as never)[`ga-disable-${id}`], ID)).toBe(true);
    expect((await dataLayer(page))!.at(-1)).toEqual(['consent', 'update', { analytics_storage: 'denied' }]);
    await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
    await runtimeIdle(page);
    expect(await gaEvents(page, 'scroll')).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { same?: boolean }).same)).toBe(true);
  });

  test('page_view and view_search_results from q, s, search, query or keyword', async ({ page }) => {
    for (const param of ['q', 's', 'search', 'query', 'keyword']) {
      await ready(page, `${RESOURCES}?${param}=flu+shot`);
      expect(await gaEvents(page, 'view_search_results')).toEqual([
        { name: 'view_search_results', params: expect.objectContaining({ search_term: 'flu shot' }) },
      ]);
    }
    await ready(page, `${RESOURCES}?page=2`);
    expect(await gaEvents(page, 'view_search_results')).toEqual([]);
  });

  test('scroll once at 90 % depth', async ({ page }) => {
    await ready(page);
    await page.evaluate(() => (document.body.style.minHeight = '4000px'));
    await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight * 0.5));
    await runtimeIdle(page);
    expect(await gaEvents(page, 'scroll')).toEqual([]);
    await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => gaEvents(page, 'scroll')).toHaveLength(1);
    await page.evaluate(() => scrollTo(0, 0));
    await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
    await runtimeIdle(page);
    expect(await gaEvents(page, 'scroll')).toEqual([
      { name: 'scroll', params: expect.objectContaining({ percent_scrolled: 90 }) },
    ]);
  });

  test('outbound click and file download with their parameters; a link within the site sends nothing', async ({
    page,
  }) => {
    await ready(page);
    await stayOnPage(page);
    await page.getByRole('link', { name: 'The WHO on influenza' }).click();
    await page.getByRole('link', { name: 'Registration form (PDF)' }).click();
    await page.getByRole('link', { name: 'News' }).last().click();
    const links = async () =>
      (await gaEvents(page)).filter((e) => e.name === 'click' || e.name === 'file_download');
    await expect.poll(links).toEqual([
      {
        name: 'click',
        params: expect.objectContaining({
          link_url: 'https://www.who.int/health-topics/influenza',
          link_domain: 'www.who.int',
          outbound: true,
          link_classes: 'external',
        }),
      },
      {
        name: 'file_download',
        params: expect.objectContaining({
          file_extension: 'pdf',
          file_name: '/clinic/assets/docs/registration.pdf',
          link_text: 'Registration form (PDF)',
          link_url: `http://localhost:${serverPort()}/clinic/assets/docs/registration.pdf`,
          link_id: 'registration-pdf',
        }),
      },
    ]);
    // Links are judged once their click has been dispatched: the idle runtime has judged all three.
    await runtimeIdle(page);
    expect(await links()).toHaveLength(2);
  });

  /** The resources page, staying put, with a form of the builder's added. */
  const pageWithForm = async (page: Page, attrs: Record<string, string>, controls: Markup[]) => {
    await ready(page);
    await stayOnPage(page);
    await appendMarkup(page, 'body', [['form', attrs, '', controls]]);
  };

  test('form_start on the first interaction, once; form_submit on submission', async ({ page }) => {
    await ready(page);
    await stayOnPage(page);
    const phone = page.getByLabel('Your phone number');
    await phone.click();
    await phone.fill('555 0199');
    await expect.poll(() => gaEvents(page, 'form_start')).toHaveLength(1);
    await page.getByRole('button', { name: 'Call me back' }).click();
    await expect.poll(() => gaEvents(page, 'form_submit')).toHaveLength(1);
    expect(await gaEvents(page, 'form_start')).toEqual([
      { name: 'form_start', params: expect.objectContaining({ form_id: 'callback', form_name: 'callback' }) },
    ]);
    expect((await gaEvents(page, 'form_submit'))[0]!.params).toMatchObject({
      form_id: 'callback',
      form_submit_text: 'Call me back',
    });
  });

  test('form events of a form whose own script stops them (an AJAX form: jQuery’s return false) still count', async ({
    page,
  }) => {
    await pageWithForm(page, { id: 'ajax-form', action: '/clinic/send.php' }, [
      ['input', { name: 'email', 'aria-label': 'Your email' }],
      ['button', {}, 'Subscribe'],
    ]);
    await page.evaluate(() => {
      const form = document.getElementById('ajax-form') as HTMLFormElement;
      // What `$('#ajax-form').on('submit', () => false)` and a field's own handlers do.
      const stop = (e: Event) => (e.preventDefault(), e.stopPropagation());
      form.addEventListener('submit', stop);
      for (const type of ['focusin', 'input'])
        form.elements[0]!.addEventListener(type, (e: Event) => e.stopPropagation());
    });
    await page.getByLabel('Your email').fill('a@example.org');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect.poll(() => gaEvents(page, 'form_submit')).toHaveLength(1);
    expect((await gaEvents(page, 'form_start'))[0]!.params).toMatchObject({ form_id: 'ajax-form' });
  });

  test('a link whose click a handler takes (a lightbox item, a page’s own player) is no download or outbound click', async ({
    page,
  }) => {
    await ready(page, '/clinic/en/gallery/');
    await stayOnPage(page);
    await appendMarkup(page, 'main', [
      ['a', { href: '/clinic/assets/video/tour.mp4', 'data-sw-lightbox': 'tour' }, 'Video tour'],
      ['a', { href: 'https://vimeo.com/76979871', 'data-sw-lightbox': 'tour' }, 'Our clinic on Vimeo'],
      ['a', { href: '/clinic/assets/docs/leaflet.pdf', id: 'leaflet' }, 'Leaflet (PDF)'],
      ['a', { href: '/clinic/assets/docs/registration.pdf' }, 'Registration form (PDF)'],
    ]);
    // The page's own handler takes this one (as a player or a viewer of its own would).
    await page.evaluate(() =>
      document.getElementById('leaflet')!.addEventListener('click', (e) => e.preventDefault()),
    );
    await page.getByRole('link', { name: 'Video tour' }).click();
    await expect(page.locator('dialog.sw-lightbox')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('dialog.sw-lightbox')).toBeHidden();
    await page.getByRole('link', { name: 'Our clinic on Vimeo' }).click();
    await expect(page.locator('dialog.sw-lightbox')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Leaflet (PDF)' }).click();
    // A followed one still counts, after them: the runtime is idle once it has.
    await page.getByRole('link', { name: 'Registration form (PDF)' }).click();
    await expect.poll(() => gaEvents(page, 'file_download')).toHaveLength(1);
    await runtimeIdle(page);
    const links = (await gaEvents(page)).filter((e) => e.name === 'click' || e.name === 'file_download');
    expect(links.map((e) => e.params.link_text)).toEqual(['Registration form (PDF)']);
  });

  test('form events carry the form’s own id, address and size when its controls are named action, id and elements', async ({
    page,
  }) => {
    // A PHP contact form's hidden `action` field, a field named `id`, a select named `elements`:
    // each hides the form's own property of that name from script.
    await pageWithForm(page, { id: 'contact', name: 'contact', action: '/clinic/send.php', method: 'post' }, [
      ['input', { type: 'hidden', name: 'action', value: 'send' }],
      ['input', { name: 'id', 'aria-label': 'Member number' }],
      ['select', { name: 'elements', 'aria-label': 'Topic' }, '', [['option', {}, 'Visit']]],
      ['button', {}, 'Send'],
    ]);
    await page.getByLabel('Member number').fill('42');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => gaEvents(page, 'form_submit')).toHaveLength(1);
    const expected = {
      form_id: 'contact',
      form_name: 'contact',
      form_destination: `http://localhost:${serverPort()}/clinic/send.php`,
      form_length: 4,
    };
    expect((await gaEvents(page, 'form_start'))[0]!.params).toMatchObject(expected);
    expect((await gaEvents(page, 'form_submit'))[0]!.params).toMatchObject(expected);
  });

  test('page_view on pushState, replaceState and popstate, checked at most every 1000 ms', async ({
    page,
  }) => {
    await page.clock.install();
    await ready(page);
    const views = async () => (await gaEvents(page, 'page_view')).map((e) => e.params.page_location);
    const base = `http://localhost:${serverPort()}${RESOURCES}`;
    // From here the page's clock moves only when the test moves it; the page view above is
    // over a second old by then.
    await page.clock.pauseAt(Date.now() + 1500);
    await page.evaluate(() => {
      history.pushState({}, '', '?tab=1');
      history.pushState({}, '', '?tab=2');
      history.replaceState({}, '', '?q=vaccine');
    });
    // The check is due at once (over a second since the last): a zero-delay timer, which the
    // paused clock may already have run. One check for the three changes: the address then.
    await page.clock.runFor(1);
    await expect.poll(views).toEqual([base, `${base}?q=vaccine`]);
    expect((await gaEvents(page, 'view_search_results')).at(-1)!.params.search_term).toBe('vaccine');
    // popstate back to ?tab=1 (?tab=2 was replaced), within a second of the last check: it
    // waits for the second to end.
    const popped = page.evaluate(() => new Promise((r) => addEventListener('popstate', r, { once: true })));
    await page.goBack();
    await popped;
    await page.clock.runFor(998);
    expect(await views()).toEqual([base, `${base}?q=vaccine`]);
    await page.clock.runFor(2);
    await expect.poll(views).toEqual([base, `${base}?q=vaccine`, `${base}?tab=1`]);
    const last = (await gaEvents(page, 'page_view')).at(-1)!.params;
    expect(last.page_referrer).toBe(`${base}?q=vaccine`);
  });

  test('HTML5 video: start, progress at 10, 25, 50 and 75 %, complete', async ({ page }) => {
    await ready(page);
    await page.locator('video').evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      v.playbackRate = 4;
      await v.play();
    });
    await expect.poll(() => gaEvents(page, 'video_complete'), { timeout: 10_000 }).toHaveLength(1);
    const videos = (await gaEvents(page)).filter((e) => e.name.startsWith('video_'));
    expect(videos.map((e) => [e.name, e.params.video_percent])).toEqual(VIDEO_SEQUENCE);
    expect(videos[0]!.params).toMatchObject({
      video_provider: 'html5',
      video_title: 'A tour of the clinic',
      video_url: `http://localhost:${serverPort()}/clinic/assets/media/clinic-tour.webm`,
      video_duration: 4,
    });
  });

  test('YouTube embed (enablejsapi=1): the player protocol gives start, progress and complete', async ({
    page,
  }) => {
    await youTubeStandIn(page);
    await ready(page);
    await page.evaluate(() => {
      const frame = document.createElement('iframe');
      frame.title = 'Flu jab video';
      frame.src = 'https://www.youtube-nocookie.com/embed/abc123?enablejsapi=1';
      document.querySelector('main')!.append(frame);
    });
    await youTubeReported(page, 'abc123');
  });

  test('a YouTube video played in the lightbox gives the same events: its embed allows the player protocol', async ({
    page,
    context,
  }) => {
    await youTubeStandIn(page);
    // External media allowed too: the lightbox loads the video at once.
    await context.addCookies([
      { name: 'privacy_cookie_3', value: '1', domain: 'localhost', path: '/clinic' },
    ]);
    await ready(page, '/clinic/en/gallery/');
    await appendMarkup(page, 'main', [
      ['a', { href: 'https://youtu.be/dQw4w9WgXcQ', 'data-sw-lightbox': '' }, 'Flu jab video'],
    ]);
    await page.getByRole('link', { name: 'Flu jab video' }).click();
    await youTubeReported(page, 'dQw4w9WgXcQ');
  });

  test('web vitals LCP, CLS and INP are sent as events', async ({ page }) => {
    // The vitals library arrives only after the first click, as on a slow phone: what it
    // measured before it loaded must still be reported.
    let release!: () => void;
    const clicked = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/web-vitals-[\w-]+\.js$/, async (route) => {
      await clicked;
      await route.continue();
    });
    // Not until `load`: Firefox holds the load event for an import() started before it (the
    // idle analytics chunk can start the vitals' before `load`), and this one is held back.
    await ready(page, RESOURCES, 'domcontentloaded');
    // A slow interaction, so INP has something to report.
    await page.evaluate(() =>
      document.querySelector('h1')!.addEventListener('click', () => {
        const end = performance.now() + 120;
        while (performance.now() < end);
      }),
    );
    await page.locator('h1').click();
    release();
    // LCP is final at the first trusted input the library sees (a dispatched visibilitychange
    // is not trusted, so it cannot stand in), so the visitor goes on typing until the library
    // is listening; it must report exactly once.
    await expect
      .poll(async () => {
        await page.keyboard.press('Shift');
        return (await gaEvents(page, 'LCP')).length;
      })
      .toBe(1);
    // The library takes in event-timing entries on an idle callback (1 s at most): on a busy
    // machine the slow click may still wait there when the page is hidden, and the library
    // finalises INP first. So the facts first: the click's entry has reached observers (ours,
    // given the buffered entries, comes after the library's), and an idle callback queued
    // after the library's has run.
    await page.evaluate(
      () =>
        new Promise<void>((done) => {
          new PerformanceObserver((list, observer) => {
            if (!list.getEntries().some((e) => e.name === 'click')) return;
            observer.disconnect();
            requestIdleCallback(() => done(), { timeout: 2000 });
          }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
        }),
    );
    // CLS and INP are final when the page is hidden.
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    // CLS is built from layout-shift entries, which Firefox does not have: no engine can
    // report it there, so it is expected where the browser measures it.
    const shifts = await page.evaluate(() =>
      PerformanceObserver.supportedEntryTypes.includes('layout-shift'),
    );
    await expect
      .poll(async () => (await gaEvents(page)).map((e) => e.name))
      .toEqual(expect.arrayContaining(shifts ? ['LCP', 'CLS', 'INP'] : ['LCP', 'INP']));
    const lcp = (await gaEvents(page, 'LCP'))[0]!.params;
    expect(lcp).toMatchObject({ metric_id: expect.any(String), metric_value: expect.any(Number) });
  });
});
