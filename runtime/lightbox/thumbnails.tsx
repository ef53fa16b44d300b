import type { ReactNode } from 'react';
import type { Item } from './items';

/** Spec §9: thumbnail slots 52 px plus 5. */
export const THUMB_SLOT = 57;

export interface ThumbnailsProps {
  items: readonly Item[];
  index: number;
  label: string;
  /** The name of a thumbnail whose item has no title ("Image 2 of 3"). */
  nameOf(index: number): string;
  onPick(index: number): void;
}

/** The strip of image items (jpg, jpeg, png, gif; spec §5): one button each, the shown one current. */
export function Thumbnails({ items, index, label, nameOf, onPick }: ThumbnailsProps): ReactNode {
  const images = items.flatMap((item, i) => (item.content.thumbnail ? [{ item, i }] : []));
  return (
    <div
      className="sw-lb-thumbs"
      role="group"
      aria-label={label}
      hidden={images.length < 2}
      style={{ maxWidth: `${Math.max(images.length, 1) * THUMB_SLOT}px` }}
    >
      {/* Hidden with a single image: nothing of it is fetched then. */}
      {images.length > 1 &&
        images.map(({ item, i }) => (
          <button
            key={i}
            type="button"
            className="sw-lb-thumb"
            aria-label={item.title || nameOf(i)}
            aria-current={i === index ? 'true' : undefined}
            onClick={() => onPick(i)}
          >
            <img alt="" src={item.thumb} loading="lazy" />
          </button>
        ))}
    </div>
  );
}
