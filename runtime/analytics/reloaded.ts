/**
 * A page the runtime reloads for a consent save (a returning visitor's) was counted before
 * the reload when tracking was on: the reloaded page must not count the same view again, nor
 * its scroll depth if that was sent. The address (and the one whose depth was sent) is kept
 * in sessionStorage across the reload, only while tracking (so with consent).
 */
const key = 'site-runtime:counted';

/** What was sent of the page view: its address, and the address whose scroll depth was. */
export interface Counted {
  page: string;
  scrolled: string;
}

/** Before the reload: this page view was counted. */
export function keepCounted(win: Window, counted: Counted): void {
  try {
    win.sessionStorage.setItem(key, JSON.stringify([counted.page, counted.scrolled]));
  } catch {
    // Storage refused (a private mode, a sandbox): the view is counted twice, as before.
  }
}

/** After it: what was counted before a reload of this page, taken (once) from storage. */
export function takeCounted(win: Window): Counted | undefined {
  try {
    const kept = win.sessionStorage.getItem(key);
    if (kept === null) return undefined;
    win.sessionStorage.removeItem(key);
    const [page, scrolled] = JSON.parse(kept) as [string, string];
    const nav = win.performance.getEntriesByType?.('navigation')[0] as
      PerformanceNavigationTiming | undefined;
    // A link followed later to the same address is a new view: only a reload is the same one.
    return nav?.type === 'reload' && page === win.location.href.split('#')[0]
      ? { page, scrolled }
      : undefined;
  } catch {
    return undefined;
  }
}
