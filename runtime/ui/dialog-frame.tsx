import {
  createContext,
  useContext,
  useLayoutEffect,
  useRef,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import type { Work } from '../work';
import { attachDialog, type CloseReason, type DialogControl } from './dialog';

export interface DialogFrameProps {
  /** Whether it should be open; a visitor's close comes back through `onClosed`. */
  open: boolean;
  /** Focus goes back here on close (if still in the page); by default, where it was at opening. */
  opener?: Element | null;
  /** Where focus goes back instead, once it changes while open (the tile popup's last tile). */
  returnFocus?: Element | null;
  closeBy?: { escape: boolean; overlay: boolean };
  /** The label of the Close button put first in the dialog; without one, the content draws its own (`useDialogClose`). */
  closeLabel?: string;
  className?: string;
  /** Custom properties for the page's CSS (`--sw-lb-opacity`, say). */
  style?: Record<string, string>;
  /** The dialog's accessible name: an element's id, else a text. */
  labelledBy?: string | undefined;
  label?: string | undefined;
  /** Once it has closed and its fade has ended. */
  onClosed(reason: CloseReason): void;
  onKeyDown?(e: KeyboardEvent<HTMLDialogElement>): void;
  /** Marks the feature on the element (`data-sw-tile-popup`, say), for the page's CSS. */
  marker?: string;
  /** The runtime's work counter: `SiteRuntime.idle()` waits for the fades. */
  work?: Pick<Work, 'hold'>;
  children?: ReactNode;
}

const anywhere = { escape: true, overlay: true };

const CloseContext = createContext<(reason: CloseReason) => void>(() => undefined);

/** Closes the dialog around a component, with a reason (a content's own Close button, a broken image). */
export const useDialogClose = (): ((reason: CloseReason) => void) => useContext(CloseContext);

/**
 * The runtime's shared modal dialog, as a component: a native `<dialog>` opened with
 * `showModal()` (the rest of the page inert, Tab kept inside, Escape as `cancel`), its Close
 * button first, focus returned on close. The behaviour is `attachDialog`'s, the same code the
 * builder-content modals use.
 */
export function DialogFrame(props: DialogFrameProps): ReactNode {
  const ref = useRef<HTMLDialogElement>(null);
  const control = useRef<DialogControl | null>(null);
  const latest = useRef(props);
  latest.current = props;

  useLayoutEffect(() => {
    const abort = new AbortController();
    control.current = attachDialog(
      ref.current!,
      abort.signal,
      {
        get closeBy() {
          return latest.current.closeBy ?? anywhere;
        },
        onClosed: (reason) => latest.current.onClosed(reason),
      },
      props.work,
    );
    return () => {
      abort.abort();
      control.current?.stop();
      control.current = null;
    };
  }, []);

  useLayoutEffect(() => {
    const dialog = control.current!;
    if (props.open) {
      dialog.open(props.opener);
    } else dialog.close('api');
  }, [props.open]);

  useLayoutEffect(() => {
    if (props.open && props.returnFocus) control.current!.returnFocusTo(props.returnFocus);
  }, [props.returnFocus]);

  // Custom properties go through the CSSOM (allowed under a CSP without 'unsafe-inline').
  useLayoutEffect(() => {
    for (const [name, value] of Object.entries(props.style ?? {}))
      ref.current!.style.setProperty(name, value);
  }, [JSON.stringify(props.style ?? {})]);

  const close = useRef((reason: CloseReason) => control.current?.close(reason)).current;
  const marker = props.marker ? { [props.marker]: '' } : {};
  return (
    <dialog
      ref={ref}
      data-sw-dialog=""
      {...marker}
      className={props.className}
      aria-labelledby={props.labelledBy}
      aria-label={props.labelledBy ? undefined : props.label}
      onKeyDown={props.onKeyDown}
    >
      {props.closeLabel !== undefined && (
        <button type="button" data-sw-dialog-close="" onClick={() => close('button')}>
          {props.closeLabel}
        </button>
      )}
      <CloseContext.Provider value={close}>{props.children}</CloseContext.Provider>
    </dialog>
  );
}
