/**
 * The tile popup's state: which tile's content is shown, and whether the popup is open.
 * Previous and Next stop at either end (no wrap-around); focus goes back to the element that
 * opened it, or to the tile last shown once the visitor has moved on.
 */
export interface TilePopupState {
  readonly open: boolean;
  /** The tile shown (or last shown); -1 before the first. */
  readonly index: number;
  readonly count: number;
  /** What opened it (a tile, or nothing for a `#hash`): focus goes back there. */
  readonly opener: Element | null;
  /** Moved to another tile while open: focus goes back to the tile shown instead. */
  readonly moved: boolean;
}

export type TilePopupAction =
  { type: 'show'; index: number; opener: Element | null } | { type: 'step'; by: -1 | 1 } | { type: 'closed' };

export const initialTilePopup = (count: number): TilePopupState => ({
  open: false,
  index: -1,
  count,
  opener: null,
  moved: false,
});

export function tilePopup(state: TilePopupState, action: TilePopupAction): TilePopupState {
  switch (action.type) {
    case 'show': {
      const { index } = action;
      if (index < 0 || index >= state.count || (state.open && index === state.index)) return state;
      return state.open
        ? { ...state, index, moved: true }
        : { ...state, open: true, index, opener: action.opener, moved: false };
    }
    case 'step': {
      const index = state.index + action.by;
      if (!state.open || index < 0 || index >= state.count) return state;
      return { ...state, index, moved: true };
    }
    case 'closed':
      return state.open ? { ...state, open: false, opener: null, moved: false } : state;
  }
}

/** Previous and Next at either end stay focusable but say they do nothing. */
export const atStart = (s: TilePopupState): boolean => s.index <= 0;
export const atEnd = (s: TilePopupState): boolean => s.index >= s.count - 1;
