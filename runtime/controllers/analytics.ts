import { forgetTagCookies } from '../analytics/cookies';
import { keepCounted, takeCounted } from '../analytics/reloaded';
import { gtagOf } from '../analytics/gtag';
import { configureTag, denyByDefault } from '../analytics/tag';
import { track } from '../analytics/track';
import { CHOICE_MADE, flagOn, type ConsentFlags } from '../consent/flags';
import { consentHub } from '../consent/hub';
import type { Controller } from '../controller';

export { forgetTagCookies } from '../analytics/cookies';

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
    const { measurementId, consentVariable } = runtime.config.analytics;
    if (!measurementId) return;
    const tag = gtagOf(runtime.window);
    const { gtag, state } = tag;
    denyByDefault(tag);
    const win = runtime.window;
    if (!state.page) Object.assign(state, takeCounted(win));

    const off = win as unknown as Record<string, boolean>;
    const disable = `ga-disable-${measurementId}`;
    let tracking: AbortController | undefined;
    const apply = (flags: ConsentFlags | undefined, reloading = false) => {
      const allowed = flagOn(flags, consentVariable);
      // This page's view was counted (while tracking, maybe before a no on its way).
      if (allowed && reloading && state.page) keepCounted(win, state);
      // A grant on a page about to reload starts nothing: its page view would be counted twice.
      if (allowed && !tracking && !reloading) {
        off[disable] = false;
        if (!state.granted) gtag('consent', 'update', { analytics_storage: 'granted' });
        state.granted = true;
        if (!state.configured) configureTag(runtime, tag, measurementId, signal);
        tracking = new AbortController();
        signal.addEventListener('abort', () => tracking?.abort(), { once: true });
        track(ctx, tag, measurementId, tracking.signal);
      } else if (!allowed && flags) {
        // Withdrawn without a reload (a save the server could not confirm): stop at once. The
        // grant may be an earlier runtime's on this page (gtag.ts): the page is told either way.
        // Flags not read yet (undefined) are no answer, so nothing is withdrawn for them.
        tracking?.abort();
        tracking = undefined;
        // Denied storage alone leaves the library sending cookieless pings: Google's opt-out.
        off[disable] = true;
        if (state.granted) gtag('consent', 'update', { analytics_storage: 'denied' });
        state.granted = false;
      }
      // Not allowed, the tag's cookies go: all of them after a no; with no choice in force (an
      // outdated or lapsed one, the tag's two-year cookies outliving the flags) the container's
      // own, as `_ga` on a parent domain may be a sibling site's, consented there.
      if (!allowed && flags)
        forgetTagCookies(
          runtime.document,
          flagOn(flags, CHOICE_MADE) ? undefined : `_ga_${measurementId.replace(/^G-/, '')}`,
        );
    };

    const hub = consentHub(runtime);
    apply(hub.flags, hub.reloading);
    const unsubscribe = hub.subscribe(ctx.guard(apply));
    return () => {
      unsubscribe();
      tracking?.abort();
    };
  },
};

// Bundling hints: what this chunk shares with the entry, and with other parts, ships as one
// file each (see core.ts, dialog-core.ts, consent-core.ts).
export { core as __core } from '../core';
export { consentCore as __consentCore } from '../consent-core';
