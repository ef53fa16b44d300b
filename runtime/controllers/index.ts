import type { ApiExtensions } from '../boot';
import type { ControllerDefinition } from '../controller';
import { fragmentTarget } from '../dom';
import { modalCommand } from '../modal/api';
import { attr, legacyLightboxSelector, sel } from '../schema';
import { anchorMenu } from './anchor-menu';
import { anchors } from './anchors';
import { carousel } from './carousel';
import { consentOpeners } from './consent-openers';
import { diagnostics } from './diagnostics';
import { menu } from './menu';
import { modalOpeners } from './modal-openers';
import { rows } from './rows';
import { tiles } from './tiles';
import { topbar } from './topbar';

/**
 * Every controller the runtime ships, in the order they connect. Eager ones are imported
 * here (they are in the entry: small, plain DOM, needed on nearly every page); lazy ones
 * only name their chunk, so a page without their marker never downloads them.
 */
export const definitions: readonly ControllerDefinition[] = [
  { name: 'rows', selector: sel(attr.row), load: 'ready', controller: rows },
  { name: 'menu', selector: sel(attr.menu), load: 'ready', controller: menu },
  { name: 'topbar', selector: sel(attr.topbar), load: 'ready', controller: topbar },
  { name: 'anchor-menu', selector: sel(attr.anchorMenu), load: 'ready', controller: anchorMenu },
  { name: 'anchors', selector: ':root', load: 'ready', controller: anchors },
  // These change what is shown (one slide; tile contents out of the flow), so they must run
  // before first paint: in the entry. The tile popup's own code is a chunk, fetched on idle.
  { name: 'carousel', selector: sel(attr.carousel), load: 'ready', controller: carousel },
  { name: 'tiles', selector: sel(attr.tiles), load: 'ready', controller: tiles },
  // Openers and the catalogue messages work on every page; the dialog code comes only where a
  // modal is (the builder's CSS keeps modals hidden until then).
  { name: 'modal-openers', selector: ':root', load: 'ready', controller: modalOpeners },
  // A cookie-settings button pressed before the consent code has come fetches it and is kept.
  { name: 'consent-openers', selector: ':root', load: 'ready', controller: consentOpeners },
  // The editors' marker problems (issue 17): its code is fetched in cms and design only.
  { name: 'diagnostics', selector: ':root', load: 'ready', controller: diagnostics },
  // Its chunk (and the UI host) come on the first contact with an item: a hover, a press, a
  // focus. A click before they have arrived is replayed once the lightbox can open. A deep
  // link in the address needs it at once.
  {
    name: 'lightbox',
    selector: `${sel(attr.lightbox)}, ${legacyLightboxSelector}`,
    load: 'interaction',
    replay: '*',
    urgent: (runtime) =>
      runtime.config.lightbox.deepLinking && /^#!|^#prettyPhoto/.test(runtime.window.location.hash),
    importer: () => import('./lightbox'),
    exported: 'lightbox',
  },
  {
    name: 'modal',
    selector: sel(attr.modal),
    load: 'idle',
    // Hidden until opened, a modal's code comes from its openers whatever its strategy, but
    // one that opens by itself (a load, scroll or exit trigger; the address naming it) needs it.
    // (In the design editor every modal is shown in place; in the CMS none opens by itself.)
    hidden: (el, { window: win, env }) =>
      env.env === 'design' ||
      (!env.local && /"trigger"\s*:\s*"(load|scroll|exit)"/.test(el.getAttribute(attr.modal)!)) ||
      fragmentTarget(el.ownerDocument, win.location.hash) === el,
    importer: () => import('./modal'),
    exported: 'modal',
  },
  // It must fetch one script per language before it can render anything, so its own code
  // arrives in parallel on idle instead of weighing on every page's entry.
  {
    name: 'languages',
    selector: sel(attr.languages),
    load: 'idle',
    importer: () => import('./languages'),
    exported: 'languages',
  },
  // Consent reads the server on every page, but its banner waits a second anyway: idle is in
  // time. The two parts connect in either order and meet in consent/hub.ts.
  {
    name: 'consent-modal',
    selector: sel(attr.consentModal),
    load: 'idle',
    hidden: true,
    importer: () => import('./consent-modal'),
    exported: 'consentModal',
  },
  {
    name: 'consent-banner',
    selector: sel(attr.consentBanner),
    load: 'idle',
    hidden: true,
    importer: () => import('./consent-banner'),
    exported: 'consentBanner',
  },
  // Only with a measurement id, never in the editors; it loads nothing more until consent.
  {
    name: 'analytics',
    selector: ':root',
    load: 'idle',
    enabled: (runtime) => !!runtime.config.analytics.measurementId && !runtime.env.local,
    importer: () => import('./analytics'),
    exported: 'analytics',
  },
];

/** What features add to `window.SiteRuntime`: `SiteRuntime.modal(id, action)` (contract §3, Modals). */
export const apiExtensions: ApiExtensions = {
  modal: (runtime) => (id, action) => modalCommand(runtime, id, action),
};
