import type { ReactNode } from 'react';

export interface NavProps {
  /** A group: Previous, Next (and the slideshow, if allowed) show. */
  group: boolean;
  slideshow: boolean;
  playing: boolean;
  /** The content is larger than the window and may be shown at full size. */
  resizable: boolean;
  fitting: boolean;
  labels: Record<'previous' | 'next' | 'startSlideshow' | 'stopSlideshow' | 'expand' | 'contract', string>;
  onGo(by: -1 | 1): void;
  onPlay(): void;
  onFit(): void;
}

/** Previous, the slideshow control, expand/contract and Next; the ones that do nothing are hidden. */
export function Nav(p: NavProps): ReactNode {
  const { labels: t } = p;
  return (
    <div className="sw-lb-nav">
      <button type="button" className="sw-lb-prev" hidden={!p.group} onClick={() => p.onGo(-1)}>
        {t.previous}
      </button>
      <button type="button" className="sw-lb-play" hidden={!p.group || !p.slideshow} onClick={p.onPlay}>
        {p.playing ? t.stopSlideshow : t.startSlideshow}
      </button>
      <button type="button" className="sw-lb-expand" hidden={!p.resizable} onClick={p.onFit}>
        {p.fitting ? t.expand : t.contract}
      </button>
      <button type="button" className="sw-lb-next" hidden={!p.group} onClick={() => p.onGo(1)}>
        {t.next}
      </button>
    </div>
  );
}
