import type { Runtime } from '../runtime';
import type { ConsentAction, Flags } from './model';

/** The banner as the consent modal's controller drives it. */
export interface BannerPart {
  show(): void;
  hide(): void;
}

/**
 * Where the consent parts meet: the banner and the modal are separate markers (each with its
 * own controller, connecting in either order), and the analytics chunk needs the latest
 * flags even when it arrives after they were read. One per runtime instance.
 */
export interface ConsentHub {
  banner: BannerPart | undefined;
  /** The modal's controller decided the banner is due (first visit, after the delay). */
  wantBanner: boolean;
  /** Set by the modal's controller: runs a banner button's action. */
  act: ((action: ConsentAction | 'preferences', from: Element) => void) | undefined;
  /** The flags of the last read or save (what `sw:consent` carried). */
  flags: ConsentFlags | undefined;
}

/** `sw:consent`'s detail: every group flag, and `privacy_cookie` (1 once a choice exists). */
export type ConsentFlags = Flags & { privacy_cookie: 0 | 1 };

const key = {};
export const consentHub = (runtime: Runtime): ConsentHub =>
  runtime.shared(key, () => ({ banner: undefined, wantBanner: false, act: undefined, flags: undefined }));
