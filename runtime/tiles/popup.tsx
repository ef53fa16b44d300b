import { useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { arrowStep } from '../dom';
import type { Translate } from '../i18n/index';
import type { dialogStrings } from '../i18n/dialog';
import { Borrowed } from '../ui/borrowed';
import { DialogFrame } from '../ui/dialog-frame';
import type { Store } from '../ui/store';
import type { Work } from '../work';
import { useStore } from '../ui/use-store';
import { atEnd, atStart, type TilePopupAction, type TilePopupState } from './state';

export interface TileItem {
  tile: HTMLElement;
  content: HTMLElement;
}

export interface TilePopupProps {
  store: Store<TilePopupState, TilePopupAction>;
  items: readonly TileItem[];
  t: Translate<keyof (typeof dialogStrings)['en']>;
  /** The dialog's name for one item: its content's heading (by id), else a text. */
  labelOf(index: number): { labelledBy?: string; label?: string };
  work?: Pick<Work, 'hold'>;
}

/**
 * The tile popup of one `data-sw-tiles` group: a modal dialog showing one tile's content at
 * a time (the builder's element itself, moved in and back), with Previous and Next.
 */
export function TilePopup({ store, items, t, labelOf, work }: TilePopupProps): ReactNode {
  const state = useStore(store);
  const item = items[state.index];
  const name = state.index >= 0 ? labelOf(state.index) : {};
  const step = (by: -1 | 1) => store.dispatch({ type: 'step', by });
  const nav = useRef<HTMLDivElement>(null);
  // A link in the content shown opened another section: the content holding focus went back to
  // the page. Focus goes where opening put it, the dialog's first control (APG: kept inside).
  useLayoutEffect(() => {
    const dialog = nav.current!.closest('dialog')!;
    if (dialog.open && !dialog.contains(dialog.ownerDocument.activeElement))
      dialog.querySelector<HTMLElement>('[data-sw-dialog-close]')?.focus();
  }, [state.index]);
  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    // Not from inside the content: the step would take away the element that has focus.
    const by = arrowStep(e);
    if (!by || item?.content.contains(e.target as Node)) return;
    e.preventDefault();
    step(by as -1 | 1);
  };
  return (
    <DialogFrame
      open={state.open}
      marker="data-sw-tile-popup"
      opener={state.opener}
      returnFocus={state.moved ? item?.tile : undefined}
      closeLabel={t('close')}
      labelledBy={name.labelledBy}
      label={name.label}
      onClosed={() => store.dispatch({ type: 'closed' })}
      onKeyDown={onKeyDown}
      work={work}
    >
      {state.open && item ? <Borrowed element={item.content} live /> : <div />}
      <div ref={nav} data-sw-dialog-nav="">
        <button
          type="button"
          data-sw-tile-prev=""
          aria-disabled={atStart(state) || undefined}
          onClick={() => step(-1)}
        >
          {t('previous')}
        </button>
        <button
          type="button"
          data-sw-tile-next=""
          aria-disabled={atEnd(state) || undefined}
          onClick={() => step(1)}
        >
          {t('next')}
        </button>
      </div>
    </DialogFrame>
  );
}
