import { log } from '../log';
import type { Runtime } from '../runtime';
import type { ConsentFlags } from './flags';
import type { ConsentAction } from './model';

export type { ConsentFlags } from './flags';

/** The banner as the consent modal's controller drives it. */
export interface BannerPart {
  show(): void;
  hide(): void;
}

export type ConsentListener = (flags: ConsentFlags) => void;

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
  banner: BannerPart | undefined;
  /** The modal's controller decided the banner is due (first visit, after the delay). */
  wantBanner: boolean;
  /** Set by the modal's controller: runs a banner button's action. */
  act: ((action: ConsentAction | 'preferences', from: Element) => void) | undefined;
  /** The flags of the last read or save (what `sw:consent` carried). */
  readonly flags: ConsentFlags | undefined;
  /** Only the modal's controller calls this, after each read and save. */
  publish(flags: ConsentFlags): void;
  /** Called with every published flags object; returns the unsubscribe. */
  subscribe(listener: ConsentListener): () => void;
}

export function createConsentHub(): ConsentHub {
  const listeners = new Set<ConsentListener>();
  let flags: ConsentFlags | undefined;
  return {
    banner: undefined,
    wantBanner: false,
    act: undefined,
    get flags() {
      return flags;
    },
    publish(next) {
      flags = Object.freeze({ ...next });
      for (const listener of [...listeners]) {
        // One failing listener must not keep the flags from the others.
        try {
          listener(flags);
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
