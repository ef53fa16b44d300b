/**
 * Every name of the builder contract (shared/design/contract.md §3) in one place.
 * Controllers, tests and the server's fixtures refer to these, never to string literals,
 * so a renamed marker is a one-line change and a typo is a type error.
 */
export const attr = {
  ready: 'data-sw-ready',
  env: 'data-sw-env',
  /** Issue 14: a marker's own load strategy (ready, idle, visible, interaction). */
  load: 'data-sw-load',

  menu: 'data-sw-menu',
  menuToggle: 'data-sw-menu-toggle',
  topbar: 'data-sw-topbar',
  anchorMenu: 'data-sw-anchor-menu',

  row: 'data-sw-row',
  box: 'data-sw-box',

  languages: 'data-sw-languages',

  modal: 'data-sw-modal',
  modalOpen: 'data-sw-modal-open',
  modalClose: 'data-sw-modal-close',

  tiles: 'data-sw-tiles',
  tile: 'data-sw-tile',
  tileContent: 'data-sw-tile-content',

  lightbox: 'data-sw-lightbox',
  description: 'data-sw-description',
  /** Issue 16: the image's other widths for the lightbox, as `srcset` writes them (`w` only). */
  srcset: 'data-sw-srcset',

  carousel: 'data-sw-carousel',
  slide: 'data-sw-slide',
  carouselPrev: 'data-sw-carousel-prev',
  carouselNext: 'data-sw-carousel-next',

  consentBanner: 'data-sw-consent-banner',
  consentModal: 'data-sw-consent-modal',
  consentAction: 'data-sw-consent-action',
  consentGroups: 'data-sw-consent-groups',
  cookieGroups: 'data-sw-cookie-groups',
  consentOptions: 'data-sw-consent-options',
} as const;

export type MarkerAttribute = (typeof attr)[keyof typeof attr];

/** The id of the JSON config block (contract §1). */
export const configElementId = 'sw-config';

/** `[name]` selector for an attribute of the schema. */
export const sel = (name: MarkerAttribute): string => `[${name}]`;

/** The legacy prettyPhoto marker the builder's older pages still write (contract §3, Lightbox). */
export const legacyLightboxSelector = 'a[rel^="prettyPhoto"]';

/**
 * Attributes whose appearance or disappearance can make an element start or stop being a
 * controller root. The MutationObserver watches exactly these, so the runtime's own writes
 * (aria-*, classes, data-sw-ready) never wake it up.
 */
export const rootAttributes: readonly string[] = [
  attr.menu,
  attr.topbar,
  attr.anchorMenu,
  attr.row,
  attr.languages,
  attr.modal,
  attr.tiles,
  attr.lightbox,
  attr.carousel,
  attr.consentBanner,
  attr.consentModal,
  'rel',
];

/** Events the runtime dispatches (contract §3). */
export const events = {
  ready: 'sw:ready',
  error: 'sw:error',
  modalOpen: 'sw:modal:open',
  modalClose: 'sw:modal:close',
  consent: 'sw:consent',
} as const;
