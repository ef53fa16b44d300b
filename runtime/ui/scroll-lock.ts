/**
 * The page behind an open modal dialog does not scroll (`:modal` in CSS, no listener), and
 * keeps its scrollbar's gutter so nothing behind moves: only where the page had a scrollbar
 * when the first dialog opened (`data-sw-gutter`). A gutter reserved on a page without one
 * (shorter than the window, or scrollbars hidden) would narrow it by a scrollbar's width.
 */
const GUTTER = 'data-sw-gutter';
const MODAL = 'dialog[data-sw-dialog]:modal';
// The same dialogs for querySelector: `:modal` there throws where it is unknown (Chrome < 105,
// Safari < 15.6), and the runtime's only open dialogs that are not modal are shown inline.
const OPEN = 'dialog[data-sw-dialog][open]:not([data-sw-inline])';

/** Whether `dialog` is open as a modal (what `:modal` says, in every browser the build targets). */
export const isModal = (dialog: Element): boolean => dialog.matches(OPEN);

/** The runtime's dialog open as a modal on the page, if any. */
export const openModal = (doc: Document): Element | null => doc.querySelector(OPEN);

// Where `:has()` or `:modal` is unknown (Chrome < 105, Firefox < 121, Safari < 15.6) the rule is
// dropped (the condition asks for the very selector): the root's mark
// (`data-sw-locked`, kept by markGutter) stands in, only there, so a mark left by a dialog
// removed while open cannot lock a page whose CSS can ask the dialogs themselves.
const LOCKED = 'data-sw-locked';
export const scrollLockCss = `:root:has(${MODAL}){overflow:hidden}:root[${GUTTER}]:has(${MODAL}){scrollbar-gutter:stable}
@supports not selector(:root:has(dialog:modal)){:root[${LOCKED}]{overflow:hidden}:root[${LOCKED}][${GUTTER}]{scrollbar-gutter:stable}}`;

/** Whether the page shows a scrollbar: read before a dialog opens (while one is open, its mark). */
export function hasScrollbar(doc: Document): boolean {
  // More than a pixel: fractional zoom can round the two widths apart.
  return openModal(doc)
    ? doc.documentElement.hasAttribute(GUTTER)
    : doc.defaultView!.innerWidth - doc.documentElement.clientWidth > 1;
}

/** After a dialog opened (`had`: hasScrollbar before) or closed (no `had`): the root's marks follow. */
export function markGutter(doc: Document, had?: boolean): void {
  const root = doc.documentElement;
  const open = !!openModal(doc);
  root.toggleAttribute(LOCKED, open);
  if (!open) root.removeAttribute(GUTTER);
  else if (had !== undefined) root.toggleAttribute(GUTTER, had);
}
