import { isVisible, type Report } from './video-report';

const youtubeOrigin = /^https:\/\/(www\.)?youtube(-nocookie)?\.com$/;
const youtubeEmbed = /^https:\/\/(www\.)?youtube(-nocookie)?\.com\/embed\//;

interface Player {
  frame: HTMLIFrameElement;
  time: number;
  duration: number;
  title: string;
}

/**
 * YouTube embeds the builder wrote with `enablejsapi=1`, through the player's own postMessage
 * protocol (what its IFrame API speaks): no YouTube script is loaded. Every embed, present or
 * added later, is asked to talk; then its state and time are followed.
 */
export function trackYouTube(win: Window & typeof globalThis, report: Report, signal: AbortSignal): void {
  const doc = win.document;
  const players = new Map<Window, Player>();
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
      if (player) onMessage(player, e.data, report);
    },
    { signal },
  );
}

/** One message from a player we said hello to: its news, reported. */
function onMessage(player: Player, message: string, report: Report): void {
  let data: { event?: string; info?: Record<string, unknown> | number };
  try {
    data = JSON.parse(message);
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
}
