import type { Controller } from '../controller';
import { consentHub } from '../consent/hub';
import { dropEmptyStyle } from '../dom';
import { CONSENT_INACTIVE, parseGroups } from '../consent/model';
import { InvalidOptionsError } from '../errors';
import { log } from '../log';
import { attr, sel } from '../schema';
import { focusAfter } from '../ui/focus';

/**
 * `data-sw-consent-banner`: shown while the consent modal's flow says so on the hub (first
 * visit, after the delay, no choice, nothing waiting to be sent, preferences closed); its
 * accept-all, decline and accept buttons run through that controller. Its preferences button
 * is one of the page's preferences links. Without the consent modal (which carries the
 * groups) there is no cookie management: the spec's warning, and the banner stays hidden.
 */
export const consentBanner: Controller = {
  connect(el, ctx) {
    const doc = ctx.runtime.document;
    const modal = doc.querySelector(sel(attr.consentModal));
    // Unusable groups: the modal says so, and no consent UI is drawn, the banner included.
    if (!modal) log.verbatim.warn(CONSENT_INACTIVE);
    if (!modal || !parseGroups(modal.getAttribute(attr.cookieGroups)))
      throw new InvalidOptionsError('a consent banner needs the consent modal', { logged: true });
    // Its own: the modal's chunk may connect after it, and `hidden` must hide it from the start.
    ctx.runtime.adoptStyles(`${sel(attr.consentBanner)}[hidden]{display:none!important}`);
    const banner = el as HTMLElement;
    const win = ctx.runtime.window;
    const hub = consentHub(ctx.runtime);
    const wasHidden = banner.hidden;

    // A banner fixed to an edge would hide whatever Tab reaches under it (WCAG 2.4.11): while
    // it shows, the page's scroll padding on that edge is its height, so focus scrolls clear,
    // and at the bottom a spacer of that height lets the page's last lines scroll above it
    // (added after everything, it moves nothing already laid out).
    const root = doc.documentElement;
    const before = { top: root.style.scrollPaddingTop, bottom: root.style.scrollPaddingBottom };
    const spacer = doc.createElement('div');
    spacer.setAttribute('data-sw-consent-spacer', '');
    spacer.setAttribute('aria-hidden', 'true');
    const unpad = () => {
      root.style.scrollPaddingTop = before.top;
      root.style.scrollPaddingBottom = before.bottom;
      dropEmptyStyle(root);
      spacer.remove();
    };
    const pad = () => {
      if (banner.hidden || !/^(fixed|sticky)$/.test(win.getComputedStyle(banner).position)) return unpad();
      const r = banner.getBoundingClientRect();
      const height = `${Math.ceil(r.height)}px`;
      if (r.bottom >= win.innerHeight - 1) {
        root.style.scrollPaddingBottom = height;
        spacer.style.height = height;
        if (!spacer.isConnected) doc.body.append(spacer);
      } else if (r.top <= 1) root.style.scrollPaddingTop = height;
    };
    const resize = win.ResizeObserver ? new win.ResizeObserver(ctx.guard(pad)) : undefined;

    const show = () => {
      banner.hidden = false;
      pad();
      resize?.observe(banner);
    };
    const hide = () => {
      resize?.disconnect();
      unpad();
      const active = doc.activeElement;
      banner.hidden = true;
      // Focus must not stay on a button that is gone, nor fall to the body: the next control.
      if (active instanceof HTMLElement && banner.contains(active)) focusAfter(banner);
    };
    if (hub.bannerShown) show();
    else banner.hidden = true;
    const unwatch = hub.watchBanner(ctx.guard((shown: boolean) => (shown ? show() : hide())));
    ctx.listen<MouseEvent>(banner, 'click', (e) => {
      const button = (e.target as Element).closest(`[${attr.consentAction}]`);
      const action = button?.getAttribute(attr.consentAction);
      if (!button || !banner.contains(button)) return;
      if (action !== 'accept-all' && action !== 'decline' && action !== 'accept') return;
      e.preventDefault();
      hub.act?.(action, button);
    });
    return () => {
      unwatch();
      resize?.disconnect();
      unpad();
      banner.hidden = wasHidden;
    };
  },
};

// Bundling hints: what this chunk shares with the entry, and with other parts, ships as one
// file each (see core.ts, dialog-core.ts, consent-core.ts).
export { core as __core } from '../core';
export { dialogCore as __dialogCore } from '../dialog-core';
export { consentCore as __consentCore } from '../consent-core';
