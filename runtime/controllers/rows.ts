import type { Controller } from '../controller';
import { rowScheduler } from '../rows/scheduler';

/** `data-sw-row`: boxes in one visual row get the tallest natural height as `min-height`. */
export const rows: Controller = {
  connect(row, ctx) {
    const s = ctx.runtime.shared(rows, () => rowScheduler(ctx.runtime));
    s.add(row);
    // An image (lazy or not) or an embed finishing inside the row can change its heights.
    ctx.listen(row, 'load', () => s.schedule(row), { capture: true });
    return () => s.remove(row);
  },
};
