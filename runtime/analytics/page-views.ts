import { HISTORY_INTERVAL_MS, searchTerm } from './events';
import type { GtagState } from './gtag';
import type { Tracking } from './track';

/** The page being viewed, as far as the other events care: whether its scroll depth was sent. */
export interface PageVisit {
  scrolled: boolean;
}

/**
 * Page views: this one, then every history change, checked at most once a second. The last
 * one sent is the page's (gtag.ts): a runtime booted again on it sends none. Returns the
 * visit, whose scroll depth each new page view resets.
 */
export function trackPageViews(
  { win, doc, on, send, listen, guard, work }: Tracking,
  state: GtagState,
): PageVisit {
  // Kept with the page's dataLayer, not this period of tracking: sent once per page view.
  const page: PageVisit = {
    get scrolled() {
      return state.scrolled === state.page;
    },
    set scrolled(sent) {
      state.scrolled = sent ? state.page : '';
    },
  };
  let referrer = doc.referrer;
  const pageView = () => {
    const href = win.location.href.split('#')[0]!;
    if (href === state.page) return;
    if (state.page) referrer = state.page;
    state.page = href;
    page.scrolled = false;
    // A form still on the page (a search in the header) starts again with each page view.
    state.forms = new WeakSet();
    send('page_view', { page_location: href, page_title: doc.title, page_referrer: referrer });
    const term = searchTerm(href);
    if (term) send('view_search_results', { search_term: term });
  };
  pageView();
  let last = win.performance.now();
  let timer = 0;
  let release = () => {};
  const historyChanged = () => {
    if (timer) return;
    const wait = Math.max(0, last + HISTORY_INTERVAL_MS - win.performance.now());
    release = work.hold(on);
    timer = win.setTimeout(
      guard(() => {
        timer = 0;
        release();
        last = win.performance.now();
        pageView();
      }),
      wait,
    );
  };
  // Not defer.ts's `after`, which would drop a change reported after a withdrawal (by a wrapper
  // of ours that someone else's kept): that change still records the page, unsent.
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
  return page;
}
