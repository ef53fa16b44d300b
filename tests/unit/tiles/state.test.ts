import { describe, expect, it } from 'vitest';
import {
  atEnd,
  atStart,
  initialTilePopup,
  tilePopup,
  type TilePopupAction,
} from '../../../runtime/tiles/state';

const run = (count: number, ...actions: TilePopupAction[]) =>
  actions.reduce(tilePopup, initialTilePopup(count));
const opener = {} as Element;

describe('tile popup state', () => {
  it('opens on a tile, remembering what opened it', () => {
    const s = run(3, { type: 'show', index: 1, opener });
    expect(s).toMatchObject({ open: true, index: 1, opener, moved: false });
  });

  it('steps within the ends, with no wrap-around, and knows when it has moved on', () => {
    const first = run(3, { type: 'show', index: 0, opener });
    expect(atStart(first)).toBe(true);
    expect(tilePopup(first, { type: 'step', by: -1 })).toBe(first);
    const last = run(3, { type: 'show', index: 0, opener }, { type: 'step', by: 1 }, { type: 'step', by: 1 });
    expect(last).toMatchObject({ index: 2, moved: true });
    expect(atEnd(last)).toBe(true);
    expect(tilePopup(last, { type: 'step', by: 1 })).toBe(last);
  });

  it('showing another tile while open is moving on; the same tile changes nothing', () => {
    const open = run(3, { type: 'show', index: 1, opener });
    expect(tilePopup(open, { type: 'show', index: 1, opener: null })).toBe(open);
    expect(tilePopup(open, { type: 'show', index: 2, opener: null })).toMatchObject({
      index: 2,
      opener,
      moved: true,
    });
  });

  it('ignores steps while closed and indexes out of range; closing forgets the opener', () => {
    const closed = initialTilePopup(2);
    expect(tilePopup(closed, { type: 'step', by: 1 })).toBe(closed);
    expect(tilePopup(closed, { type: 'show', index: 2, opener })).toBe(closed);
    expect(tilePopup(closed, { type: 'closed' })).toBe(closed);
    const reopened = run(
      2,
      { type: 'show', index: 1, opener },
      { type: 'closed' },
      { type: 'show', index: 0, opener: null },
    );
    expect(reopened).toMatchObject({ open: true, index: 0, opener: null, moved: false });
  });
});
