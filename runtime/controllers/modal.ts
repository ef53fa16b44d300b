import type { Controller, ControllerContext } from '../controller';
import { InvalidOptionsError } from '../errors';
import { dialogStrings } from '../i18n/dialog';
import { modalMessages, registerModal, type ModalAction } from '../modal/api';
import { log } from '../log';
import { attr, events } from '../schema';
import { adoptIntoDialog } from '../ui/adopt';
import { createDialog, type CloseReason, type Dialog } from '../ui/dialog';
import { dropFragment } from '../ui/dialog-close';
import { silence } from '../ui/media';
import { autoHide } from '../modal/auto-hide';
import { watchTriggers } from '../modal/triggers';
import { modalOptions, seenFlag } from './modal-options';

/**
 * `data-sw-modal`: the builder's element moves into a runtime `<dialog>` (and back on
 * disconnect). Opened by its openers, the URL hash, or its trigger (load after `delay`,
 * scroll past `scrollPercent`, exit intent after `exitDelay`); closed as `close` allows, or
 * by `autoHide`, paused while the pointer or focus is inside. In the design editor it is
 * shown in place for editing; in the CMS editor nothing opens by itself; in neither is a
 * timer started or a seen flag read or written.
 */
export const modal: Controller = {
  connect(el, ctx) {
    const { runtime, signal } = ctx;
    const win = runtime.window;
    if (!el.id) {
      log.verbatim.warn(modalMessages.noId);
      throw new InvalidOptionsError('a modal needs an id', { logged: true });
    }
    const options = modalOptions(el);
    const t = runtime.strings(dialogStrings);
    const { env } = runtime;
    const automatic = !env.local; // cms and design: nothing opens by itself
    const flag = seenFlag(win, el.id, env.local ? 'none' : options.storage, options.expires);
    const has = (method: (typeof options.close)[number]) => options.close.includes(method);
    const closeBy = { button: has('button'), overlay: has('overlay'), escape: has('escape') };

    // The builder's element goes inside the dialog; its label moves onto the dialog.
    const restore: (() => void)[] = [];
    const dialog = createDialog(runtime, signal, {
      closeBy,
      // An address that opened it is let go (`closing`: taken back mid-fade): else it reopened.
      onClosed: (reason) => (dropFragment(win, (id) => id === el.id), emit(events.modalClose, reason)),
    });
    const box = dialog.element;
    restore.push(adoptIntoDialog(el, dialog, signal));
    // Moved out of the dialog by the page's script: adopted again where it is now.
    const moved = new win.MutationObserver(ctx.guard(() => el.parentNode !== box && ctx.reconnect()));
    moved.observe(box, { childList: true });
    signal.addEventListener('abort', () => moved.disconnect(), { once: true });

    restore.push(closeButtons(ctx, dialog, closeBy.button, t('close')));

    function emit(type: string, reason?: CloseReason | string) {
      el.dispatchEvent(new CustomEvent(type, { bubbles: true, detail: { id: el.id, reason } }));
    }

    const hide = autoHide(ctx, dialog);
    // Not a modal nested in this one's markup: its close is its own. Out of sight, it falls silent.
    let wake = () => {};
    ctx.listen(el, events.modalClose, (e) => e.target === el && (hide.closed(), (wake = silence(el, true))));

    // Once the visitor has had it open on this page, an automatic trigger still pending does
    // not bring it back (they may have just closed it).
    let shown = false;
    const open = (opener: Element | null, seen = false) => {
      if (dialog.isOpen || box.hasAttribute('data-sw-inline')) return;
      shown = true;
      wake();
      dialog.open(opener);
      if (seen) flag.mark();
      emit(events.modalOpen);
      hide.opened(env.local ? 0 : options.autoHide);
    };
    const act = (action: ModalAction, opener?: Element | null) => {
      try {
        if (action === 'open' || (action === 'toggle' && !dialog.isOpen)) open(opener ?? null);
        else dialog.close('api');
      } catch (err) {
        log.verbatim.error(modalMessages.failure, err);
      }
    };
    // Shown in place before a queued open runs: never a real modal over the page being edited.
    if (env.env === 'design') dialog.showInline();
    const closing = () => box.hasAttribute('data-sw-closing') && dropFragment(win, (id) => id === el.id);
    restore.push(registerModal(runtime, el, { act }), closing, () => wake());

    if (automatic) {
      flag.seen(); // an expired flag is cleared now, not left behind until the trigger fires
      watchTriggers(
        ctx,
        options,
        () => shown || flag.seen() || open(null, true),
        () => open(null),
      );
    }

    return () => {
      for (const undo of restore.reverse()) undo();
    };
  },
};

/**
 * Close buttons: the builder's (`data-sw-modal-close`), else the runtime's own, when `close`
 * allows a button at all; otherwise the builder's are hidden. Returns the undo.
 */
function closeButtons(ctx: ControllerContext, dialog: Dialog, allowed: boolean, label: string): () => void {
  const el = ctx.element;
  // A modal nested in this one's markup keeps its own close buttons.
  const own = (b: Element | null) => b?.closest(`[${attr.modal}]`) === el;
  const builders = [...el.querySelectorAll<HTMLElement>(`[${attr.modalClose}]`)].filter(own);
  const hidden = builders.map((b) => b.hidden);
  if (!allowed) {
    builders.forEach((b) => (b.hidden = true));
    // Else a builder rule such as `button{display:inline-block}` shows them, doing nothing.
    ctx.runtime.adoptStyles(`[data-sw-dialog] [${attr.modalClose}][hidden]{display:none!important}`);
  } else if (!builders.length) dialog.addCloseButton(label);
  ctx.listen(el, 'click', (e) => {
    const b = (e.target as Element).closest(`[${attr.modalClose}]`);
    if (!own(b) || !allowed) return;
    e.preventDefault();
    dialog.close('button');
  });
  return () => builders.forEach((b, i) => (b.hidden = hidden[i]!));
}

// Bundling hints: what this chunk shares with the entry, and with other parts, ships as one
// file each (see core.ts, dialog-core.ts, consent-core.ts).
export { core as __core } from '../core';
export { dialogCore as __dialogCore } from '../dialog-core';
