import type { Controller } from '../controller';
import { fragmentId } from '../dom';
import { InvalidOptionsError } from '../errors';
import { dialogStrings } from '../i18n/dialog';
import { modalMessages, registerModal, type ModalAction } from '../modal/api';
import { log } from '../log';
import { attr, events } from '../schema';
import { adoptIntoDialog } from '../ui/adopt';
import { createDialog, type CloseReason } from '../ui/dialog';
import { modalDefaults, modalOptions, seenFlag } from './modal-options';

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
    const doc = runtime.document;
    if (!el.id) {
      log.verbatim.warn(modalMessages.noId);
      throw new InvalidOptionsError('a modal needs an id', { logged: true });
    }
    const options = modalOptions(el);
    const t = runtime.strings(dialogStrings);
    const { env } = runtime;
    const automatic = !env.local; // cms and design: nothing opens by itself
    const flag = seenFlag(win, el.id, env.local ? 'none' : options.storage, options.expires);
    const closeBy = {
      button: options.close.includes('button'),
      overlay: options.close.includes('overlay'),
      escape: options.close.includes('escape'),
    };

    // The builder's element goes inside the dialog; its label moves onto the dialog.
    const restore: (() => void)[] = [];
    const dialog = createDialog(runtime, signal, {
      closeBy,
      onClosed: (reason) => emit(events.modalClose, reason),
    });
    const box = dialog.element;
    restore.push(adoptIntoDialog(el, dialog));

    // Close buttons: the builder's, else the runtime's own when `close` allows a button.
    const builderClose = [...el.querySelectorAll<HTMLElement>(`[${attr.modalClose}]`)];
    if (!closeBy.button) {
      for (const b of builderClose) {
        const was = b.hidden;
        b.hidden = true;
        restore.push(() => (b.hidden = was));
      }
    } else if (!builderClose.length) {
      dialog.addCloseButton(t('close'));
    }
    ctx.listen(el, 'click', (e) => {
      const b = (e.target as Element).closest(`[${attr.modalClose}]`);
      if (!b || !closeBy.button) return;
      e.preventDefault();
      dialog.close('button');
    });

    function emit(type: string, reason?: CloseReason | string) {
      el.dispatchEvent(new CustomEvent(type, { bubbles: true, detail: { id: el.id, reason } }));
    }

    // autoHide: a time limit the visitor can stop by pointing at or focusing the modal.
    let hideTimer = 0;
    let hideLeft = 0;
    let hideStarted = 0;
    const hovering = { pointer: false, focus: false };
    const pauseHide = () => {
      if (!hideTimer) return;
      win.clearTimeout(hideTimer);
      hideTimer = 0;
      hideLeft -= win.performance.now() - hideStarted;
    };
    const runHide = () => {
      if (hideTimer || hideLeft <= 0 || hovering.pointer || hovering.focus || !dialog.isOpen) return;
      hideStarted = win.performance.now();
      hideTimer = win.setTimeout(
        ctx.guard(() => {
          hideTimer = 0;
          dialog.close('auto');
        }),
        hideLeft,
      );
    };
    const inside = (key: keyof typeof hovering, on: boolean) => {
      hovering[key] = on;
      if (on) pauseHide();
      else runHide();
    };
    // The backdrop belongs to the dialog element too: "inside" is within its box.
    const within = (e: MouseEvent) => {
      const r = box.getBoundingClientRect();
      return e.clientX >= r.left && e.clientX <= r.right && e.clientY >= r.top && e.clientY <= r.bottom;
    };
    ctx.listen<PointerEvent>(box, 'pointermove', (e) => {
      if (within(e) !== hovering.pointer) inside('pointer', within(e));
    });
    ctx.listen(box, 'pointerleave', () => inside('pointer', false));
    // Focus the visitor moves within the modal pauses it; the focus that opening it moves in
    // does not (a modal always holds focus, so counting that would switch auto-hide off).
    let touched = false;
    ctx.listen(box, 'keydown', () => (touched = true));
    ctx.listen<PointerEvent>(box, 'pointerdown', (e) => (touched ||= within(e)));
    ctx.listen(box, 'focusin', (e) => touched && e.target !== box && inside('focus', true));
    ctx.listen<FocusEvent>(box, 'focusout', (e) => {
      if (!box.contains(e.relatedTarget as Node | null)) inside('focus', false);
    });
    ctx.listen(el, events.modalClose, () => {
      pauseHide();
      hideLeft = 0;
    });

    // Once the visitor has had it open on this page, an automatic trigger still pending does
    // not bring it back (they may have just closed it).
    let shown = false;
    const open = (opener: Element | null, seen = false) => {
      if (dialog.isOpen || box.hasAttribute('data-sw-inline')) return;
      shown = true;
      touched = false;
      hovering.focus = false;
      dialog.open(opener);
      if (seen) flag.mark();
      emit(events.modalOpen);
      if (options.autoHide > 0 && !env.local) {
        hideLeft = options.autoHide;
        runHide();
      }
    };
    const act = (action: ModalAction, opener?: Element | null) => {
      try {
        if (action === 'open' || (action === 'toggle' && !dialog.isOpen)) open(opener ?? null);
        else dialog.close('api');
      } catch (err) {
        log.verbatim.error(modalMessages.failure, err);
      }
    };
    restore.push(registerModal(runtime, el, { act }));

    if (env.env === 'design') {
      dialog.showInline();
    } else if (automatic) {
      const auto = ctx.guard(() => {
        if (!shown && !flag.seen()) open(null, true);
      });
      flag.seen(); // an expired flag is cleared now, not left behind until the trigger fires
      const fromHash = () => {
        if (fragmentId(win.location.hash) === el.id) open(null);
      };
      fromHash();
      ctx.listen(win, 'hashchange', fromHash);
      if (options.trigger === 'load') {
        ctx.after(options.delay, auto);
      } else if (options.trigger === 'scroll') {
        const check = () => {
          const root = doc.documentElement;
          const range = root.scrollHeight - win.innerHeight;
          const percent = range > 0 ? (win.scrollY / range) * 100 : 100;
          if (percent >= options.scrollPercent) {
            scrollWatch.abort();
            auto();
          }
        };
        const scrollWatch = new AbortController();
        signal.addEventListener('abort', () => scrollWatch.abort());
        win.addEventListener('scroll', ctx.guard(check), { passive: true, signal: scrollWatch.signal });
      } else if (options.trigger === 'exit') {
        let armed = false;
        ctx.after(options.exitDelay, () => (armed = true));
        ctx.listen<MouseEvent>(doc, 'mouseout', (e) => {
          if (armed && !e.relatedTarget && e.clientY <= modalDefaults.exitY) {
            armed = false;
            auto();
          }
        });
      }
    }

    return () => {
      win.clearTimeout(hideTimer);
      for (const undo of restore.reverse()) undo();
    };
  },
};
