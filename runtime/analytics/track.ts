import type { ControllerContext } from '../controller';
import { log } from '../log';
import { trackForms, trackLinks, trackScroll } from './interactions';
import { trackPageViews } from './page-views';
import type { Tag } from './tag';
import { trackVideos } from './video';
import type { Work } from '../work';

export type Params = Record<string, string | number | boolean>;

/** What every kind of event tracking works with, for one period of consent. */
export interface Tracking {
  win: Window & typeof globalThis;
  doc: Document;
  /** Aborted when consent is withdrawn or the connection ends. */
  on: AbortSignal;
  /** A GA4 event to the measurement id; nothing once `on` is aborted. */
  send: (name: string, params?: Params) => void;
  /** A passive listener on `on`, guarded like the connection's own. */
  listen: <E extends Event>(target: EventTarget, type: string, fn: (e: E) => void, capture?: boolean) => void;
  guard: ControllerContext['guard'];
  /** The runtime's pending work: a frame or timer of ours holds `SiteRuntime.idle()`. */
  work: Work;
}

/**
 * The GA4 events while consent lasts (`on`): page views, scroll depth, outbound clicks and
 * downloads, forms, videos and Core Web Vitals.
 */
export function track(
  ctx: ControllerContext,
  { gtag, state }: Tag,
  measurementId: string,
  on: AbortSignal,
): void {
  const { window: win, document: doc } = ctx.runtime;
  const send = ctx.guard((name: string, params: Params = {}) => {
    if (!on.aborted) gtag('event', name, { ...params, send_to: measurementId });
  });
  const listen = <E extends Event>(target: EventTarget, type: string, fn: (e: E) => void, capture = false) =>
    target.addEventListener(type, ctx.guard(fn as (e: Event) => void), {
      signal: on,
      passive: true,
      capture,
    });
  const work = ctx.runtime.work;
  const t: Tracking = { win, doc, on, send, listen, guard: ctx.guard, work };

  const page = trackPageViews(t, state);
  trackScroll(t, page);
  trackLinks(t);
  trackForms(t, state);
  trackVideos(win, send, on, state.videos);

  // Core Web Vitals, from their own chunk, reported as events once consent allows. The
  // library's observers are the page's (web-vitals.ts); this runtime only joins the relay.
  void work
    .track(import('./web-vitals'))
    .then(({ subscribeVitals }) => {
      if (on.aborted) return;
      const leave = subscribeVitals((m) =>
        send(m.name, {
          value: m.delta,
          metric_id: m.id,
          metric_value: m.value,
          metric_delta: m.delta,
          metric_rating: m.rating,
        }),
      );
      on.addEventListener('abort', leave, { once: true });
    })
    .catch((err: unknown) => log.warn('web-vitals could not be loaded', err));
}
