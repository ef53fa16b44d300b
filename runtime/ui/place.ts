type Movable = Node & ParentNode & { moveBefore?(node: Node, child: Node | null): void };

/**
 * Moves `node` into `parent` before `child` (null: at the end). An ordinary move removes the
 * node and inserts it again, which loads its iframes anew (a second request for each frame of
 * a modal on every page view) and restarts their state; `moveBefore` (Chromium 133, recent
 * Firefox) keeps them. It refuses a node from another tree: an ordinary move then.
 */
export function moveNode(parent: Node & ParentNode, node: Node, child: Node | null): void {
  const to = parent as Movable;
  if (typeof to.moveBefore === 'function' && node.isConnected && parent.isConnected) {
    try {
      return to.moveBefore(node, child);
    } catch {
      // a move the browser refuses (another document, a shadow tree): the ordinary one below
    }
  }
  parent.insertBefore(node, child);
}

/**
 * Would `box`, a closed `<dialog>`, be drawn where it is once open? An ancestor may hide it:
 * a `hidden` or `display:none` container, a carousel's slide not shown, a closed `<details>`.
 * Opened there, `showModal()` still makes it modal (the page inert, its scroll locked, focus
 * on the body) with nothing on screen. Asked with the dialog made a block for the moment
 * (through the CSSOM: a strict CSP refuses style attributes written as text).
 */
function drawnInPlace(box: HTMLElement): boolean {
  const { style } = box;
  const was = [style.getPropertyValue('display'), style.getPropertyPriority('display')] as const;
  const hadStyle = box.hasAttribute('style');
  style.setProperty('display', 'block', 'important');
  // Without checkVisibility (Safari < 17.4): a hidden ancestor leaves it without a box.
  const drawn = box.checkVisibility ? box.checkVisibility() : box.getClientRects().length > 0;
  if (was[0]) style.setProperty('display', ...was);
  else style.removeProperty('display');
  if (!hadStyle) box.removeAttribute('style');
  return drawn;
}

/**
 * Opens `box` from the end of the body when its place would hide it (or keep it from the
 * visitor), and puts it back there
 * once it has closed (its `close` event, after the fade): elsewhere it stays in place, in the
 * builder's CSS context. Returns what to call before each opening, and the undo, which puts
 * it back at once (open or not).
 */
export function showWhereDrawn(box: HTMLDialogElement, signal: AbortSignal) {
  const doc = box.ownerDocument;
  let place: Comment | undefined;
  const back = (now = false) => {
    if (!place || (box.open && !now)) return;
    // The page removed its place meanwhile: it stays at the end of the body, a modal still.
    if (place.parentNode) moveNode(place.parentNode, box, place);
    place.remove();
    place = undefined;
  };
  // Reopened before the `close` of the last closing came: still open, it stays.
  box.addEventListener('close', () => back(), { signal });
  const lift = () => {
    // An `inert` or `aria-hidden` container draws it but keeps it from the visitor (nothing to
    // focus or press; no dialog for a screen reader): opened from the body's end too.
    const kept = box.parentElement?.closest('[inert],[aria-hidden="true"]');
    if (place || !box.parentNode || (!kept && drawnInPlace(box))) return;
    place = doc.createComment('sw-dialog-place');
    box.before(place);
    moveNode(doc.body, box, null);
  };
  return { lift, undo: () => back(true) };
}
