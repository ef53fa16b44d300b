import type { Controller } from '../controller';
import { consentHub, type BannerPart } from '../consent/hub';
import { CONSENT_INACTIVE } from '../consent/model';
import { InvalidOptionsError } from '../errors';
import { attr, sel } from '../schema';

/**
 * `data-sw-consent-banner`: shown only when the consent modal's controller says so (first
 * visit, after the delay, nothing waiting to be sent); its accept-all, decline and accept
 * buttons run through that controller. Its preferences button is one of the page's
 * preferences links. Without the consent modal (which carries the groups) there is no
 * cookie management: the spec's warning, and the banner stays hidden.
 */
export const consentBanner: Controller = {
  connect(el, ctx) {
    const doc = ctx.runtime.document;
    if (!doc.querySelector(sel(attr.consentModal))) {
      console.warn(CONSENT_INACTIVE);
      throw new InvalidOptionsError('a consent banner needs the consent modal', { logged: true });
    }
    const banner = el as HTMLElement;
    const hub = consentHub(ctx.runtime);
    const wasHidden = banner.hidden;
    const part: BannerPart = {
      show: () => (banner.hidden = false),
      hide() {
        const active = doc.activeElement;
        banner.hidden = true;
        // Focus must not stay on a button that is gone: it restarts from the top.
        if (active instanceof HTMLElement && banner.contains(active)) active.blur();
      },
    };
    hub.banner = part;
    banner.hidden = !hub.wantBanner;
    ctx.listen<MouseEvent>(banner, 'click', (e) => {
      const button = (e.target as Element).closest(`[${attr.consentAction}]`);
      const action = button?.getAttribute(attr.consentAction);
      if (!button || !banner.contains(button)) return;
      if (action !== 'accept-all' && action !== 'decline' && action !== 'accept') return;
      e.preventDefault();
      hub.act?.(action, button);
    });
    return () => {
      if (hub.banner === part) hub.banner = undefined;
      banner.hidden = wasHidden;
    };
  },
};
