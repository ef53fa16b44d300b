import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import type { Store } from '../ui/store';
import type { Viewport } from '../ui/use-viewport';
import type { attachGestures, Gesture } from './gestures';
import { savesData, sourceFor } from './srcset';
import { current, type LightboxAction, type LightboxState } from './state';

/** While playing, the next item after the configured interval (restarted by every item shown). */
export function useSlideshow(
  win: Window,
  store: Store<LightboxState, LightboxAction>,
  s: LightboxState,
  interval: number | false,
): void {
  useEffect(() => {
    if (!s.playing || interval === false) return;
    const timer = win.setTimeout(() => store.dispatch({ type: 'advance' }), interval);
    return () => win.clearTimeout(timer);
  }, [s.playing, s.shown, interval]);
  // A player the visitor starts is theirs (a video's `play`; a press in an embedded player's
  // frame, which takes focus from the page): the slideshow stops rather than take it away.
  useEffect(() => {
    if (!s.playing) return;
    const doc = win.document;
    // Only the visitor's: not a video that plays by itself (`autoplay`, a page script's play()).
    const stop = (at: EventTarget | null) =>
      (win.navigator as { userActivation?: { isActive: boolean } }).userActivation?.isActive !== false &&
      (at as Element | null)?.closest?.('.sw-lightbox') &&
      store.dispatch({ type: 'pause' });
    const played = (e: Event) => !(e.target as HTMLMediaElement).autoplay && stop(e.target);
    const left = () => doc.activeElement?.matches('iframe') && stop(doc.activeElement);
    doc.addEventListener('play', played, true);
    win.addEventListener('blur', left);
    return () => {
      doc.removeEventListener('play', played, true);
      win.removeEventListener('blur', left);
    };
  }, [s.playing]);
}

/**
 * Once an image is shown, its neighbours (one each side) start loading, at the width the stage
 * would pick for them, so Previous and Next show at once; never with Save-Data.
 */
export function usePreload(win: Window, s: LightboxState, room: Viewport): void {
  const ready = !!s.size && current(s)?.content.kind === 'image';
  useEffect(() => {
    if (!ready || savesData(win)) return;
    for (const i of [s.index - 1, s.index + 1]) {
      const near = s.items[(i + s.items.length) % s.items.length];
      if (near?.content.kind === 'image')
        new (win as Window & typeof globalThis).Image().src = sourceFor(
          near.link,
          near.content.src,
          room,
          win,
        );
    }
  }, [ready, s.shown]);
}

/**
 * Touch gestures on the stage while it shows an image item fitted to the window (loading,
 * shown, or failed: it can be swiped past), on a device with touch. Their chunk is fetched
 * then; a failure leaves the buttons and keys, which always work. Attached anew for each item
 * shown, so every image starts unzoomed.
 */
export function useGestures(
  win: Window,
  stage: RefObject<HTMLElement | null>,
  on: boolean,
  shown: number,
  load: () => Promise<typeof attachGestures>,
  done: (gesture: Gesture) => void,
): void {
  const latest = useRef(done);
  latest.current = done;
  useEffect(() => {
    if (!on || !(win.navigator.maxTouchPoints > 0)) return;
    const abort = new AbortController();
    load().then(
      (attach) =>
        !abort.signal.aborted &&
        stage.current &&
        attach(stage.current, abort.signal, (g) => latest.current(g)),
      () => {}, // announced by the chunk loader
    );
    return () => abort.abort();
  }, [on, shown]);
}

/**
 * Focus stays in the dialog (APG) when what held it goes: a link of the content moved past, or
 * Expand hidden on an item that fits. It goes on to Next, else Close, where the arrow keys and
 * Escape still work; it fell to `<body>`. Checked after every render, before paint.
 */
export function useKeepFocus(inside: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const dialog = inside.current?.closest('dialog');
    const at = dialog?.ownerDocument.activeElement;
    if (
      !dialog?.open ||
      (at && at !== dialog.ownerDocument.body && !(dialog.contains(at) && at.closest('[hidden]')))
    )
      return;
    const to = (sel: string) => dialog.querySelector<HTMLElement>(sel);
    (to('.sw-lb-next:not([hidden])') ?? to('.sw-lb-close'))?.focus();
  });
}

/**
 * Content larger than the stage (an expanded image, long ajax content) scrolls, and a keyboard
 * must reach it to scroll it (axe's scrollable-region-focusable; WebKit does not tab to a
 * scroller by itself): the stage is a tab stop while, and only while, it scrolls.
 */
export function useScrollStop(stage: RefObject<HTMLElement | null>, item: unknown): void {
  useEffect(() => {
    const el = stage.current;
    const view = el?.ownerDocument.defaultView;
    if (!el || !view?.ResizeObserver) return;
    const check = () => {
      if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) el.tabIndex = 0;
      else el.removeAttribute('tabindex');
    };
    const sizes = new view.ResizeObserver(check);
    // What is shown changes inside the stage (loaded, expanded, ajax arrived): sizes observed anew.
    const observeAll = () => [el, ...el.children].forEach((e) => sizes.observe(e));
    const added = new view.MutationObserver(() => (observeAll(), check()));
    observeAll();
    added.observe(el, { childList: true, subtree: true });
    return () => (sizes.disconnect(), added.disconnect());
  }, [stage, item]);
}
