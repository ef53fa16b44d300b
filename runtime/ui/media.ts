/** A video provider's player (YouTube's, Vimeo's), by the frame's resolved address. */
const player = /^https?:\/\/([^/?#@]*\.)?(youtube(-nocookie)?\.com|vimeo\.com)(:\d+)?[/?#]/;

/**
 * Stops the sound of what goes out of sight (a closing modal, content put back hidden): with
 * no control left in view it would play on (WCAG 1.4.2). Audio and video are paused; muted
 * ones are left alone (a decorative autoplay video paused would not start again). With
 * `frames`, a video provider's player is emptied (`about:blank`), the one way to stop every
 * provider's player from outside; reloading it instead would start one whose address says
 * `autoplay=1`, out of sight. Any other frame (a booking form) keeps what the visitor typed in
 * it. (A frame moved in the page is loaded again by the move itself.) Returns what puts the
 * players back, for when it is in sight again.
 */
export function silence(root: Element, frames: boolean): () => void {
  for (const m of [root, ...root.querySelectorAll('audio,video')] as HTMLMediaElement[])
    if (!m.muted) m.pause?.();
  const parked: [HTMLIFrameElement, string][] = [];
  for (const frame of frames ? root.querySelectorAll('iframe') : [])
    if (player.test(frame.src)) {
      parked.push([frame, frame.getAttribute('src')!]);
      frame.src = 'about:blank';
    }
  return () => {
    for (const [frame, src] of parked) if (frame.getAttribute('src') === 'about:blank') frame.src = src;
  };
}
