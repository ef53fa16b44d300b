import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { fitSize } from './fit';
import { sourceFor } from './srcset';
import type { StageProps } from './stage';

/** Spec §8, verbatim: shown in the stage, where Previous and Next still work (issue 16). */
export const BROKEN_IMAGE = 'Image cannot be loaded. Make sure the path is correct and image exist.';
/** Issue 16: a wait shorter than this shows no spinner (it would only flash). */
export const SPINNER_DELAY = 300;

type Shown = {
  shown: number;
  src: string;
  status: 'slow' | 'ready' | 'broken';
  width: number;
  height: number;
};
export const px = (s: { width: number; height: number }) => ({
  width: `${s.width}px`,
  height: `${s.height}px`,
});

/**
 * An image item. The one before is gone as soon as another is asked for; the stage keeps its
 * width (the last image's, else the item's default size) while the new one loads, so nothing
 * jumps. After SPINNER_DELAY a spinner and a status text say it is loading; a failure shows
 * spec §8's message there. A load that answers for an earlier showing is dropped. It loads the
 * narrowest of the image's widths that fills the stage (srcset.ts), or the href if that width
 * fails; once the visitor expands it, the href (the full size) replaces it.
 */
export function ImageMedia(props: StageProps): ReactNode {
  const { item, shown, fitting, room, onLoaded, onBroken } = props;
  const [state, setState] = useState<Shown>();
  const callbacks = useRef({ onLoaded, onBroken });
  callbacks.current = { onLoaded, onBroken };
  const { content } = item;
  const win = item.link.ownerDocument.defaultView!;
  const box = useRef(fitSize(content.width, content.height, room, fitting));
  const picked = useMemo(() => sourceFor(item.link, content.src, room, win), [shown]);
  const expanded = useRef(-1);
  if (!fitting) expanded.current = shown;
  const want = expanded.current === shown ? content.src : picked;
  // The showing an image has loaded for: a wider file replacing it keeps it up meanwhile.
  const loaded = useRef(-1);
  useEffect(() => {
    const img = new win.Image();
    const upgrading = loaded.current === shown;
    let src = want;
    let live = true;
    const set = (status: Shown['status'], width = 0, height = 0) =>
      live && setState({ shown, src, status, width, height });
    const slow = upgrading ? 0 : win.setTimeout(() => set('slow'), SPINNER_DELAY);
    img.onload = () => {
      win.clearTimeout(slow);
      loaded.current = shown;
      set('ready', img.naturalWidth, img.naturalHeight);
      if (live) callbacks.current.onLoaded(shown, img.naturalWidth, img.naturalHeight);
    };
    img.onerror = () => {
      if (src !== content.src) return void (img.src = src = content.src);
      win.clearTimeout(slow);
      if (upgrading) return;
      set('broken');
      if (live) callbacks.current.onBroken();
    };
    img.src = src;
    return () => {
      live = false;
      win.clearTimeout(slow);
      img.onload = img.onerror = null;
    };
  }, [shown, want]);

  const now = state?.shown === shown ? state : undefined;
  if (now?.status === 'ready') {
    box.current = fitSize(now.width, now.height, room, fitting);
    return <img src={now.src} alt={item.alt} style={px(box.current)} />;
  }
  // At least as tall as the image before: a message that needs more room makes it taller.
  return (
    <div
      className="sw-lb-wait"
      style={{ width: `${box.current.width}px`, minHeight: `${box.current.height}px` }}
    >
      {now?.status === 'broken' ? (
        <p key="alert" role="alert">
          {BROKEN_IMAGE}
        </p>
      ) : (
        // There from the start of the wait, so its text is announced when it comes.
        <p key="status" role="status" className="sw-lb-loading">
          {now?.status === 'slow' ? props.mediaText.loading : ''}
        </p>
      )}
    </div>
  );
}
