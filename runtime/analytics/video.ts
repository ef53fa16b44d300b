import { isVisible, videoReporter, type Progress, type Send, type VideoEvent } from './video-report';
import { trackYouTube } from './youtube';

/**
 * `video_start`, `video_progress` (10, 25, 50, 75 %) and `video_complete` for HTML5 video and
 * YouTube embeds (youtube.ts). HTML5: media events, caught on the document in the capture
 * phase (they do not bubble), so videos added later count too. Listeners live on `signal`.
 */
export function trackVideos(
  win: Window & typeof globalThis,
  send: Send,
  signal: AbortSignal,
  progress: WeakMap<object, Progress>,
): void {
  const doc = win.document;
  const report = videoReporter(send, progress);
  const html5 = (video: HTMLVideoElement) => ({
    video_provider: 'html5',
    video_title: video.title || video.getAttribute('aria-label') || fileName(video.currentSrc),
    video_url: video.currentSrc,
    visible: isVisible(video),
  });
  const onMedia = (kind: VideoEvent) => (e: Event) => {
    const v = e.target;
    if (!(v instanceof win.HTMLVideoElement)) return;
    report(v, kind, v.currentTime, v.duration, () => html5(v));
  };
  // One already playing when tracking starts (consent given meanwhile) starts now: its `play`
  // came before, and without a start none of its progress would count.
  for (const v of doc.querySelectorAll('video'))
    if (!v.paused && !v.ended) report(v, 'play', v.currentTime, v.duration, () => html5(v));
  doc.addEventListener('play', onMedia('play'), { capture: true, signal });
  doc.addEventListener('timeupdate', onMedia('time'), { capture: true, signal });
  doc.addEventListener('ended', onMedia('ended'), { capture: true, signal });
  trackYouTube(win, report, signal);
}

function fileName(src: string): string {
  return src.split(/[?#]/)[0]!.split('/').pop() ?? '';
}
