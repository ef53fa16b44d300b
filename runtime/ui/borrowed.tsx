import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { silence } from './media';

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
      if (hidden) silence(element, false); // back out of sight; the move reloads its frames
      element.hidden = hidden;
      if (place.isConnected) place.replaceWith(element);
      else element.remove();
    };
  }, [element]);
  return <div ref={slot} aria-live={live ? 'polite' : undefined} />;
}
