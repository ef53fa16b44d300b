import { log } from '../log';
import type { Runtime } from '../runtime';
import type { ConsentFlags } from './flags';
import type { ConsentAction } from './model';

export type { ConsentFlags } from './flags';

/** `reloading`: the page reloads with these flags at once; a withdrawal applies, nothing starts. */
export type ConsentListener = (flags: ConsentFlags, reloading: boolean) => void;

/**
 * Where the consent parts meet: the banner and the modal are separate markers (each with its
 * own controller, connecting in either order), and the analytics chunk needs the latest
 * flags even when it arrives after they were read. One per runtime instance.
 *
 * The runtime's own consent state lives here, not in `sw:consent`: that event is for page
 * script, and page script can dispatch one too (its `isTrusted` is false either way, since
 * the runtime's own events come from `dispatchEvent` as well), so nothing in the runtime
 * may act on it.
 */
export interface ConsentHub {
  /** Whether the banner shows, as the modal's consent flow says (the banner's controller follows it). */
  readonly bannerShown: boolean;
  /** Only the modal's controller calls this, whenever its flow changes. */
  showBanner(shown: boolean): void;
  /** Called with each change of `bannerShown`; returns the unsubscribe. */
  watchBanner(listener: (shown: boolean) => void): () => void;
  /** Set by the modal's controller: runs a banner button's action. */
  act: ((action: ConsentAction | 'preferences', from: Element) => void) | undefined;
  /** The flags of the last read or save (what `sw:consent` carried), or of a no on its way. */
  readonly flags: ConsentFlags | undefined;
  /** Whether the page reloads with them: a part that comes later starts nothing either. */
  readonly reloading: boolean;
  /** Only the modal's controller calls this, after each read and save. */
  publish(flags: ConsentFlags, reloading?: boolean): void;
  /** Called with every published flags object; returns the unsubscribe. */
  subscribe(listener: ConsentListener): () => void;
}

export function createConsentHub(): ConsentHub {
  const listeners = new Set<ConsentListener>();
  const bannerListeners = new Set<(shown: boolean) => void>();
  let flags: ConsentFlags | undefined;
  let reloadsWith = false;
  let bannerShown = false;
  return {
    get bannerShown() {
      return bannerShown;
    },
    showBanner(shown) {
      if (shown === bannerShown) return;
      bannerShown = shown;
      for (const listener of [...bannerListeners]) listener(shown);
    },
    watchBanner(listener) {
      bannerListeners.add(listener);
      return () => void bannerListeners.delete(listener);
    },
    act: undefined,
    get flags() {
      return flags;
    },
    get reloading() {
      return reloadsWith;
    },
    publish(next, reloading = false) {
      flags = Object.freeze({ ...next });
      reloadsWith = reloading;
      for (const listener of [...listeners]) {
        // One failing listener must not keep the flags from the others.
        try {
          listener(flags, reloading);
        } catch (err) {
          log.error('a consent listener failed', err);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

const key = {};
export const consentHub = (runtime: Runtime): ConsentHub => runtime.shared(key, createConsentHub);
