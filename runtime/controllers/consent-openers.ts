import type { Controller } from '../controller';
import { listenForConsentOpeners } from '../consent/openers';

/**
 * The consent preferences' controls (`[data-sw-consent-action="preferences"]`) pressed before
 * the consent code has come: delegated from the document, so controls added later count too.
 */
export const consentOpeners: Controller = {
  connect(_root, ctx) {
    listenForConsentOpeners(ctx.runtime, ctx.signal);
  },
};
