import type { CDPSession } from '@playwright/test';

export type Point = { x: number; y: number };

/**
 * Real touch input in Chromium, through the DevTools protocol (Playwright's touchscreen has one
 * finger): fingers going down at `from` (one point per finger), moving together to `to` in
 * `steps` moves, then lifting.
 */
export async function touch(cdp: CDPSession, from: Point[], to: Point[], steps = 8): Promise<void> {
  const at = (k: number) =>
    from.map((f, id) => ({
      id,
      x: f.x + ((to[id]!.x - f.x) * k) / steps,
      y: f.y + ((to[id]!.y - f.y) * k) / steps,
    }));
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
  for (let k = 1; k <= steps; k++)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(k) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}
