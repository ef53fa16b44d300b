import type { Diagnostic } from '../check/types';

/** The editors' panel: the list it shows, whether it is open, which entry's element is outlined. */
export interface PanelState {
  readonly items: readonly Diagnostic[];
  readonly open: boolean;
  /** The index of the entry whose element is outlined (pointer over it, or focus in it). */
  readonly marked: number | null;
}

export type PanelAction =
  | { type: 'list'; items: readonly Diagnostic[] }
  | { type: 'toggle' }
  | { type: 'mark'; index: number | null };

export const initialPanel: PanelState = { items: [], open: false, marked: null };

/** Problems the same when they say the same about the same element. */
const same = (a: Diagnostic, b: Diagnostic) =>
  a.kind === b.kind && a.marker === b.marker && a.element === b.element && a.message === b.message;

/** The page's problems and those met while running, each once, the page's first. */
export function mergeProblems(page: readonly Diagnostic[], found: readonly Diagnostic[]): Diagnostic[] {
  const out = [...page];
  for (const d of found)
    if ((!d.element || d.element.isConnected) && !out.some((o) => same(o, d))) out.push(d);
  return out;
}

export function panel(state: PanelState, action: PanelAction): PanelState {
  switch (action.type) {
    case 'list': {
      const unchanged =
        action.items.length === state.items.length && action.items.every((d, i) => same(d, state.items[i]!));
      if (unchanged) return state;
      // An outlined entry may have moved or gone: nothing stays outlined by accident.
      return { ...state, items: action.items, marked: null, open: state.open && action.items.length > 0 };
    }
    case 'toggle':
      return { ...state, open: !state.open, marked: state.open ? null : state.marked };
    case 'mark':
      if (action.index !== null && (action.index < 0 || action.index >= state.items.length)) return state;
      return action.index === state.marked ? state : { ...state, marked: action.index };
    default:
      return state;
  }
}
