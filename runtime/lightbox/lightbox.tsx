import { useState, type KeyboardEvent, type ReactNode } from 'react';
import type { Config } from '../config';
import { arrowStep } from '../dom';
import { uniqueId } from '../ids';
import type { Translate } from '../i18n/index';
import type { uiStrings } from '../i18n/ui';
import { DialogFrame, useDialogClose } from '../ui/dialog-frame';
import type { Store } from '../ui/store';
import { useStore } from '../ui/use-store';
import { useViewport, type Viewport } from '../ui/use-viewport';
import type { Content } from './content';
import { fitSize } from './fit';
import { useStageRoom } from './use-room';
import { Nav } from './nav';
import { Stage, type StageProps } from './stage';
import { current, isGroup, mayEmbed, type LightboxAction, type LightboxState } from './state';
import { Thumbnails } from './thumbnails';
import { useGestures, useKeepFocus, useScrollStop, usePreload, useSlideshow } from './effects';
import type { attachGestures } from './gestures';
import type { Work } from '../work';

export type UiKey = keyof (typeof uiStrings)['en'];

export interface LightboxProps {
  store: Store<LightboxState, LightboxAction>;
  win: Window;
  options: Config['lightbox'];
  t: Translate<UiKey>;
  loadAjax: StageProps['loadAjax'];
  /** The texts of a YouTube or Vimeo item's placeholder, and of an image's loading status. */
  mediaText: StageProps['mediaText'];
  /** An image that cannot be loaded: the stage shows spec §8's message; this reports it. */
  onBroken(): void;
  /** Fetches the touch gestures' chunk. */
  loadGestures(): Promise<typeof attachGestures>;
  work?: Pick<Work, 'hold'>;
}

const typeKey = (c: Content): UiKey =>
  c.kind === 'image'
    ? 'image'
    : c.kind === 'inline' || c.kind === 'ajax' || c.kind === 'iframe'
      ? 'content'
      : 'video';

/**
 * The page's one lightbox (contract §3, Lightbox; spec §4): a native modal dialog showing one
 * item of a group at a time, with its position, caption, navigation, slideshow and
 * thumbnails. Everything from the page and the URL is text; ajax HTML comes sanitised.
 */
export function Lightbox(props: LightboxProps): ReactNode {
  const { store, win, options, t, loadAjax, mediaText, onBroken } = props;
  const s = useStore(store);
  const item = current(s);
  const viewport = useViewport(win, s.active);
  const { ref: stageRef, room } = useStageRoom(win, viewport, s.active);
  usePreload(win, s, room);
  const [titleId] = useState(() => uniqueId(win.document, 'sw-lb-title'));
  const dispatch = store.dispatch;
  useSlideshow(win, store, s, options.slideshow);
  useKeepFocus(stageRef);
  useScrollStop(stageRef, item);

  const counter = item
    ? t('counter', { type: t(typeKey(item.content)), n: s.index + 1, total: s.items.length })
    : '';
  const go = (index: number) => dispatch({ type: 'go', index });
  useGestures(win, stageRef, item?.content.kind === 'image' && s.fitting, s.shown, props.loadGestures, (g) =>
    g === 'close' ? dispatch({ type: 'close' }) : go(s.index + (g === 'next' ? 1 : -1)),
  );
  return (
    <DialogFrame
      open={s.open}
      opener={s.opener}
      closeBy={{ escape: true, overlay: !options.modal }}
      className={`sw-lightbox sw-lightbox--${options.theme.replace(/[^\w-]/g, '')}`}
      style={{ '--sw-lb-opacity': String(options.opacity) }}
      labelledBy={item?.title ? titleId : undefined}
      label={counter}
      onClosed={() => dispatch({ type: 'closed' })}
      onKeyDown={arrowKeys(s, go)}
      work={props.work}
    >
      <Bar counter={counter} playing={s.playing} close={t('close')} />
      <figure>
        <div className="sw-lb-content" ref={stageRef}>
          {item && (
            <Stage
              item={item}
              shown={s.shown}
              fitting={s.fitting}
              room={room}
              typeName={t(typeKey(item.content))}
              embed={mayEmbed(s, item.content.kind)}
              onAllow={() => dispatch({ type: 'allowMedia', provider: item.content.kind })}
              mediaText={mediaText}
              onLoaded={(shown, width, height) => dispatch({ type: 'loaded', shown, width, height })}
              onBroken={onBroken}
              loadAjax={loadAjax}
            />
          )}
        </div>
        <Caption id={titleId} title={item?.title ?? ''} description={item?.description ?? ''} />
      </figure>
      <Nav
        group={isGroup(s)}
        slideshow={options.slideshow !== false}
        playing={s.playing}
        resizable={resizable(s, room) && options.allowResize}
        fitting={s.fitting}
        labels={navLabels(t)}
        onGo={(by) => go(s.index + by)}
        onPlay={() => dispatch({ type: s.playing ? 'pause' : 'play' })}
        onFit={() => dispatch({ type: 'toggleFit' })}
      />
      <Thumbnails
        items={s.active ? s.items : []}
        index={s.index}
        label={t('thumbnails')}
        nameOf={(i) => t('counter', { type: t('image'), n: i + 1, total: s.items.length })}
        onPick={go}
      />
    </DialogFrame>
  );
}

/**
 * "Image n of N" and Close. The counter is not read out at every step of a running slideshow
 * (APG carousel): only at the visitor's own.
 */
function Bar({ counter, playing, close }: { counter: string; playing: boolean; close: string }): ReactNode {
  return (
    <div className="sw-lb-bar">
      <p className="sw-lb-counter" aria-live={playing ? 'off' : 'polite'}>
        {counter}
      </p>
      <CloseButton label={close} />
    </div>
  );
}

/** Arrow keys move through a group (not in a form field or a video the content holds: dom.ts). */
const arrowKeys =
  (s: LightboxState, go: (index: number) => void) => (e: KeyboardEvent<HTMLDialogElement>) => {
    const by = arrowStep(e);
    if (!by || !isGroup(s)) return;
    e.preventDefault();
    go(s.index + by);
  };

/** Media larger than the window, which expand / fit can toggle (text content scrolls instead). */
function resizable(s: LightboxState, room: Viewport): boolean {
  const kind = current(s)?.content.kind;
  if (!s.size || kind === 'inline' || kind === 'ajax') return false;
  return fitSize(s.size.width, s.size.height, room, s.fitting).large;
}

const navLabels = (t: Translate<UiKey>) => ({
  previous: t('previous'),
  next: t('next'),
  startSlideshow: t('startSlideshow'),
  stopSlideshow: t('stopSlideshow'),
  expand: t('expand'),
  contract: t('contract'),
});

/** The title names the dialog; a description the same as the title is not said twice. */
function Caption({ id, title, description }: { id: string; title: string; description: string }): ReactNode {
  return (
    <figcaption>
      <h2 id={id} hidden={!title}>
        {title}
      </h2>
      <p hidden={!description || description === title}>{description}</p>
    </figcaption>
  );
}

function CloseButton({ label }: { label: string }): ReactNode {
  const close = useDialogClose();
  return (
    <button type="button" className="sw-lb-close" onClick={() => close('button')}>
      {label}
    </button>
  );
}
