import { useLayoutEffect, useRef, useState } from 'react';
import type { Viewport } from '../ui/use-viewport';
import { stageRoom } from './fit';

/**
 * The room the stage has (fit.ts `stageRoom`): the window, less what the rest of the dialog
 * takes, measured after each layout and before paint. Across: the dialog's distance from the
 * window's edges, its border, padding and scrollbar (or reserved gutter). Down: the same, and
 * the bar, caption, navigation and thumbnails. Set again only when it moved by more than two
 * pixels (the caption's lines follow the image's width, so a first measure may take one more pass).
 */
export function useStageRoom(win: Window, viewport: Viewport, active: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const [chrome, setChrome] = useState({ x: 0, y: 0 });
  useLayoutEffect(() => {
    const stage = ref.current;
    const dialog = stage?.closest('dialog');
    if (!active || !stage || !dialog?.open) return;
    const css = win.getComputedStyle(dialog);
    // max-width and max-height are the window less the dialog's outer margin (style.ts); their
    // resolved values are in px.
    const outer = (max: string, size: number) => size - (parseFloat(max) || size);
    const padding = parseFloat(css.paddingLeft) + parseFloat(css.paddingRight);
    const x = outer(css.maxWidth, viewport.width) + dialog.offsetWidth - dialog.clientWidth + padding;
    const whole = dialog.scrollHeight + dialog.offsetHeight - dialog.clientHeight;
    const y = outer(css.maxHeight, viewport.height) + whole - stage.offsetHeight;
    if (Math.abs(x - chrome.x) > 2 || Math.abs(y - chrome.y) > 2)
      setChrome({ x: Math.ceil(x), y: Math.ceil(y) });
  });
  return { ref, room: stageRoom(viewport, chrome) };
}
