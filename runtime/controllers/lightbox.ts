import type { Controller } from '../controller';
import { isPlainClick } from '../dom';
import { createLightbox } from '../lightbox/view';

const key = {};

/**
 * Lightbox items (`data-sw-lightbox`, legacy `rel="prettyPhoto[…]"`): a click opens the
 * page's one lightbox on that item's group. Without this (no script, or a refused href)
 * the link simply opens the file.
 */
export const lightbox: Controller = {
  connect(link, ctx) {
    const win = ctx.runtime.window;
    if (!(link instanceof win.HTMLAnchorElement)) return;
    const box = ctx.runtime.shared(key, () => {
      const lb = createLightbox(ctx.runtime);
      lb.followDeepLink();
      return lb;
    });
    ctx.listen<MouseEvent>(link, 'click', (e) => {
      if (!isPlainClick(e)) return;
      if (box.open(link)) e.preventDefault();
    });
  },
};
