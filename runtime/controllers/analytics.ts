import { depthReached, HISTORY_INTERVAL_MS, linkEvent, SCROLL_DEPTH, searchTerm } from '../analytics/events';
import { trackVideos } from '../analytics/video';
import { CHOICE_MADE, flagOn, type ConsentFlags } from '../consent/flags';
import { consentHub } from '../consent/hub';
import type { Controller } from '../controller';
import { log } from '../log';
import { gtagOf } from '../analytics/gtag';
import { loadScript, trusted } from '../trusted-types';

type Params = Record<string, string | number | boolean>;

/**
 * Consent-gated analytics for the one measurement id (contract §5, spec §4 Analytics, §9).
 * It speaks the gtag protocol on `window.dataLayer` with Consent Mode v2: everything denied
 * first; once the visitor's `analytics.consentVariable` flag is "1" (a read on a later page or
 * a save on this one), analytics storage is granted, the tag library is loaded and the GA4
 * events start. Before that nothing is loaded, stored or sent; the editors never get here
 * (the definition is disabled there). The gate follows the consent hub, the runtime's own
 * state, never `sw:consent`: page script can dispatch that event with any detail.
 */
export const analytics: Controller = {
  connect(_root, ctx) {
    const { runtime, signal } = ctx;
    const win = runtime.window;
    const doc = runtime.document;
    const { measurementId, consentVariable, scriptUrl } = runtime.config.analytics;
    if (!measurementId) return;
    const { gtag, state } = gtagOf(win);
    if (!state.defaults) {
      state.defaults = true;
      gtag('consent', 'default', {
        ad_storage: 'denied',
        analytics_storage: 'denied',
        ad_user_data: 'denied',
        ad_personalization: 'denied',
      });
    }

    let tracking: AbortController | undefined;
    const apply = (flags: ConsentFlags | undefined) => {
      const allowed = flagOn(flags, consentVariable);
      if (allowed && !tracking) {
        if (!state.granted) gtag('consent', 'update', { analytics_storage: 'granted' });
        state.granted = true;
        if (!state.configured) configure(measurementId);
        tracking = new AbortController();
        signal.addEventListener('abort', () => tracking?.abort(), { once: true });
        track(tracking.signal);
      } else if (!allowed && flags) {
        // Withdrawn without a reload (a save the server could not confirm): stop at once. The
        // grant may be an earlier runtime's on this page (gtag.ts): the page is told either way.
        // Flags not read yet (undefined) are no answer, so nothing is withdrawn for them.
        tracking?.abort();
        tracking = undefined;
        if (state.granted) gtag('consent', 'update', { analytics_storage: 'denied' });
        state.granted = false;
      }
      // A no (or a withdrawal) also takes back what the tag stored while it was allowed.
      if (!allowed && flagOn(flags, CHOICE_MADE)) forgetTagCookies(doc);
    };

    /**
     * The tag's configuration and library, once per page (gtag.ts). A library that failed to
     * load is not fetched again on this page: the next page tries, as a tag snippet would.
     */
    function configure(id: string) {
      state.configured = true;
      gtag('js', new Date());
      gtag('config', id, { send_page_view: false });
      try {
        const url = new URL(scriptUrl, doc.baseURI);
        url.searchParams.set('id', id);
        trusted(win, [url.origin]);
        loadScript(win, url.href, runtime.nonce, signal).catch((err: unknown) => {
          log.warn('the analytics tag could not be loaded', err);
        });
      } catch (err) {
        log.warn(`analytics.scriptUrl is unusable: ${scriptUrl}`, err);
      }
    }

    function track(on: AbortSignal) {
      const send = ctx.guard((name: string, params: Params = {}) => {
        if (!on.aborted) gtag('event', name, { ...params, send_to: measurementId });
      });
      const listen = <E extends Event>(
        target: EventTarget,
        type: string,
        fn: (e: E) => void,
        capture = false,
      ) =>
        target.addEventListener(type, ctx.guard(fn as (e: Event) => void), {
          signal: on,
          passive: true,
          capture,
        });

      // Page views: this one, then every history change, checked at most once a second. The
      // last one sent is the page's (gtag.ts): a runtime booted again on it sends none.
      let scrolled = false;
      let referrer = doc.referrer;
      const pageView = () => {
        const href = win.location.href.split('#')[0]!;
        if (href === state.page) return;
        if (state.page) referrer = state.page;
        state.page = href;
        scrolled = false;
        send('page_view', { page_location: href, page_title: doc.title, page_referrer: referrer });
        const term = searchTerm(href);
        if (term) send('view_search_results', { search_term: term });
      };
      pageView();
      let last = win.performance.now();
      let timer = 0;
      const historyChanged = () => {
        if (timer) return;
        const wait = Math.max(0, last + HISTORY_INTERVAL_MS - win.performance.now());
        timer = win.setTimeout(
          ctx.guard(() => {
            timer = 0;
            last = win.performance.now();
            pageView();
          }),
          wait,
        );
      };
      on.addEventListener('abort', () => win.clearTimeout(timer));
      listen(win, 'popstate', historyChanged);
      const { history } = win;
      for (const method of ['pushState', 'replaceState'] as const) {
        const original = history[method];
        const wrapped = function (this: History, ...args: Parameters<History['pushState']>) {
          const result = original.apply(this, args);
          historyChanged();
          return result;
        };
        history[method] = wrapped;
        // Put back only if nobody wrapped it after us (their wrapper would be lost).
        on.addEventListener('abort', () => history[method] === wrapped && (history[method] = original));
      }

      // Scroll depth: once per page, at 90 %.
      let frame = 0;
      listen(win, 'scroll', () => {
        frame ||= win.requestAnimationFrame(() => {
          frame = 0;
          if (scrolled || on.aborted) return;
          if (depthReached(win.scrollY, win.innerHeight, doc.documentElement.scrollHeight)) {
            scrolled = true;
            send('scroll', { percent_scrolled: SCROLL_DEPTH });
          }
        });
      });
      on.addEventListener('abort', () => win.cancelAnimationFrame(frame));

      // Outbound clicks and downloads (middle clicks open them too).
      const onLink = (e: MouseEvent) => {
        const a = (e.target as Element | null)?.closest?.('a[href]');
        if (!a || (e.type === 'auxclick' && e.button !== 1)) return;
        const ev = linkEvent(a.getAttribute('href')!, win.location.href, a.textContent ?? '');
        if (!ev) return;
        if (a.id) ev.params.link_id = a.id;
        const classes = a.getAttribute('class')?.trim();
        if (classes) ev.params.link_classes = classes;
        send(ev.name, ev.params);
      };
      listen(doc, 'click', onLink, true);
      listen(doc, 'auxclick', onLink, true);

      // Forms: the first interaction with each, and its submission.
      const started = new WeakSet<HTMLFormElement>();
      const formParams = (form: HTMLFormElement): Params => ({
        form_id: form.id,
        form_name: form.getAttribute('name') ?? '',
        form_destination: form.action,
        form_length: form.elements.length,
      });
      const onField = (e: Event) => {
        const form = (e.target as { form?: unknown }).form;
        if (!(form instanceof win.HTMLFormElement) || started.has(form)) return;
        started.add(form);
        send('form_start', formParams(form));
      };
      listen(doc, 'focusin', onField);
      listen(doc, 'input', onField);
      listen<SubmitEvent>(doc, 'submit', (e) => {
        const form = e.target;
        if (!(form instanceof win.HTMLFormElement)) return;
        const submitter = e.submitter as HTMLButtonElement | HTMLInputElement | null;
        send('form_submit', {
          ...formParams(form),
          form_submit_text: (submitter?.textContent || submitter?.value || '').trim(),
        });
      });

      trackVideos(win, send, on);

      // Core Web Vitals, from their own chunk, reported as events once consent allows. The
      // library's observers are the page's (web-vitals.ts); this runtime only joins the relay.
      void import('../analytics/web-vitals')
        .then(({ subscribeVitals }) => {
          if (on.aborted) return;
          const leave = subscribeVitals((m) =>
            send(m.name, {
              value: m.delta,
              metric_id: m.id,
              metric_value: m.value,
              metric_delta: m.delta,
              metric_rating: m.rating,
            }),
          );
          on.addEventListener('abort', leave, { once: true });
        })
        .catch((err: unknown) => log.warn('web-vitals could not be loaded', err));
    }

    const hub = consentHub(runtime);
    apply(hub.flags);
    const unsubscribe = hub.subscribe(ctx.guard(apply));
    return () => {
      unsubscribe();
      tracking?.abort();
    };
  },
};

/** The tag library's cookies: `_ga`, `_ga_<container>`, `_gid`, `_gat…`. */
const tagCookie = /^(_ga(_.+)?|_gid|_gat.*)$/;

/**
 * Deletes the tag library's first-party cookies, on this host and on each parent domain
 * (the tag sets them on the widest one it can).
 */
export function forgetTagCookies(doc: Document): void {
  const names = doc.cookie
    .split(';')
    .map((c) => c.split('=')[0]!.trim())
    .filter((n) => tagCookie.test(n));
  if (!names.length) return;
  const parts = doc.location.hostname.split('.');
  const domains = [undefined, ...parts.slice(0, -1).map((_, i) => parts.slice(i).join('.'))];
  for (const name of names)
    for (const domain of domains)
      doc.cookie = `${name}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/${domain ? `; Domain=${domain}` : ''}`;
}
