import type { Runtime } from '../runtime';
import type { Work } from '../work';
import { closeByVisitor, fadeOut, openOrder, shut, watchEnds } from './dialog-close';
import { focusBack, focusOutsideFrames } from './focus';
import { hasScrollbar, markGutter, scrollLockCss } from './scroll-lock';

/** Spec §9: the modal fades over 300 ms, its backdrop over 150 ms (none under reduced motion). */
export const MODAL_TRANSITION_MS = 300;
export const BACKDROP_TRANSITION_MS = 150;

/**
 * The dialog surface shared by modals and the tile popup. A native `<dialog>` opened with
 * `showModal()` gives what hand-written traps approximate: the rest of the page inert, Tab
 * kept inside, the top layer, Escape as a `cancel` event. The page's scroll is locked by CSS
 * (scroll-lock.ts).
 */
export const dialogCss = `
dialog[data-sw-dialog]{box-sizing:border-box;max-width:min(42em,calc(100vw - 2em));max-height:calc(100dvh - 2em);overflow:auto;padding:1.25em 1.5em;border:0;border-radius:8px;background:Canvas;color:CanvasText;opacity:0;transition:opacity ${MODAL_TRANSITION_MS}ms ease}
dialog[data-sw-dialog][data-sw-shown]{opacity:1}
dialog[data-sw-dialog]::backdrop{background:rgb(0 0 0/.6);opacity:0;transition:opacity ${BACKDROP_TRANSITION_MS}ms ease}
dialog[data-sw-dialog][data-sw-shown]::backdrop{opacity:1}
dialog[data-sw-dialog][data-sw-inline]{position:static;display:block;max-width:none;max-height:none;margin:1em 0;opacity:1;outline:2px dashed GrayText}
${scrollLockCss}
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

/** What a `<dialog>` the runtime drives can do; `createDialog` adds its own element and button. */
export interface DialogControl {
  readonly isOpen: boolean;
  /** Opens as a modal; `returnTo` gets focus back on close (if still in the page). */
  open(returnTo?: Element | null): void;
  /** Shows it in the page's flow, not modal (the design editor shows modals for editing). */
  showInline(): void;
  close(reason: CloseReason): void;
  /** Changes where focus goes on close (the tile popup: the tile last shown). */
  returnFocusTo(el: Element | null): void;
  /** Stops any closing under way and closes at once; the element stays where it is. */
  stop(): void;
}

/**
 * Drives a `<dialog>`: modal opening with a fade, Escape and overlay closing as `closeBy`
 * allows, focus back on close. Listeners live on `signal`. The element is the caller's (made
 * by `createDialog`, or rendered by the DialogFrame component); `options` is read at each
 * event, so a component can pass an object whose fields follow its props.
 */
export function attachDialog(
  dialog: HTMLDialogElement,
  signal: AbortSignal,
  options: DialogOptions,
  work?: Pick<Work, 'hold'>,
): DialogControl {
  const doc = dialog.ownerDocument;
  const win = doc.defaultView!;
  dialog.setAttribute('data-sw-dialog', '');
  let returnTo: Element | null = null;
  let closing: { reason: CloseReason; timer: number; release?: () => void } | undefined;

  const reduced = () => win.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const finish = () => {
    if (!closing) return;
    const { reason, timer, release } = closing;
    win.clearTimeout(timer);
    closing = undefined;
    release?.();
    ours = dialog.open;
    shut(dialog);
    markGutter(doc);
    const target = returnTo;
    returnTo = null;
    if (target instanceof win.HTMLElement && target.isConnected && reason !== 'replaced') focusBack(target);
    options.onClosed?.(reason);
  };
  closeByVisitor(dialog, signal, options, (reason) => control.close(reason));
  // Closed by someone else (watchEnds): for us too, as a close request; shown again in place
  // (design: the page being edited). `ours`: our own close(); during our fade, left to it.
  let ours = false;
  const closedElsewhere = () => {
    if (ours || dialog.open || closing) return void (ours = false);
    if (dialog.hasAttribute('data-sw-inline')) return void dialog.show();
    dialog.removeAttribute('data-sw-shown');
    closing = { reason: 'escape', timer: 0 };
    finish();
  };
  watchEnds(dialog, signal, () => closing && finish(), closedElsewhere);

  const control: DialogControl = {
    get isOpen() {
      return dialog.open && !closing;
    },
    open(from) {
      if (closing) finish();
      if (dialog.open) return;
      returnTo = from ?? (doc.activeElement !== doc.body ? doc.activeElement : null);
      fadeIn(dialog, signal, () => !closing, work);
    },
    showInline() {
      dialog.setAttribute('data-sw-inline', '');
      dialog.show();
    },
    close(reason) {
      // Shown in place (design), it is part of the page being edited: only stop() removes it.
      if (!dialog.open || closing || dialog.hasAttribute('data-sw-inline')) return;
      fadeOut(dialog);
      const instant = reduced() || reason === 'replaced';
      // The bound covers a transition the page's CSS removed (no transitionend then).
      // idle() waits for the fade (`release`): the dialog is still open until it ends.
      const timer = win.setTimeout(finish, instant ? 0 : MODAL_TRANSITION_MS + 50);
      closing = { reason, timer, release: work?.hold(signal) };
      if (instant) finish();
    },
    returnFocusTo(el) {
      returnTo = el;
    },
    stop() {
      if (closing) win.clearTimeout(closing.timer);
      closing?.release?.();
      closing = undefined;
      ours = dialog.open;
      shut(dialog);
      markGutter(doc);
    },
  };
  return control;
}

/** Opens `dialog` as a modal; the next frame starts the fade from the closed style. */
function fadeIn(
  dialog: HTMLDialogElement,
  signal: AbortSignal,
  still: () => boolean,
  work?: Pick<Work, 'hold'>,
) {
  const doc = dialog.ownerDocument;
  const scrollbar = hasScrollbar(doc);
  // On the stack first: showModal() moves focus at once, and a modal below hears it leave.
  openOrder(doc).push(dialog);
  dialog.showModal();
  focusOutsideFrames(dialog);
  markGutter(doc, scrollbar);
  const release = work?.hold(signal, true);
  doc.defaultView!.requestAnimationFrame(() => {
    release?.();
    if (dialog.open && still()) dialog.setAttribute('data-sw-shown', '');
  });
}

export interface Dialog extends DialogControl {
  readonly element: HTMLDialogElement;
  /** Puts the runtime's own Close button first in the dialog; it closes with reason `button`. */
  addCloseButton(label: string): HTMLButtonElement;
  /** Closes at once and removes the element. */
  destroy(): void;
}

/**
 * Creates a runtime-owned `<dialog data-sw-dialog>` (it wraps nothing by itself; callers move
 * their content in and place it). Listeners live on `signal`.
 */
export function createDialog(runtime: Runtime, signal: AbortSignal, options: DialogOptions): Dialog {
  runtime.adoptStyles(dialogCss);
  const doc = runtime.document;
  const dialog = doc.createElement('dialog');
  const control = attachDialog(dialog, signal, options, runtime.work);
  // The control itself, so `isOpen` stays its getter.
  return Object.assign(control, {
    element: dialog,
    addCloseButton(label: string) {
      const button = doc.createElement('button');
      button.type = 'button';
      button.setAttribute('data-sw-dialog-close', '');
      button.textContent = label;
      dialog.prepend(button);
      button.addEventListener('click', () => control.close('button'), { signal });
      return button;
    },
    destroy() {
      control.stop();
      dialog.remove();
    },
  });
}
