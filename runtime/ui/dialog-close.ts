import type { CloseReason, DialogOptions } from './dialog';
import { isModal } from './scroll-lock';
import { fragmentId } from '../dom';

/**
 * Escape and the overlay close the dialog as `closeBy` allows. Escape is the browser's
 * `cancel`, kept open when the builder did not allow it (keydown is stopped too, since Chrome
 * lets a second Escape without user activation skip `cancel`). The overlay is a press and a
 * release both on the backdrop (a text selection dragged out of the dialog does not close it).
 */
export function closeByVisitor(
  dialog: HTMLDialogElement,
  signal: AbortSignal,
  options: DialogOptions,
  close: (reason: CloseReason) => void,
): void {
  let pressedOutside = false;
  const outside = (e: MouseEvent) => {
    if (e.target !== dialog) return false;
    const r = dialog.getBoundingClientRect();
    return e.clientX < r.left || e.clientX > r.right || e.clientY < r.top || e.clientY > r.bottom;
  };
  const on = <E extends Event>(type: string, fn: (e: E) => void) =>
    dialog.addEventListener(type, fn as EventListener, { signal });
  on('cancel', (e) => {
    e.preventDefault();
    if (options.closeBy.escape) close('escape');
  });
  // On the document, not the dialog: with focus on the body (nothing focused, or back from
  // the browser's own controls) the key never reaches the dialog, and Firefox then closes it.
  // Only while it is the top one: a modal opened from it is above, and its Escape is its own,
  // wherever focus is.
  const doc = dialog.ownerDocument;
  doc.addEventListener(
    'keydown',
    (e) => {
      // Every key of the page passes here while the dialog lives: Escape is asked first.
      if (e.key === 'Escape' && !options.closeBy.escape && topModal(doc) === dialog) e.preventDefault();
    },
    { signal, capture: true },
  );
  on<MouseEvent>('pointerdown', (e) => (pressedOutside = outside(e)));
  on<MouseEvent>('click', (e) => {
    if (pressedOutside && outside(e) && options.closeBy.overlay && isModal(dialog)) close('overlay');
    pressedOutside = false;
  });
}

/**
 * The ends of a dialog's life the runtime did not start: its own fade's `transitionend` (not
 * the backdrop's, at the dialog too with `pseudoElement`: its fade is the shorter, spec §9),
 * and `close`, whoever closed it: a `<form method="dialog">` in the content, a page script, or
 * the browser (Chrome's back gesture without user activation fires no `cancel` to prevent).
 */
export function watchEnds(
  dialog: HTMLDialogElement,
  signal: AbortSignal,
  faded: () => void,
  closed: () => void,
) {
  dialog.addEventListener(
    'transitionend',
    (e) => e.target === dialog && e.propertyName === 'opacity' && !e.pseudoElement && faded(),
    { signal },
  );
  dialog.addEventListener('close', closed, { signal });
}

/**
 * Once a dialog the address opened closes: takes the `#fragment` off the address when it names one of `ids`, with no history entry:
 * a link to it fires no hashchange while the address still names it (so it did nothing), and
 * a reload would open what named it again. A whole address: a path is read against a <base>.
 */
export function dropFragment(win: Window, ids: (id: string) => boolean): void {
  // As written or percent-decoded: the browser finds an element by either (fragmentTarget).
  const raw = win.location.hash.slice(1);
  if (raw && (ids(raw) || ids(fragmentId(raw))))
    win.history.replaceState(win.history.state, '', win.location.href.replace(/#.*$/, ''));
}

/**
 * A close's fade under way: still open, and `data-sw-closing` says it is going (a part built
 * again meanwhile must not carry it across as open); `shut` ends it.
 */
export const fadeOut = (dialog: HTMLDialogElement) => {
  dialog.removeAttribute('data-sw-shown');
  dialog.setAttribute('data-sw-closing', '');
};
export const shut = (dialog: HTMLDialogElement) => {
  dialog.removeAttribute('data-sw-closing');
  dialog.close();
  const opened = openOrder(dialog.ownerDocument);
  opened.splice(0, opened.length, ...opened.filter((d) => d !== dialog));
};

/** The runtime's modal dialogs of a document in the order they opened (`fadeIn` adds them). */
const order = new WeakMap<Document, Element[]>();
export function openOrder(doc: Document): Element[] {
  if (!order.has(doc)) order.set(doc, []);
  return order.get(doc)!;
}

/** The runtime's modal dialog on top: the last opened still open and not fading out (nor removed). */
export const topModal = (doc: Document): Element | undefined =>
  openOrder(doc)
    .filter((d) => d.isConnected && isModal(d) && !d.hasAttribute('data-sw-closing'))
    .pop();
