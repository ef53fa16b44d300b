const FOCUSABLE = 'a[href],button,input,select,textarea,[tabindex]:not([tabindex^="-"])';
const FRAMES = 'iframe,object,embed';

/**
 * A dialog's first focus (showModal() chose it) must not be a frame: the frame's document then
 * takes every key, and Escape never reaches the dialog (APG: Escape closes it). The first
 * control that is not a frame has it instead, else the dialog itself.
 */
export function focusOutsideFrames(dialog: HTMLElement): void {
  const doc = dialog.ownerDocument;
  const at = doc.activeElement;
  if (!at?.matches(FRAMES) || !dialog.contains(at)) return;
  for (const el of dialog.querySelectorAll<HTMLElement>(FOCUSABLE)) {
    if (el.matches(FRAMES)) continue;
    el.focus();
    if (doc.activeElement === el) return;
  }
  dialog.tabIndex = -1;
  dialog.focus();
}

/**
 * Focus back on `el`; when it can no longer take focus, on the button of the collapsed
 * disclosure it is in (a submenu closed meanwhile: the APG's disclosure pattern), else (the
 * consent banner it was in closed with the choice) on the first control after it, from the
 * top when none follows (as Tab goes on): the page's logical flow (APG), never the page's
 * body, where focus is lost.
 */
export function focusBack(el: HTMLElement): void {
  const doc = el.ownerDocument;
  el.focus();
  if (doc.activeElement === el) return;
  for (const button of doc.querySelectorAll<HTMLElement>('[aria-expanded=false]')) {
    // What it controls; a submenu button of the runtime's may go without `aria-controls` (a
    // builder's id with a space): its submenu is the list right after it.
    const ids = button.getAttribute('aria-controls')?.split(/\s+/) ?? [];
    const shown = ids.map((id) => doc.getElementById(id));
    if (button.matches('.sw-submenu')) shown.push(button.nextElementSibling as HTMLElement | null);
    if (!shown.some((region) => region?.contains(el))) continue;
    button.focus();
    if (doc.activeElement === button) return;
  }
  focusAfter(el);
}

/** Focus on the first control after `el` and outside it (from the top when none follows). */
export function focusAfter(el: Element): void {
  const doc = el.ownerDocument;
  // Where focus was left (inside what is going away) is not where it goes.
  const stale = doc.activeElement;
  const walker = doc.createTreeWalker(doc.body, 1 /* elements */);
  walker.currentNode = el;
  for (let wrapped = false; ;) {
    const next = walker.nextNode() as HTMLElement | null;
    if (!next) {
      if (wrapped) return;
      wrapped = true; // once round, from the top
      walker.currentNode = doc.body;
      continue;
    }
    if (wrapped && next === el) return;
    if (next !== stale && !el.contains(next) && next.matches(FOCUSABLE)) {
      next.focus({ preventScroll: true }); // where the visitor was reading stays in view
      if (doc.activeElement === next) return;
    }
  }
}
