import { useEffect, useState } from 'react';

export interface Viewport {
  width: number;
  height: number;
}

const read = (win: Window): Viewport => ({ width: win.innerWidth, height: win.innerHeight });

/** The window's size, following resizes while `active` (no listener otherwise). */
export function useViewport(win: Window, active: boolean): Viewport {
  const [size, setSize] = useState(() => read(win));
  useEffect(() => {
    if (!active) return;
    const abort = new AbortController();
    const update = () =>
      setSize((s) => {
        const next = read(win);
        return next.width === s.width && next.height === s.height ? s : next;
      });
    update();
    win.addEventListener('resize', update, { signal: abort.signal });
    return () => abort.abort();
  }, [win, active]);
  return size;
}
