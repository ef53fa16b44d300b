import type { ControllerContext } from '../controller';
import { modalDefaults, type ModalOptions } from '../controllers/modal-options';
import { fragmentTarget } from '../dom';
import { openModal } from '../ui/scroll-lock';

/**
 * What opens a modal without a click (spec §9): its id in the address (now and on every
 * hash change), and its trigger: `load` after `delay`, `scroll` past `scrollPercent` of the
 * page, `exit` (the pointer leaving through the top) once `exitDelay` has passed. `due` is
 * the trigger's open (it checks the seen flag), run once the visitor can see it; `open` is
 * the address's.
 */
export function watchTriggers(
  ctx: ControllerContext,
  options: ModalOptions,
  due: () => void,
  open: () => void,
): void {
  const { window: win, document: doc } = ctx.runtime;
  const auto = ctx.guard(() => {
    // A tab in the background: once the visitor looks (else, with `autoHide`, it could open,
    // close and be stored as seen before anyone saw it).
    if (doc.hidden) return ctx.listen(doc, 'visibilitychange', auto, { once: true });
    // Never over another dialog (a modal due at once, the lightbox, consent): once it closes.
    const other = openModal(doc);
    if (other) ctx.listen(other, 'close', auto, { once: true });
    else due();
  });
  const fromHash = () => {
    if (fragmentTarget(doc, win.location.hash) === ctx.element) open();
  };
  fromHash();
  ctx.listen(win, 'hashchange', fromHash);
  if (options.trigger === 'load') {
    ctx.after(options.delay, auto);
  } else if (options.trigger === 'scroll') {
    const scrollWatch = new AbortController();
    ctx.signal.addEventListener('abort', () => scrollWatch.abort());
    const check = () => {
      const range = doc.documentElement.scrollHeight - win.innerHeight;
      // A pixel of room: zoomed pages stop at a fractional position short of the range.
      if (range > 0 && win.scrollY + 1 < (range * options.scrollPercent) / 100) return;
      scrollWatch.abort();
      auto();
    };
    win.addEventListener('scroll', ctx.guard(check), { passive: true, signal: scrollWatch.signal });
    // A page already scrolled past (an anchor, a restored position: before the runtime
    // listened) or too short to scroll: checked once loaded (images change its height).
    if (doc.readyState === 'complete') check();
    else win.addEventListener('load', ctx.guard(check), { once: true, signal: scrollWatch.signal });
  } else if (options.trigger === 'exit') {
    let armed = false;
    // In the background (not counted by `SiteRuntime.idle()`): arming changes nothing on the
    // page; only the visitor's leaving does, and idle() never waits for the visitor.
    ctx.after(options.exitDelay, () => (armed = true), { background: true });
    ctx.listen<MouseEvent>(doc, 'mouseout', (e) => {
      if (!armed || e.relatedTarget || e.clientY > modalDefaults.exitY) return;
      armed = false;
      auto();
    });
  }
}
