import type { Item } from './items';

/**
 * The lightbox's state (spec §4): the group shown, the item, fitting or full size, the
 * slideshow, and the item's media size once known. Previous and Next wrap around.
 */
export interface LightboxState {
  /** Whether it should be open (a close asked by the page or a failure clears it at once). */
  readonly open: boolean;
  /** Showing its content, from opening until the dialog has closed (its fade included). */
  readonly active: boolean;
  readonly items: readonly Item[];
  readonly index: number;
  /** Large content fitted to the window (the default), or shown at full size. */
  readonly fitting: boolean;
  readonly playing: boolean;
  /** The media's own size: an image's once it has loaded, a player's or frame's at once. */
  readonly size: { width: number; height: number } | null;
  /** Counts every item shown: a load that answers for an earlier showing is dropped. */
  readonly shown: number;
  /** What opened it: focus goes back there. */
  readonly opener: Element | null;
  /** The visitor's external-media consent group is on: YouTube and Vimeo players load at once. */
  readonly mediaConsent: boolean;
  /** Providers the visitor let in on this page ("Load video"), without that consent. */
  readonly allowed: readonly string[];
}

export type LightboxAction =
  | { type: 'open'; items: readonly Item[]; index: number; opener: Element | null; autoplay: boolean }
  /** The visitor's own move (buttons, arrows, thumbnails): it stops the slideshow. */
  | { type: 'go'; index: number }
  /** The slideshow's next step. */
  | { type: 'advance' }
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'toggleFit' }
  | { type: 'loaded'; shown: number; width: number; height: number }
  | { type: 'close' }
  | { type: 'closed' }
  /** The consent flags, as read or saved: whether the external-media group is on. */
  | { type: 'mediaConsent'; on: boolean }
  /** "Load video" on a placeholder: that provider's players load from now on, on this page. */
  | { type: 'allowMedia'; provider: string };

export const initialLightbox: LightboxState = {
  open: false,
  active: false,
  items: [],
  index: 0,
  fitting: true,
  playing: false,
  size: null,
  shown: 0,
  opener: null,
  mediaConsent: false,
  allowed: [],
};

/** Items whose player comes from a third party, which may set cookies: shown once allowed. */
const gated = new Set(['youtube', 'vimeo']);

/** Whether an item of this kind may load its player now. */
export const mayEmbed = (s: LightboxState, kind: string): boolean =>
  !gated.has(kind) || s.mediaConsent || s.allowed.includes(kind);

const sized = new Set(['video', 'youtube', 'vimeo', 'iframe']);
const wrap = (i: number, n: number) => ((i % n) + n) % n;

function show(s: LightboxState, to: number): LightboxState {
  const index = wrap(to, s.items.length);
  const { content } = s.items[index]!;
  const size = sized.has(content.kind) ? { width: content.width, height: content.height } : null;
  return { ...s, index, size, shown: s.shown + 1 };
}

/** Whether the group can move at all (one item has no Previous, Next or slideshow). */
export const isGroup = (s: LightboxState): boolean => s.items.length > 1;

export function lightbox(state: LightboxState, action: LightboxAction): LightboxState {
  switch (action.type) {
    case 'open': {
      if (!action.items.length || state.open) return state;
      const opened = {
        ...state,
        open: true,
        active: true,
        items: action.items,
        fitting: true,
        opener: action.opener,
      };
      return { ...show(opened, action.index), playing: action.autoplay && action.items.length > 1 };
    }
    case 'go':
      return state.open && isGroup(state) ? { ...show(state, action.index), playing: false } : state;
    case 'advance':
      return state.open && state.playing ? show(state, state.index + 1) : state;
    case 'play':
      return state.open && isGroup(state) && !state.playing ? { ...state, playing: true } : state;
    case 'pause':
      return state.playing ? { ...state, playing: false } : state;
    case 'toggleFit':
      return state.open ? { ...state, fitting: !state.fitting } : state;
    case 'loaded':
      return action.shown === state.shown
        ? { ...state, size: { width: action.width, height: action.height } }
        : state;
    case 'close':
      return state.open ? { ...state, open: false, playing: false } : state;
    case 'closed':
      return state.active
        ? { ...state, open: false, active: false, playing: false, opener: null, shown: state.shown + 1 }
        : state;
    case 'mediaConsent':
      return action.on === state.mediaConsent ? state : { ...state, mediaConsent: action.on };
    case 'allowMedia':
      // The visitor is about to watch: the slideshow stops, as for any move of theirs.
      return mayEmbed(state, action.provider)
        ? state
        : { ...state, allowed: [...state.allowed, action.provider], playing: false };
  }
}

/** The item shown, while it shows. */
export const current = (s: LightboxState): Item | undefined => (s.active ? s.items[s.index] : undefined);
