import type { Runtime } from '../runtime';
import { fragmentTarget, GIVE_BACK_MS, isPlainClick } from '../dom';
import { log } from '../log';
import { attr } from '../schema';
import { modalMessages } from './messages';

export { modalMessages };

/**
 * The modal parts every page needs before the modal chunk arrives: the exact catalogue
 * messages (contract §6), `SiteRuntime.modal(id, action)`, and the openers' clicks. Actions
 * for a modal whose controller is still loading wait for it, so a builder script calling
 * the API early loses nothing.
 */

export const modalActions = ['open', 'close', 'toggle'] as const;
export type ModalAction = (typeof modalActions)[number];

/** What a connected modal offers the API; `opener` gets focus back on close. */
export interface ModalHandle {
  act(action: ModalAction, opener?: Element | null): void;
}

interface ModalBoard {
  handles: Map<Element, ModalHandle>;
  waiting: Map<Element, { action: ModalAction; opener: Element | null }>;
}

const boardKey = {};
export const modalBoard = (runtime: Runtime): ModalBoard =>
  runtime.shared(boardKey, () => ({ handles: new Map(), waiting: new Map() }));

/** Called by the modal controller once connected: runs what was asked for while it loaded. */
export function registerModal(runtime: Runtime, element: Element, handle: ModalHandle): () => void {
  const board = modalBoard(runtime);
  board.handles.set(element, handle);
  const queued = board.waiting.get(element);
  board.waiting.delete(element);
  if (queued) handle.act(queued.action, queued.opener);
  return () => {
    if (board.handles.get(element) === handle) board.handles.delete(element);
  };
}

/**
 * A modal element the runtime refused (invalid JSON, a failed connect) or whose code failed
 * for good: plain HTML, which no action waits for (it would wait for ever).
 */
const refused = (runtime: Runtime, el: Element) =>
  runtime.registry.inspect().some((m) => m.element === el && m.state === 'failed');

/** `SiteRuntime.modal(id, action)`, also what every opener click goes through. */
export function modalCommand(
  runtime: Runtime,
  id: unknown,
  action: unknown = 'open',
  opener: Element | null = null,
): void {
  try {
    if (typeof id !== 'string' || !id.trim()) return void log.verbatim.warn(modalMessages.noId);
    const el = runtime.document.getElementById(id.trim());
    if (!el?.hasAttribute(attr.modal) || refused(runtime, el))
      return void log.verbatim.warn(modalMessages.noElement);
    if (!modalActions.includes(action as ModalAction))
      return void log.verbatim.warn(modalMessages.unknownAction(String(action)));
    const board = modalBoard(runtime);
    const handle = board.handles.get(el);
    if (handle) handle.act(action as ModalAction, opener);
    else {
      const asked = { action: action as ModalAction, opener };
      board.waiting.set(el, asked);
      // Its code now: hidden until opened, it may never be visible. If it cannot connect, the
      // open is not kept for a later rescan to replay: a link's own jump shows the builder's
      // modal (`:target`), as without script, while the visitor still waits.
      const at = Date.now();
      const giveBack = () => {
        if (board.waiting.get(el) !== asked || board.handles.has(el)) return;
        board.waiting.delete(el);
        const href = opener?.closest('a')?.getAttribute('href');
        if (
          refused(runtime, el) &&
          href &&
          fragmentTarget(runtime.document, href) === el &&
          Date.now() - at < GIVE_BACK_MS
        )
          runtime.window.location.hash = el.id;
      };
      runtime.registry.need(el)?.then(giveBack, giveBack);
    }
  } catch (err) {
    log.verbatim.error(modalMessages.failure, err);
  }
}

/**
 * Openers anywhere in the page: `[data-sw-modal-open="id"]`, and `a[href="#id"]` when that id
 * is a modal. One delegated listener, so openers added later work too.
 */
export function listenForOpeners(runtime: Runtime, signal: AbortSignal): void {
  const doc = runtime.document;
  doc.addEventListener(
    'click',
    (e) => {
      if (!isPlainClick(e as MouseEvent)) return;
      const target = e.target as Element | null;
      const opener = target?.closest?.(`[${attr.modalOpen}]`);
      if (opener) {
        e.preventDefault();
        modalCommand(runtime, opener.getAttribute(attr.modalOpen), 'open', opener);
        return;
      }
      const link = target?.closest?.('a[href^="#"]');
      // `#caf%C3%A9` names the element `café`, as the browser's own jump to it does.
      const el = link && fragmentTarget(doc, link.getAttribute('href')!);
      if (!el || link.closest(`[${attr.modalClose}]`)) return;
      // A refused one is the builder's page: the browser's own jump shows it (`:target`).
      if (!el?.hasAttribute(attr.modal) || refused(runtime, el)) return;
      e.preventDefault();
      modalCommand(runtime, el.id, 'open', link);
    },
    { signal },
  );
  // The address naming a modal whose code has not come (Back, Forward, a script): its code
  // now, whatever its strategy; connected, it opens from the address as at load.
  const win = runtime.window;
  win.addEventListener(
    'hashchange',
    () => {
      const el = fragmentTarget(doc, win.location.hash);
      if (el?.hasAttribute(attr.modal)) runtime.registry.need(el);
    },
    { signal },
  );
}
