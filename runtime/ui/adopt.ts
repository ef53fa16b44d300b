import { uniqueId } from '../ids';
import type { Dialog } from './dialog';
import { moveNode, showWhereDrawn } from './place';

/**
 * Moves the builder's element into `dialog` (placed where the element was) and its accessible
 * name and description onto the dialog; returns the undo (element back in place, dialog gone).
 * Markup that already said "dialog" (a role, or a `<dialog>` element) must not nest a second
 * one inside the runtime's: the role moves out, a builder `<dialog>` is simply shown.
 * Listeners live on `signal`.
 */
export function adoptIntoDialog(el: Element, dialog: Dialog, signal: AbortSignal): () => void {
  const box = dialog.element;
  const restore: (() => void)[] = [];
  el.before(box);
  moveNode(box, el, null);
  restore.push(() => {
    // What the page put in the dialog (an element replacing this one) goes back with it; an
    // element the page removed stays removed; the runtime's own button goes with the dialog.
    const kept = [...box.childNodes].filter((n) => !(n as Element).matches?.('[data-sw-dialog-close]'));
    if (box.parentNode) for (const n of kept) moveNode(box.parentNode, n, box);
    dialog.destroy();
  });
  const moveAttr = (name: string) => {
    const value = el.getAttribute(name);
    if (value === null) return false;
    box.setAttribute(name, value);
    el.removeAttribute(name);
    restore.push(() => el.setAttribute(name, value));
    return true;
  };
  if (!moveAttr('aria-labelledby') && !moveAttr('aria-label')) {
    const heading = el.querySelector('h1,h2,h3,h4,h5,h6');
    if (heading && !heading.id) {
      heading.id = uniqueId(el.ownerDocument, 'sw-modal-title');
      restore.push(() => heading.removeAttribute('id'));
    }
    if (heading) box.setAttribute('aria-labelledby', heading.id);
    else box.setAttribute('aria-label', el.id);
  }
  moveAttr('aria-describedby');
  const role = el.getAttribute('role');
  if (role && /^(alert)?dialog$/.test(role)) {
    if (role === 'alertdialog') box.setAttribute('role', 'alertdialog');
    el.removeAttribute('role');
    restore.push(() => el.setAttribute('role', role));
  }
  const ariaModal = el.getAttribute('aria-modal');
  if (ariaModal !== null) {
    el.removeAttribute('aria-modal');
    restore.push(() => el.setAttribute('aria-modal', ariaModal));
  }
  if (el.localName === 'dialog' && !el.hasAttribute('open')) {
    el.setAttribute('open', '');
    restore.push(() => el.removeAttribute('open'));
  }
  revealOnOpening(el as HTMLElement, dialog, restore, signal);
  return () => {
    for (const undo of restore.reverse()) undo();
  };
}

/**
 * Contract §3: once enhanced, the runtime alone decides what is shown. The builder's no-JS CSS
 * (`.popup{display:none}`, shown under `:target`) or a `hidden` attribute must not leave the
 * open dialog empty (a consent dialog, with no close method, a trap): at each opening, an
 * element the page would not show is shown, as a block. Nor may a container hiding its place
 * (docs/markers.md: shown "whatever hid it"): the dialog then opens from the end of the body.
 */
function revealOnOpening(el: HTMLElement, dialog: Dialog, restore: (() => void)[], signal: AbortSignal) {
  const was = { hidden: el.hidden, style: el.getAttribute('style') };
  let overridden = false;
  restore.push(() => {
    el.hidden = was.hidden;
    // The builder's style as written (a script's later changes to it go with the runtime's).
    if (overridden) was.style === null ? el.removeAttribute('style') : el.setAttribute('style', was.style);
  });
  const reveal = () => {
    el.hidden = false;
    if (el.ownerDocument.defaultView!.getComputedStyle(el).display !== 'none') return;
    el.style.setProperty('display', 'block', 'important');
    overridden = true;
  };
  const place = showWhereDrawn(dialog.element, signal);
  restore.push(place.undo); // before the content goes back: to its place, not the body's end
  const { open, showInline } = dialog;
  dialog.open = (returnTo) => (reveal(), place.lift(), open.call(dialog, returnTo));
  dialog.showInline = () => (reveal(), showInline.call(dialog));
}
