import type { Runtime } from '../runtime';

/** Spec §9: the modal fades over 300 ms, its backdrop over 150 ms (none under reduced motion). */
export const MODAL_TRANSITION_MS = 300;
export const BACKDROP_TRANSITION_MS = 150;

/**
 * The dialog surface shared by modals and the tile popup. A native `<dialog>` opened with
 * `showModal()` gives what hand-written traps approximate: the rest of the page inert, Tab
 * kept inside, the top layer, Escape as a `cancel` event. The page's scroll is locked by CSS
 * (`:modal`), keeping the scrollbar's gutter so nothing behind shifts.
 */
const css = `
dialog[data-sw-dialog]{box-sizing:border-box;max-width:min(42em,calc(100vw - 2em));max-height:calc(100dvh - 2em);overflow:auto;padding:1.25em 1.5em;border:0;border-radius:8px;background:Canvas;color:CanvasText;opacity:0;transition:opacity ${MODAL_TRANSITION_MS}ms ease}
dialog[data-sw-dialog][data-sw-shown]{opacity:1}
dialog[data-sw-dialog]::backdrop{background:rgb(0 0 0/.6);opacity:0;transition:opacity ${BACKDROP_TRANSITION_MS}ms ease}
dialog[data-sw-dialog][data-sw-shown]::backdrop{opacity:1}
dialog[data-sw-dialog][data-sw-inline]{position:static;display:block;max-width:none;max-height:none;margin:1em 0;opacity:1;outline:2px dashed GrayText}
:root:has(dialog[data-sw-dialog]:modal){overflow:hidden;scrollbar-gutter:stable}
[data-sw-dialog] [data-sw-dialog-close]{float:right;margin:0 0 .5em .5em}
[data-sw-dialog] [data-sw-dialog-nav]{display:flex;justify-content:space-between;gap:1em;margin-top:1em;clear:both}
[data-sw-dialog] [aria-disabled=true]{opacity:.5;cursor:not-allowed}
@media (prefers-reduced-motion:reduce){dialog[data-sw-dialog],dialog[data-sw-dialog]::backdrop{transition:none}}
`;

export type CloseReason = 'button' | 'overlay' | 'escape' | 'auto' | 'api' | 'replaced';

export interface DialogOptions {
  /** Which user actions may close it (spec §9 modal `close`). */
  closeBy: { escape: boolean; overlay: boolean };
  /** Called once the dialog has closed and its closing transition has ended. */
  onClosed?(reason: CloseReason): void;
}

export interface Dialog {
  readonly element: HTMLDialogElement;
  readonly isOpen: boolean;
  /** Opens as a modal; `returnTo` gets focus back on close (if still in the page). */
  open(returnTo?: Element | null): void;
  /** Shows it in the page's flow, not modal (the design editor shows modals for editing). */
  showInline(): void;
  close(reason: CloseReason): void;
  /** Changes where focus goes on close (the tile popup: the tile last shown). */
  returnFocusTo(el: Element | null): void;
  /** Puts the runtime's own Close button first in the dialog; it closes with reason `button`. */
  addCloseButton(label: string): HTMLButtonElement;
  destroy(): void;
}

/**
 * Creates a runtime-owned `<dialog data-sw-dialog>` placed at `anchor` (it wraps nothing by
 * itself; callers move their content in). Listeners live on `signal`.
 */
export function createDialog(runtime: Runtime, signal: AbortSignal, options: DialogOptions): Dialog {
  runtime.adoptStyles(css);
  const win = runtime.window;
  const doc = runtime.document;
  const dialog = doc.createElement('dialog');
  dialog.setAttribute('data-sw-dialog', '');
  let returnTo: Element | null = null;
  let closing: { reason: CloseReason; timer: number } | undefined;
  let pressedOutside = false;

  const reduced = () => win.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const outside = (e: MouseEvent) => {
    if (e.target !== dialog) return false;
    const r = dialog.getBoundingClientRect();
    return e.clientX < r.left || e.clientX > r.right || e.clientY < r.top || e.clientY > r.bottom;
  };

  const finish = () => {
    if (!closing) return;
    const { reason, timer } = closing;
    win.clearTimeout(timer);
    closing = undefined;
    dialog.close();
    dialog.removeAttribute('data-sw-inline');
    const target = returnTo;
    returnTo = null;
    if (target instanceof HTMLElement && target.isConnected && reason !== 'replaced') target.focus();
    options.onClosed?.(reason);
  };

  // Escape: the browser's cancel. Kept open when the builder did not allow it (keydown is
  // stopped too, since Chrome lets a second Escape without user activation skip `cancel`).
  dialog.addEventListener(
    'cancel',
    (e) => {
      e.preventDefault();
      if (options.closeBy.escape) api.close('escape');
    },
    { signal },
  );
  dialog.addEventListener(
    'keydown',
    (e) => {
      if (e.key === 'Escape' && !options.closeBy.escape) e.preventDefault();
    },
    { signal },
  );
  // Overlay: a press and release both on the backdrop (a text selection dragged out of the
  // dialog does not close it).
  dialog.addEventListener('pointerdown', (e) => (pressedOutside = outside(e)), { signal });
  dialog.addEventListener(
    'click',
    (e) => {
      if (pressedOutside && outside(e) && options.closeBy.overlay && dialog.matches(':modal'))
        api.close('overlay');
      pressedOutside = false;
    },
    { signal },
  );
  dialog.addEventListener(
    'transitionend',
    (e) => {
      if (e.target === dialog && e.propertyName === 'opacity' && closing) finish();
    },
    { signal },
  );

  const api: Dialog = {
    element: dialog,
    get isOpen() {
      return dialog.open && !closing;
    },
    open(from) {
      if (closing) finish();
      if (dialog.open) return;
      returnTo = from ?? (doc.activeElement !== doc.body ? doc.activeElement : null);
      dialog.showModal();
      // The next frame starts the fade from the closed style.
      win.requestAnimationFrame(() => dialog.open && !closing && dialog.setAttribute('data-sw-shown', ''));
    },
    showInline() {
      dialog.setAttribute('data-sw-inline', '');
      dialog.show();
    },
    close(reason) {
      if (!dialog.open || closing) return;
      dialog.removeAttribute('data-sw-shown');
      const instant = reduced() || dialog.hasAttribute('data-sw-inline') || reason === 'replaced';
      // The bound covers a transition the page's CSS removed (no transitionend then).
      closing = { reason, timer: win.setTimeout(finish, instant ? 0 : MODAL_TRANSITION_MS + 50) };
      if (instant) finish();
    },
    returnFocusTo(el) {
      returnTo = el;
    },
    addCloseButton(label) {
      const button = doc.createElement('button');
      button.type = 'button';
      button.setAttribute('data-sw-dialog-close', '');
      button.textContent = label;
      dialog.prepend(button);
      button.addEventListener('click', () => api.close('button'), { signal });
      return button;
    },
    destroy() {
      if (closing) win.clearTimeout(closing.timer);
      closing = undefined;
      if (dialog.open) dialog.close();
      dialog.remove();
    },
  };
  return api;
}

let uid = 0;

/**
 * Moves the builder's element into `dialog` (placed where the element was) and its accessible
 * name and description onto the dialog; returns the undo (element back in place, dialog gone).
 * Markup that already said "dialog" (a role, or a `<dialog>` element) must not nest a second
 * one inside the runtime's: the role moves out, a builder `<dialog>` is simply shown.
 */
export function adoptIntoDialog(el: Element, dialog: Dialog): () => void {
  const box = dialog.element;
  const restore: (() => void)[] = [];
  el.before(box);
  box.append(el);
  restore.push(() => {
    box.before(el);
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
      heading.id = `sw-modal-title-${++uid}`;
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
  return () => {
    for (const undo of restore.reverse()) undo();
  };
}
