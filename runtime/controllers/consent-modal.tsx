import type { Controller, ControllerContext } from '../controller';
import { bannerDue, bannerShown, busy, consentFlow, initialConsent } from '../consent/flow';
import { consentHub } from '../consent/hub';
import { consentAsked } from '../consent/openers';
import { drawOnContact, hideAcceptAll, listenForActions, preferencesDialog } from '../consent/markup';
import { CONSENT_INACTIVE, consentOptions, parseGroups, type ConsentAction } from '../consent/model';
import { switchesDrawer } from '../consent/drawer';
import { recheckConsent, saveConsent, startConsent, type ConsentSession } from '../consent/session';
import { pageSession } from '../consent/page-session';
import { fragmentTarget } from '../dom';
import { dropFragment } from '../ui/dialog-close';
import { InvalidOptionsError } from '../errors';
import { log } from '../log';
import { jsonAttribute } from '../options';
import { attr, sel } from '../schema';
import type { Dialog } from '../ui/dialog';
import { createStore } from '../ui/store';

type Undo = () => void;

/**
 * `data-sw-consent-modal`: the whole consent flow (spec §4 Cookie consent, contract §3, §4),
 * run by the state machine of consent/flow.ts against the server (consent/client.ts). On load
 * it sends a choice an earlier page could not, or reads the stored one; on a first visit the
 * banner shows after the delay. The builder's modal becomes a native dialog; its switches
 * are a component drawn through the UI host. Every `preferences` action on the page opens it.
 * `sw:consent` follows every read and save. In the editors nothing is read, saved or opened
 * by itself.
 */
export const consentModal: Controller = {
  connect(el, ctx) {
    const { runtime } = ctx;
    const { env, window: win } = runtime;
    const { groups, options } = readMarker(el);
    const gpc =
      (win.navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;
    const store = createStore(
      consentFlow,
      initialConsent({ groups, forceReload: options.forceReload, gpc, local: env.local }),
    );
    const restore: Undo[] = [];
    const undo = () => {
      for (const fn of restore.splice(0).reverse()) fn();
    };
    const back: { to?: HTMLElement | null } = {};
    const dialog = preferencesDialog(el, ctx, store, options.close, restore, back);
    const drawSwitches = switchesDrawer(el, ctx, store, restore);
    // Contract §3: what the runtime hides stays hidden whatever the builder's CSS says.
    runtime.adoptStyles(
      `${sel(attr.consentBanner)}[hidden],[${attr.consentAction}][hidden],[data-sw-consent-gpc][hidden]{display:none!important}`,
    );
    if (!options.enableAll) hideAcceptAll(runtime.document, restore);
    const session = pageSession(ctx, store, groups);
    const openPreferences = follow(el, ctx, session, dialog, drawSwitches, restore, options.enableAll, back);

    if (!env.local) {
      const fromHash = () => {
        if (fragmentTarget(el.ownerDocument, win.location.hash) === el) openPreferences(null);
      };
      ctx.listen(win, 'hashchange', fromHash);
      fromHash();
      // A returning visitor's page is not kept busy for a banner it will not show.
      const stopDelay = ctx.after(options.delay, () => store.dispatch({ type: 'delay-over' }));
      store.subscribe(() => bannerDue(store.get()) || stopDelay());
      void startConsent(session).catch(failure(ctx));
      ctx.listen<PageTransitionEvent>(
        win,
        'pageshow',
        (e) => e.persisted && void recheckConsent(session).catch(failure(ctx)),
      );
    }
    // A control pressed while this code was on its way (consent/openers.ts): as if pressed now.
    const asked = consentAsked(runtime);
    const from = asked.from;
    Object.assign(asked, { from: null, taken: true });
    restore.push(() => (asked.taken = false));
    if (from?.isConnected) openPreferences(from);

    return undo;
  },
};

function readMarker(el: Element) {
  const problems: string[] = [];
  const groups = parseGroups(el.getAttribute(attr.cookieGroups), problems);
  if (groups && problems.length) log.warn(`${attr.cookieGroups}: ${problems.join('; ')}`);
  if (!groups) {
    log.verbatim.warn(CONSENT_INACTIVE);
    throw new InvalidOptionsError(`${attr.cookieGroups} is missing or empty`, { logged: true });
  }
  const { options, bad } = consentOptions(jsonAttribute(el, attr.consentOptions));
  if (bad.length)
    log.warn(
      `${attr.consentOptions}: not used as written: ${bad.join(', ')} (an invalid value keeps its default)`,
    );
  return { groups, options };
}

const failure = (ctx: ControllerContext) =>
  ctx.guard((err: unknown) => log.error('cookie consent failed', err));

/** The flow's state on the page (banner, dialog closed once settled, `aria-busy` while saving),
 * the page's actions into the flow. Returns what opens the preferences. */
function follow(
  el: Element,
  ctx: ControllerContext,
  session: ConsentSession,
  dialog: Dialog,
  drawSwitches: (use: boolean) => void,
  restore: Undo[],
  enableAll: boolean,
  back: { to?: HTMLElement | null },
) {
  const { store } = session;
  const hub = consentHub(ctx.runtime);
  const save = (action: ConsentAction) =>
    // `enableAll` off withdraws "Accept all": a page script's click on it chooses nothing.
    void (action !== 'accept-all' || enableAll ? saveConsent(session, action).catch(failure(ctx)) : 0);
  const open = (from: Element | null) => {
    if (dialog.isOpen) return;
    dialog.stop(); // a close still fading ends here (no focus handed back, no banner): it reopens at once
    store.dispatch({ type: 'opened' }); // the banner hides (letting go of focus) before the dialog opens
    back.to = from?.closest(sel(attr.consentBanner)) ? (from as HTMLElement) : null;
    dialog.open(back.to ? null : from);
    drawSwitches(true);
  };
  // An address naming the preferences (a link, one followed before the code came) is let go
  // once they close: a save's reload opened them again, and so on for ever.
  const named = (id: string) => id === el.id;
  let wasOpen = false;
  restore.push(
    store.subscribe(() => {
      const state = store.get();
      if (wasOpen && !state.open) dropFragment(ctx.runtime.window, named);
      wasOpen = state.open;
      hub.showBanner(bannerShown(state));
      if (!state.open && dialog.isOpen) dialog.close('api');
      if (busy(state)) el.setAttribute('aria-busy', 'true');
      else el.removeAttribute('aria-busy');
    }),
  );
  hub.act = (action, from) => (action === 'preferences' ? open(from) : save(action));
  restore.push(() => {
    hub.act = undefined;
    hub.showBanner(false);
    el.removeAttribute('aria-busy');
  });
  listenForActions(el, ctx, open, save);
  drawOnContact(ctx, drawSwitches);
  return open;
}

// Bundling hints: what this chunk shares with the entry, and with other parts, ships as one
// file each (see core.ts, dialog-core.ts, consent-core.ts).
export { core as __core } from '../core';
export { dialogCore as __dialogCore } from '../dialog-core';
export { consentCore as __consentCore } from '../consent-core';
