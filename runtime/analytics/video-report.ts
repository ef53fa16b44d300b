import { newThresholds } from './events';

export type VideoParams = Record<string, string | number | boolean>;
export type Send = (name: string, params: VideoParams) => void;
export type VideoEvent = 'play' | 'time' | 'ended';
/** A video's news: its player (the key its progress is kept under), what happened, and where it is. */
export type Report = (
  key: object,
  kind: VideoEvent,
  current: number,
  duration: number,
  // Built only when something is sent: `visible` reads layout, and timeupdate fires 4× a second.
  base: () => VideoParams,
) => void;

export interface Progress {
  started: boolean;
  sent: Set<number>;
  done: boolean;
}

/**
 * Turns what players report into `video_start`, `video_progress` (each threshold once) and
 * `video_complete`, per player: nothing before it started, no progress after it completed.
 * `progress` is kept with the page's dataLayer, not a period of tracking (gtag.ts).
 */
export function videoReporter(send: Send, progress: WeakMap<object, Progress>): Report {
  const stateOf = (key: object) => {
    let p = progress.get(key);
    if (!p) progress.set(key, (p = { started: false, sent: new Set(), done: false }));
    return p;
  };
  return (key, kind, current, duration, base) => {
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
}

/** Whether any of the element is in the viewport. */
export function isVisible(el: Element): boolean {
  const r = el.getBoundingClientRect();
  const view = el.ownerDocument.defaultView!;
  return r.bottom > 0 && r.right > 0 && r.top < view.innerHeight && r.left < view.innerWidth;
}
