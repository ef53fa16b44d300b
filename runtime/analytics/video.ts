import { newThresholds } from './events';

type Send = (name: string, params: Record<string, string | number | boolean>) => void;

interface Progress {
  started: boolean;
  sent: Set<number>;
  done: boolean;
}

const youtubeOrigin = /^https:\/\/(www\.)?youtube(-nocookie)?\.com$/;
const youtubeEmbed = /^https:\/\/(www\.)?youtube(-nocookie)?\.com\/embed\//;

/**
 * `video_start`, `video_progress` (10, 25, 50, 75 %) and `video_complete` for HTML5 video and
 * YouTube embeds. HTML5: media events, caught on the document in the capture phase (they do
 * not bubble), so videos added later count too. YouTube: the player's own postMessage
 * protocol (what its IFrame API speaks), for embeds the builder wrote with `enablejsapi=1`;
 * no YouTube script is loaded. Listeners live on `signal`.
 */
export function trackVideos(win: Window & typeof globalThis, send: Send, signal: AbortSignal): void {
  const doc = win.document;
  const progress = new WeakMap<object, Progress>();
  const stateOf = (key: object) => {
    let p = progress.get(key);
    if (!p) progress.set(key, (p = { started: false, sent: new Set(), done: false }));
    return p;
  };
  const report = (
    key: object,
    kind: 'play' | 'time' | 'ended',
    current: number,
    duration: number,
    // Built only when something is sent: `visible` reads layout, and timeupdate fires 4× a second.
    base: () => Record<string, string | number | boolean>,
  ) => {
    const p = stateOf(key);
    const percent = duration > 0 && Number.isFinite(duration) ? Math.min(100, (current / duration) * 100) : 0;
    const params = () => ({
      ...base(),
      video_current_time: Math.round(current),
      video_duration: Math.round(duration),
    });
    if (kind === 'play' && !p.started) {
      p.started = true;
      send('video_start', { ...params(), video_percent: 0 });
    }
    if (!p.started) return;
    for (const t of newThresholds(percent, p.sent)) {
      p.sent.add(t);
      if (!p.done) send('video_progress', { ...params(), video_percent: t });
    }
    if (kind === 'ended' && !p.done) {
      p.done = true;
      send('video_complete', { ...params(), video_percent: 100 });
    }
  };

  const html5 = (video: HTMLVideoElement) => ({
    video_provider: 'html5',
    video_title: video.title || video.getAttribute('aria-label') || fileName(video.currentSrc),
    video_url: video.currentSrc,
    visible: isVisible(video),
  });
  const onMedia = (kind: 'play' | 'time' | 'ended') => (e: Event) => {
    const v = e.target;
    if (!(v instanceof win.HTMLVideoElement)) return;
    report(v, kind, v.currentTime, v.duration, () => html5(v));
  };
  doc.addEventListener('play', onMedia('play'), { capture: true, signal });
  doc.addEventListener('timeupdate', onMedia('time'), { capture: true, signal });
  doc.addEventListener('ended', onMedia('ended'), { capture: true, signal });

  // YouTube: ask every embed to talk, then follow its state and time.
  const players = new Map<
    Window,
    { frame: HTMLIFrameElement; time: number; duration: number; title: string }
  >();
  const listen = (frame: HTMLIFrameElement) => {
    if (!youtubeEmbed.test(frame.src) || !/[?&]enablejsapi=1\b/.test(frame.src)) return;
    const hello = () => {
      // A readable document is still the frame's initial about:blank (the player's is
      // cross-origin): a message now cannot be delivered, and Firefox reports it as an
      // error. The load listener says hello once the player is there.
      if (!frame.contentWindow || frame.contentDocument) return;
      players.set(
        frame.contentWindow,
        players.get(frame.contentWindow) ?? { frame, time: 0, duration: 0, title: '' },
      );
      frame.contentWindow.postMessage(
        JSON.stringify({ event: 'listening', id: 1, channel: 'widget' }),
        new URL(frame.src).origin,
      );
    };
    frame.addEventListener('load', hello, { signal });
    hello();
  };
  doc.querySelectorAll('iframe').forEach(listen);
  const added = new win.MutationObserver((records) => {
    for (const r of records)
      r.addedNodes.forEach((n) => {
        if (n instanceof win.HTMLIFrameElement) listen(n);
        else if (n instanceof win.Element) n.querySelectorAll('iframe').forEach(listen);
      });
  });
  added.observe(doc.documentElement, { childList: true, subtree: true });
  signal.addEventListener('abort', () => added.disconnect());
  win.addEventListener(
    'message',
    (e) => {
      if (!youtubeOrigin.test(e.origin) || typeof e.data !== 'string') return;
      const player = players.get(e.source as Window);
      if (!player) return;
      let data: { event?: string; info?: Record<string, unknown> | number };
      try {
        data = JSON.parse(e.data);
      } catch {
        return;
      }
      const info = typeof data.info === 'object' && data.info ? data.info : {};
      if (typeof info.currentTime === 'number') player.time = info.currentTime;
      if (typeof info.duration === 'number') player.duration = info.duration;
      const vd = info.videoData as { title?: unknown } | undefined;
      if (typeof vd?.title === 'string') player.title = vd.title;
      const state = data.event === 'onStateChange' ? data.info : info.playerState;
      const base = () => ({
        video_provider: 'youtube',
        video_title: player.title,
        video_url: player.frame.src.split('?')[0]!,
        visible: isVisible(player.frame),
      });
      const kind = state === 1 ? 'play' : state === 0 ? 'ended' : 'time';
      report(player.frame, kind, player.time, player.duration, base);
    },
    { signal },
  );
}

function fileName(src: string): string {
  return src.split(/[?#]/)[0]!.split('/').pop() ?? '';
}

function isVisible(el: Element): boolean {
  const r = el.getBoundingClientRect();
  const view = el.ownerDocument.defaultView!;
  return r.bottom > 0 && r.right > 0 && r.top < view.innerHeight && r.left < view.innerWidth;
}
