import type { Progress } from './video-report';

/**
 * What a page's `dataLayer` has already been told, kept on the array itself (under a
 * registry symbol, so every copy of the runtime on the page finds it). The tag reads the
 * dataLayer once per page: a runtime booted again on the same page (after destroy(), or a
 * builder script re-running it) must not repeat the consent defaults, the grant, the
 * configuration, the tag's script or the page view, or the dataLayer would grow at each boot
 * and the tag would count the same page again.
 */
export interface GtagState {
  defaults: boolean;
  granted: boolean;
  configured: boolean;
  /** The address of the last page view sent from this page (without its hash). */
  page: string;
  /** The page view whose scroll depth was sent, the forms started in the last page view and
   * each video's progress on this page: once each, however often tracking starts again on it (a
   * withdrawal, then a yes; a runtime booted again). */
  scrolled: string;
  forms: WeakSet<HTMLFormElement>;
  videos: WeakMap<object, Progress>;
}

const key = Symbol.for('site-runtime:gtag');

type DataLayer = unknown[] & { [key]?: GtagState };

export function gtagOf(win: Window): { gtag: (...args: unknown[]) => void; state: GtagState } {
  const w = win as unknown as { dataLayer?: DataLayer };
  // An element with id "dataLayer" is no layer: an own array shadows it (as the tag expects).
  if (!Array.isArray(w.dataLayer)) w.dataLayer = [];
  const layer = w.dataLayer;
  const state = (layer[key] ??= {
    defaults: false,
    granted: false,
    configured: false,
    page: '',
    scrolled: '',
  } as GtagState);
  // Made by an older copy of the runtime on the page, it may lack what later ones keep.
  state.forms ??= new WeakSet();
  state.videos ??= new WeakMap();
  // The protocol pushes `arguments` objects, which is how the tag library tells commands from data.
  function gtag(..._args: unknown[]): void {
    // eslint-disable-next-line prefer-rest-params
    layer.push(arguments);
  }
  return { gtag, state };
}
