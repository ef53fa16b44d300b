import { log } from '../log';
import type { Runtime } from '../runtime';
import { loadScript, trusted } from '../trusted-types';
import type { gtagOf } from './gtag';

/** The page's gtag function and what its dataLayer has been told (gtag.ts). */
export type Tag = ReturnType<typeof gtagOf>;

/** Consent Mode v2: everything denied until the visitor says yes, told once per page. */
export function denyByDefault({ gtag, state }: Tag): void {
  if (state.defaults) return;
  state.defaults = true;
  gtag('consent', 'default', {
    ad_storage: 'denied',
    analytics_storage: 'denied',
    ad_user_data: 'denied',
    ad_personalization: 'denied',
  });
}

/**
 * The tag's configuration and library, once per page (gtag.ts). A library that failed to
 * load is not fetched again on this page: the next page tries, as a tag snippet would.
 */
export function configureTag(runtime: Runtime, { gtag, state }: Tag, id: string, signal: AbortSignal): void {
  const doc = runtime.document;
  const { scriptUrl } = runtime.config.analytics;
  state.configured = true;
  gtag('js', new Date());
  gtag('config', id, { send_page_view: false });
  try {
    const url = new URL(scriptUrl, doc.baseURI);
    // Only a web address: a `data:` or `blob:` script would run with the runtime's nonce.
    if (!/^https?:$/.test(url.protocol)) throw new TypeError('not an http(s) address');
    url.searchParams.set('id', id);
    trusted(runtime.window, [url.origin]);
    runtime.work.track(loadScript(runtime.window, url.href, runtime.nonce, signal)).catch((err: unknown) => {
      log.warn('the analytics tag could not be loaded', err);
    });
  } catch (err) {
    log.warn(`analytics.scriptUrl is unusable: ${scriptUrl}`, err);
  }
}
