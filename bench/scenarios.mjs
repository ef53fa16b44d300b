// What the benchmark does on its pages: the interactions timed from input to next paint, and
// the dialogs opened and closed for the memory figures. Each condition is what the visitor
// sees: the dialog shown, the image loaded, the submenu the script itself opened.

const click = (selector) => (page) => page.click(selector);
const escape = (hidden) => async (page) => {
  await page.keyboard.press('Escape');
  await page.waitForSelector(hidden, { state: 'hidden' });
};

const MODAL = 'dialog[open] #bench-modal';
const LIGHTBOX_IMG = 'dialog.sw-lightbox[open] .sw-lb-content img';
const CONSENT = 'dialog[open] #cookie-preferences';
const TILE_A = 'dialog[data-sw-tile-popup][open] #tile-a';

/** The runtime's interactions, in order, on the page with every marker. */
export const RUNTIME_STEPS = [
  { name: 'open modal', type: 'click', act: click('#open-modal'), shows: { selector: MODAL, visible: true }, undo: escape(MODAL) },
  {
    name: 'open lightbox',
    type: 'click',
    act: click('#lb-0'),
    shows: { selector: `${LIGHTBOX_IMG}[src$="waiting-room.png"]` },
  },
  {
    name: 'next image',
    type: 'keydown',
    act: (page) => page.keyboard.press('ArrowRight'),
    shows: { selector: `${LIGHTBOX_IMG}[src$="consultation.png"]` },
    undo: escape('dialog.sw-lightbox[open]'),
  },
  {
    name: 'open submenu',
    type: 'click',
    act: click('nav[data-sw-menu] button.sw-submenu'),
    shows: { selector: 'nav[data-sw-menu] button.sw-submenu[aria-expanded="true"] ~ ul', visible: true },
    undo: (page) => page.keyboard.press('Escape'),
  },
  { name: 'open consent preferences', type: 'click', act: click('#open-consent'), shows: { selector: CONSENT, visible: true }, undo: escape(CONSENT) },
  {
    name: 'tile popup next',
    type: 'click',
    before: async (page) => {
      await page.click('#open-tile-a');
      await page.waitForSelector(TILE_A, { state: 'visible' });
    },
    act: click('dialog[data-sw-tile-popup] [data-sw-tile-next]'),
    shows: { selector: 'dialog[data-sw-tile-popup][open] #tile-b', visible: true },
    undo: escape('dialog[data-sw-tile-popup][open]'),
  },
];

/** The two interactions both stacks have, on the shared page. */
export const SHARED_STEPS = {
  runtime: RUNTIME_STEPS.filter((s) => s.name === 'open modal' || s.name === 'open submenu'),
  legacy: [
    {
      name: 'open modal',
      type: 'click',
      act: click('#open-modal'),
      shows: { selector: '#legacy-modal.in', visible: true },
      // Bootstrap moves focus into the modal only after its fade, and Escape works only there.
      undo: async (page) => {
        await page.click('#legacy-modal [data-dismiss="modal"]');
        await page.waitForSelector('#legacy-modal', { state: 'hidden' });
      },
    },
    {
      name: 'open submenu',
      type: 'click',
      act: click('#legacy-menu > li:nth-child(2) > a'),
      shows: { selector: '#legacy-menu > li:nth-child(2) > a.highlighted + ul', visible: true },
    },
  ],
};

/** The dialogs opened and closed `cycles` times for the memory figures. */
export const RUNTIME_DIALOGS = [
  { name: 'modal', open: click('#open-modal'), shown: MODAL },
  { name: 'lightbox', open: click('#lb-0'), shown: 'dialog.sw-lightbox[open]' },
  { name: 'consent preferences', open: click('#open-consent'), shown: CONSENT },
  { name: 'tile popup', open: click('#open-tile-a'), shown: TILE_A },
];
export const LEGACY_DIALOGS = [{ name: 'modal', open: click('#open-modal'), shown: '#legacy-modal' }];

/** Bootstrap 3 fades whatever the visitor's motion setting; the rounds take its fade off. */
export const legacyNoFade = () => document.querySelectorAll('.modal.fade').forEach((m) => m.classList.remove('fade'));
