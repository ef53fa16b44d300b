import { useEffect } from 'react';
import type { Store } from '../ui/store';
import type { Viewport } from '../ui/use-viewport';
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
