import type { Controller } from '../controller';
import { rebuildOnChange } from '../rebuild';
import { markActiveLinks } from './active';

/**
 * `data-sw-topbar`: the same active markers as the menu, on any container of links; links or
 * items added, removed or moved later are marked again (a builder's script, an editor).
 */
export const topbar: Controller = {
  connect(el, ctx) {
    rebuildOnChange(ctx, el, () => [...el.querySelectorAll('li,a')]);
    return markActiveLinks(el, ctx.runtime.window.location);
  },
};
