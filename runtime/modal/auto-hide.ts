import type { ControllerContext } from '../controller';
import type { Dialog } from '../ui/dialog';
import { topModal } from '../ui/dialog-close';

/**
 * `autoHide` (spec §9): the modal closes by itself after a time, which the visitor stops by
 * pointing at it or moving focus within it, and which then runs on from where it stopped. It
 * stands still while the tab is in the background too: nobody is reading it then.
 */
export function autoHide(ctx: ControllerContext, dialog: Dialog) {
  const win = ctx.runtime.window;
  const box = dialog.element;
  let cancel: (() => void) | undefined;
  let left = 0;
  let started = 0;
  const doc = box.ownerDocument;
  // What stops its time: the pointer or the visitor's focus inside, the tab in the background.
  const holds = { pointer: false, focus: false, away: doc.hidden };
  // Focus the visitor moves within the modal pauses it; the focus that opening it moves in
  // does not (a modal always holds focus, so counting that would switch auto-hide off).
  let touched = false;

  const pause = () => {
    if (!cancel) return;
    cancel();
    cancel = undefined;
    left -= win.performance.now() - started;
  };
  // Not under another modal (opened from it): closing would move focus while the visitor is
  // in that one. Its time runs on once focus or the pointer leaves it again.
  const run = () => {
    if (cancel || left <= 0 || holds.pointer || holds.focus || holds.away || !dialog.isOpen) return;
    if (topModal(doc) !== box) return;
    started = win.performance.now();
    cancel = ctx.after(left, () => {
      cancel = undefined;
      // Under another after all (opened by a script): it runs again once focus or the pointer leaves.
      if (topModal(doc) !== box) return;
      left = 0;
      dialog.close('auto');
    });
  };
  const inside = (key: keyof typeof holds, on: boolean) => {
    holds[key] = on;
    if (on) pause();
    else run();
  };
  // The backdrop belongs to the dialog element too: "inside" is within its box.
  const within = (e: MouseEvent) => {
    const r = box.getBoundingClientRect();
    return e.clientX >= r.left && e.clientX <= r.right && e.clientY >= r.top && e.clientY <= r.bottom;
  };
  ctx.listen<PointerEvent>(box, 'pointermove', (e) => {
    if (within(e) !== holds.pointer) inside('pointer', within(e));
  });
  ctx.listen(box, 'pointerleave', () => inside('pointer', false));
  // Typing in (or pressing on) the field that opening focused fires no focusin: it pauses too.
  const engaged = () => {
    touched = true;
    const active = doc.activeElement;
    if (active !== box && box.contains(active)) inside('focus', true);
  };
  ctx.listen(box, 'keydown', engaged);
  ctx.listen<PointerEvent>(box, 'pointerdown', (e) => within(e) && engaged());
  ctx.listen(box, 'focusin', (e) => touched && e.target !== box && inside('focus', true));
  ctx.listen<FocusEvent>(box, 'focusout', (e) => {
    if (!box.contains(e.relatedTarget as Node | null)) inside('focus', false);
  });
  ctx.listen(doc, 'visibilitychange', () => inside('away', doc.hidden));

  return {
    /** Just opened: focus moved in by opening does not count; a limit, if any, starts. */
    opened(ms: number) {
      touched = false;
      // A pointer that was inside when it last closed may have left with no event (it vanished
      // under a still pointer): inside again only when it moves there.
      holds.focus = holds.pointer = false;
      left = ms;
      run();
    },
    closed() {
      pause();
      left = 0;
    },
  };
}
