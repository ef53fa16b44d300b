import { useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * Shows one of the builder's elements inside a component: the element itself moves in (its
 * listeners, form state and media come with it) and a comment holds its place in the page;
 * on unmount, or when another element is shown, it goes back there with its `hidden` as it
 * was. With `live`, its wrapper is a polite live region: a change of element is announced.
 */
export function Borrowed({ element, live }: { element: HTMLElement; live?: boolean }): ReactNode {
  const slot = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const place = element.ownerDocument.createComment('sw-borrowed');
    const hidden = element.hidden;
    element.replaceWith(place);
    element.hidden = false;
    slot.current!.append(element);
    return () => {
      // Back out of sight, its sound would play on unseen with no control (WCAG 1.4.2). Muted
      // media are left alone: a decorative autoplay video paused would not start again.
      if (hidden)
        for (const m of [element, ...element.querySelectorAll<HTMLMediaElement>('audio,video')])
          if (!(m as HTMLMediaElement).muted) (m as HTMLMediaElement).pause?.();
      element.hidden = hidden;
      if (place.isConnected) place.replaceWith(element);
      else element.remove();
    };
  }, [element]);
  return <div ref={slot} aria-live={live ? 'polite' : undefined} />;
}
