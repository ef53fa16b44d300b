import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { log } from '../log';
import type { Viewport } from '../ui/use-viewport';
import type { Content } from './content';
import { fitSize } from './fit';
import { ImageMedia, px } from './image';
import { inlineCopy } from './inline';
import type { Item } from './items';

export interface StageProps {
  item: Item;
  /** Which showing this is (state.shown): a load answers for it only. */
  shown: number;
  fitting: boolean;
  /** The room the stage has (fit.ts `stageRoom`). */
  room: Viewport;
  /** The accessible name of a frame or player whose item has no title. */
  typeName: string;
  /** Whether the item's player may load now (lightbox/state.ts `mayEmbed`). */
  embed: boolean;
  /** The placeholder's "Load video": the visitor lets the item's provider in. */
  onAllow(): void;
  /** The lightbox chunk's own texts: the placeholder's, the loading status, an ajax failure. */
  mediaText: { load: string; notice: (provider: string) => string; loading: string; ajaxFailed: string };
  onLoaded(shown: number, width: number, height: number): void;
  /** An image could not be loaded: the stage says so; this reports it (the editors' list). */
  onBroken(): void;
  loadAjax(src: string, signal: AbortSignal): Promise<DocumentFragment>;
}

/** The item's content, by kind (contract §3, Lightbox): only text and sanitised HTML go in. */
export function Stage(props: StageProps): ReactNode {
  const { item, fitting, room } = props;
  const { content } = item;
  const size = px(fitSize(content.width, content.height, room, fitting));
  // The showing whose "Load video" was pressed: its player, replacing the button, takes the focus.
  const asked = useRef(-1);
  switch (content.kind) {
    case 'image':
      return <ImageMedia {...props} />;
    case 'video':
      return <video key={content.src} controls src={content.src} style={size} />;
    case 'youtube':
    case 'vimeo':
    case 'iframe':
      if (!props.embed) {
        const allow = () => ((asked.current = props.shown), props.onAllow());
        return (
          <EmbedPlaceholder
            {...props}
            onAllow={allow}
            style={{ width: size.width, minHeight: size.height }}
          />
        );
      }
      return (
        <iframe
          ref={(frame) => {
            if (frame && asked.current === props.shown) frame.focus();
            asked.current = -1;
          }}
          key={content.src}
          src={content.src}
          title={item.title || props.typeName}
          allow="fullscreen; picture-in-picture"
          referrerPolicy="strict-origin-when-cross-origin"
          style={size}
        />
      );
    case 'inline':
      // Its size is the item's (contract: `width`/`height`, else `defaultWidth`/`defaultHeight`),
      // each within the room, not scaled together as a fitted box would be; what it holds
      // beyond scrolls.
      return (
        <InlineCopy
          content={content}
          width={`${Math.min(content.width, room.width)}px`}
          height={`${Math.min(content.height, room.height)}px`}
        />
      );
    case 'ajax':
      // One per address: the content moved past leaves in the commit, before focus is kept
      // (useKeepFocus), not after it, in an effect emptying the same box.
      return (
        <AjaxContent
          key={content.src}
          src={content.src}
          loadAjax={props.loadAjax}
          failed={props.mediaText.ajaxFailed}
        />
      );
  }
}

const providers: Record<string, string> = { youtube: 'YouTube', vimeo: 'Vimeo' };

/**
 * A third party's player, until the visitor lets it load: what it is, who plays it and that
 * they may set cookies, and the button that loads it. Nothing is requested from the provider
 * before that. It takes the player's size (taller only where its text needs it, on a phone).
 */
function EmbedPlaceholder(props: StageProps & { style: { width: string; minHeight: string } }): ReactNode {
  const { item, mediaText, onAllow } = props;
  const provider = providers[item.content.kind] ?? '';
  return (
    <div className="sw-lb-embed" style={props.style}>
      <p className="sw-lb-embed-title">{item.title || props.typeName}</p>
      <p>{mediaText.notice(provider)}</p>
      <button type="button" onClick={onAllow}>
        {mediaText.load}
      </button>
    </div>
  );
}

/** A copy of the element the `#id` names (never the lightbox itself, nor what holds it). */
function InlineCopy({
  content,
  width,
  height,
}: {
  content: Content;
  width: string;
  height: string;
}): ReactNode {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const box = ref.current!;
    const target = box.ownerDocument.getElementById(content.src);
    box.replaceChildren(...(target && !target.contains(box) ? [inlineCopy(target, 'sw-lightbox')] : []));
  }, [content.src]);
  // Focusable: a keyboard scrolls what it holds beyond its height (axe scrollable-region-focusable).
  return <div ref={ref} tabIndex={0} style={{ width, height, maxWidth: '100%', overflow: 'auto' }} />;
}

/** Same-origin HTML, fetched and sanitised by the adapter's loader, then shown; or why not. */
function AjaxContent(props: { src: string; loadAjax: StageProps['loadAjax']; failed: string }): ReactNode {
  const { src, loadAjax } = props;
  const ref = useRef<HTMLDivElement>(null);
  const [broken, setBroken] = useState(false);
  useEffect(() => {
    const abort = new AbortController();
    ref.current!.replaceChildren();
    loadAjax(src, abort.signal).then(
      (fragment) => !abort.signal.aborted && ref.current?.replaceChildren(fragment),
      (err: unknown) => {
        if (abort.signal.aborted) return;
        log.error(`lightbox: ${src} could not be loaded.`, err);
        setBroken(true); // the visitor is told too, not left before an empty stage
      },
    );
    return () => abort.abort();
  }, [src]);
  return (
    <>
      <div ref={ref} />
      {broken && <p role="alert">{props.failed}</p>}
    </>
  );
}
