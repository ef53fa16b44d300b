import { brokenImage } from '../diagnostics/board';
import { after } from '../defer';
import { fragmentTarget } from '../dom';
import { lightboxStrings } from '../i18n/lightbox';
import { uiStrings } from '../i18n/ui';
import type { Runtime } from '../runtime';
import { attr } from '../schema';
import { trusted } from '../trusted-types';
import type { UiHost } from '../ui/host';
import { dialogCss } from '../ui/dialog';
import { createStore, type Store } from '../ui/store';
import { consentHub } from '../consent/hub';
import { flagOn, type ConsentFlags } from '../consent/flags';
import { deepLinkHash, parseDeepLink } from './deep-link';
import { groupCounts, groupOf, itemsOf, linksOf } from './items';
import { Lightbox } from './lightbox';
import { lightboxCss } from './style';
import { initialLightbox, lightbox as reduce, type LightboxAction, type LightboxState } from './state';

export { groupOf, itemSelector } from './items';
export { FIT_MARGIN } from './fit';
export { BROKEN_IMAGE, SPINNER_DELAY } from './image';
export { THUMB_SLOT } from './thumbnails';

/** Spec §2: a deep link opens after 50 ms. */
export const DEEP_LINK_DELAY = 50;

/**
 * The page's one lightbox: the Lightbox component mounted through the UI host at the end of
 * the body, a store holding its state, and what lies outside it: the address and ajax content.
 */
export function createLightbox(runtime: Runtime, host: UiHost) {
  const win = runtime.window;
  const doc = runtime.document;
  const options = runtime.config.lightbox;
  const signal = runtime.signal;
  runtime.adoptStyles(dialogCss);
  runtime.adoptStyles(lightboxCss(options.opacity));
  const store = createStore(reduce, initialLightbox);
  followMediaConsent(runtime, store);

  const loadAjax = ajaxLoader(runtime);
  const target = doc.createElement('div');
  target.style.display = 'contents';
  doc.body.append(target);
  const mounted = host.mount(
    target,
    <Lightbox
      store={store}
      win={win}
      options={options}
      t={runtime.strings(uiStrings)}
      loadAjax={loadAjax}
      mediaText={mediaTexts(runtime)}
      work={runtime.work}
      loadGestures={() =>
        runtime
          .load('lightbox gestures', () => import('./gestures'), {
            exported: 'attachGestures',
          })
          .then((m) => m.attachGestures)
      }
      onBroken={() => {
        const item = store.get().items[store.get().index];
        const marker = item?.link.hasAttribute(attr.lightbox) ? attr.lightbox : 'rel';
        if (item) brokenImage(runtime, item.link, item.content.src, marker);
      }}
    />,
    { name: 'lightbox', element: target },
  );
  signal.addEventListener('abort', () => (mounted.unmount(), target.remove()), { once: true });

  const history = deepLinkHistory(runtime, store);
  const refusedSaid = new WeakSet<Element>(); // the page's one lightbox: once per link per page
  function open(link: HTMLAnchorElement, opener: Element | null = link, fromAddress = false): boolean {
    if (store.get().open) return false;
    const items = itemsOf(link, win.location.href, options, refusedSaid);
    const index = items.findIndex((it) => it.link === link);
    if (index < 0) return false;
    history.opening(fromAddress);
    // Under reduced motion nothing moves by itself (as the carousel): Play still starts it.
    const still = win.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const autoplay = options.autoplaySlideshow && options.slideshow !== false && !still;
    store.dispatch({ type: 'open', items, index, opener, autoplay });
    return true;
  }

  /** Spec §2: a `#!group/index` address opens that item after 50 ms, when deep linking is on. */
  function followDeepLink() {
    if (!options.deepLinking || runtime.env.local) return;
    const link = parseDeepLink(win.location.hash, groupCounts(doc));
    if (!link) return;
    const follow = () => {
      const found = linksOf(doc, link.group)[link.index];
      // The address already names the item: no entry is added, so Back leaves as usual. Closed,
      // focus goes to the item's link, as if it had been clicked (not to the top of the page).
      if (found && !store.get().open) open(found, found, true);
    };
    after(win, signal, DEEP_LINK_DELAY, follow, runtime.work);
  }

  return { open, followDeepLink, isOpen: () => store.get().open };
}

/**
 * Deep linking (spec §2): opening a grouped item adds a history entry with its address, moving
 * replaces it, closing goes back, and Back closes the lightbox. Opened from the address, that
 * entry is rewritten instead, and closing takes its fragment off (a reload reopened the item).
 */
function deepLinkHistory(runtime: Runtime, store: Store<LightboxState, LightboxAction>) {
  const win = runtime.window;
  const { deepLinking } = runtime.config.lightbox;
  let [pushed, own, fromAddress, before] = [false, '', false, store.get()];
  // The link's place among its group's links, as followDeepLink reads it back: a link the
  // runtime refused is no item but still counts there (the item's own index named another).
  const hashOf = (s: LightboxState, link = s.items[s.index]!.link, group = groupOf(link)) =>
    group === null ? '' : deepLinkHash({ group, index: linksOf(link.ownerDocument, group).indexOf(link) });
  // Whole addresses: a bare fragment is read against a <base> (`href="/"` went to the home page).
  const here = (hash: string) => win.location.href.replace(/#.*$/, '') + hash;
  const replace = (hash: string) => win.history.replaceState(win.history.state, '', here(hash));
  store.subscribe(() => {
    const s = store.get();
    const was = before;
    before = s;
    if (s.active && !was.active) {
      own = deepLinking ? (fromAddress ? win.location.hash : hashOf(s)) : '';
      pushed = !!own && !fromAddress;
      if (pushed) win.history.pushState(win.history.state, '', here(own));
    } else if (s.active && own && s.index !== was.index) {
      own = hashOf(s);
      replace(own);
    } else if (!s.active && was.active && own) {
      const mine = win.location.hash === own;
      if (mine) pushed ? win.history.back() : replace('');
      own = '';
      pushed = false;
    }
  });
  win.addEventListener(
    'popstate',
    () => {
      // Back (or Forward) away from the item's address, not to an element of the content shown: closed.
      const within = fragmentTarget(win.document, win.location.hash)?.closest('dialog');
      if (!own || win.location.hash === own || within?.matches('.sw-lightbox')) return;
      own = '';
      pushed = false;
      store.dispatch({ type: 'close' });
    },
    { signal: runtime.signal },
  );
  return { opening: (address: boolean) => (fromAddress = address) };
}

/** Fetches an ajax item's same-origin HTML and sanitises it (the sanitiser is a chunk of its own). */
function ajaxLoader(runtime: Runtime) {
  const win = runtime.window;
  return (src: string, abort: AbortSignal) => {
    // The sanitizer is its own chunk, fetched beside the content: pages without ajax items never load it.
    const sanitizer = runtime.load('lightbox sanitizer', () => import('./sanitize'), {
      exported: 'sanitizeFragment',
    });
    // `same-origin`: a redirect to another origin fails the fetch, so the content is the site's
    // own however its address answers (only the href was checked).
    return runtime.work
      .track(win.fetch(src, { mode: 'same-origin', credentials: 'same-origin', signal: abort }))
      .then((r) => (r.ok ? r.text() : Promise.reject(new Error(`HTTP ${r.status}`))))
      .then(async (html) =>
        (await sanitizer).sanitizeFragment(win, html, trusted(win), () =>
          runtime.load('DOMPurify', () => import('./purify'), { exported: 'purify' }),
        ),
      );
  };
}

function mediaTexts(runtime: Runtime) {
  const t = runtime.strings(lightboxStrings);
  return {
    load: t('embedLoad'),
    notice: (provider: string) => t('embedNotice', { provider }),
    loading: t('loading'),
    ajaxFailed: t('ajaxFailed'),
  };
}

/**
 * YouTube and Vimeo players load at once while the visitor's external-media group
 * (`lightbox.mediaConsentVariable`) is on; a withdrawal without a reload takes it back.
 */
function followMediaConsent(runtime: Runtime, store: Store<LightboxState, LightboxAction>) {
  const variable = runtime.config.lightbox.mediaConsentVariable;
  const hub = consentHub(runtime);
  const apply = (flags: ConsentFlags | undefined) =>
    store.dispatch({ type: 'mediaConsent', on: flagOn(flags, variable) });
  apply(hub.flags);
  runtime.signal.addEventListener('abort', hub.subscribe(apply), { once: true });
}
