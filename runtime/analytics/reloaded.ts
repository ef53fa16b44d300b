/**
 * A page the runtime reloads for a consent save (a returning visitor's) was counted before
 * the reload when tracking was on: the reloaded page must not count the same view again. The
 * address is kept in sessionStorage across the reload, only while tracking (so with consent).
 */
const key = 'site-runtime:counted';

/** Before the reload: this page view was counted. */
export function keepCounted(win: Window, page: string): void {
  try {
    win.sessionStorage.setItem(key, page);
  } catch {
    // Storage refused (a private mode, a sandbox): the view is counted twice, as before.
  }
}

/** After it: the address counted before a reload of this page, taken (once) from storage. */
export function takeCounted(win: Window): string | undefined {
  try {
    const page = win.sessionStorage.getItem(key);
    if (page === null) return undefined;
    win.sessionStorage.removeItem(key);
    const nav = win.performance.getEntriesByType?.('navigation')[0] as
      PerformanceNavigationTiming | undefined;
    // A link followed later to the same address is a new view: only a reload is the same one.
    return nav?.type === 'reload' && page === win.location.href.split('#')[0] ? page : undefined;
  } catch {
    return undefined;
  }
}
