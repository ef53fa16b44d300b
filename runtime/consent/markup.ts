import type { ControllerContext } from '../controller';
import { isPlainClick } from '../dom';
import { dialogStrings } from '../i18n/dialog';
import { attr, sel } from '../schema';
import { adoptIntoDialog } from '../ui/adopt';
import { createDialog, type Dialog } from '../ui/dialog';
import type { Store } from '../ui/store';
import type { ConsentEvent, ConsentState } from './flow';
import type { ConsentAction } from './model';

/**
 * The consent controller's plain-DOM parts: the builder's own markup (the preferences, its
 * buttons, the page's links), which the runtime adopts and listens to but does not draw.
 * Each change is undone by a function pushed on `restore`.
 */

/** The builder's element adopted into the runtime's `<dialog>`, with the close methods the builder allowed. */
export function preferencesDialog(
  el: Element,
  ctx: ControllerContext,
  store: Store<ConsentState, ConsentEvent>,
  close: readonly string[],
  restore: (() => void)[],
  back: { to?: HTMLElement | null },
): Dialog {
  const dialog = createDialog(ctx.runtime, ctx.signal, {
    closeBy: { escape: close.includes('escape'), overlay: close.includes('overlay') },
    // Closed without a choice: the question is still open, and the flow may show the banner again.
    onClosed: (reason) => {
      store.dispatch({ type: 'closed' });
      // Opened from the banner, which hid meanwhile: focus goes back to its button (APG) once
      // the banner is back, not to the control focus moved on to when it hid.
      const to = back.to;
      back.to = null;
      if (reason !== 'api' && to?.isConnected && !to.closest('[hidden]')) to.focus();
    },
  });
  restore.push(adoptIntoDialog(el, dialog, ctx.signal));
  if (close.includes('button')) dialog.addCloseButton(ctx.runtime.strings(dialogStrings)('close'));
  return dialog;
}

/** The container of the switches: the builder's `[data-sw-consent-groups]`, or one made before the first action. */
export function groupsContainer(el: Element, restore: (() => void)[]): Element {
  const found = el.querySelector(`[${attr.consentGroups}]`);
  if (found) return found;
  const made = el.ownerDocument.createElement('div');
  made.setAttribute(attr.consentGroups, '');
  const firstAction = el.querySelector(`[${attr.consentAction}]`);
  if (firstAction?.parentElement) firstAction.parentElement.insertBefore(made, firstAction);
  else el.append(made);
  restore.push(() => made.remove());
  return made;
}

/** `enableAll` off: no "Accept all" anywhere, the banner's included. */
export function hideAcceptAll(doc: Document, restore: (() => void)[]): void {
  for (const b of doc.querySelectorAll<HTMLElement>(`[${attr.consentAction}="accept-all"]`)) {
    const was = b.hidden;
    b.hidden = true;
    restore.push(() => (b.hidden = was));
  }
}

/** Every `preferences` action on the page opens the preferences; the modal's own buttons save. */
export function listenForActions(
  el: Element,
  ctx: ControllerContext,
  open: (from: Element | null) => void,
  save: (action: ConsentAction) => void,
): void {
  ctx.listen<MouseEvent>(ctx.runtime.document, 'click', (e) => {
    const target = (e.target as Element | null)?.closest?.(`[${attr.consentAction}="preferences"]`);
    if (!target || !isPlainClick(e)) return;
    e.preventDefault();
    open(target);
  });
  ctx.listen<MouseEvent>(el, 'click', (e) => {
    const action = (e.target as Element).closest(`[${attr.consentAction}]`)?.getAttribute(attr.consentAction);
    if (action !== 'accept' && action !== 'decline' && action !== 'accept-all') return;
    e.preventDefault();
    save(action);
  });
}

/**
 * The switches' code (the UI host) is fetched on the first contact with the banner or a
 * preferences control (issue 14: nothing at load that no one has reached for), so it is
 * usually there by the click that opens the preferences; the opening fetches it anyway.
 */
export function drawOnContact(ctx: ControllerContext, drawSwitches: (use: boolean) => void) {
  const near = `${sel(attr.consentBanner)}, [${attr.consentAction}="preferences"]`;
  const once = new AbortController();
  ctx.signal.addEventListener('abort', () => once.abort(), { signal: once.signal });
  const onContact = (e: Event) => {
    if (!(e.target as Element | null)?.closest?.(near)) return;
    once.abort();
    drawSwitches(false);
  };
  for (const type of ['pointerover', 'focusin', 'touchstart'])
    ctx.runtime.document.addEventListener(type, onContact, {
      capture: true,
      passive: true,
      signal: once.signal,
    });
}
