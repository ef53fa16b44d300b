import type { Controller } from '../controller';
import { isPlainClick } from '../dom';
import { createLightbox } from '../lightbox/view';

type Box = ReturnType<typeof createLightbox>;
const key = {};

/**
 * Lightbox items (`data-sw-lightbox`, legacy `rel="prettyPhoto[…]"`): a click opens the
 * page's one lightbox on that item's group. Without this (no script, a refused href, or a UI
 * host that could not be fetched) the link simply opens the file. An item is marked ready
 * once the lightbox can open: its UI host is fetched on the first item's connection.
 */
export const lightbox: Controller = {
  async connect(link, ctx) {
    const { runtime } = ctx;
    if (!(link instanceof runtime.window.HTMLAnchorElement)) return;
    const shared = runtime.shared(key, () => ({ box: undefined as Promise<Box> | undefined }));
    // A failure is announced by the loader and forgotten here, so a later scan tries again.
    const box = await (shared.box ??= runtime.ui().then(
      (host) => {
        // Destroyed while the host was on its way: nothing is drawn for a runtime that is gone
        // (a rejection after the abort is the registry's to ignore).
        if (runtime.signal.aborted) throw new Error('destroyed');
        const made = createLightbox(runtime, host);
        made.followDeepLink();
        return made;
      },
      (err: unknown) => {
        shared.box = undefined;
        throw err;
      },
    ));
    ctx.listen<MouseEvent>(link, 'click', (e) => {
      if (isPlainClick(e) && box.open(link)) e.preventDefault();
    });
  },
};

// Bundling hints: what this chunk shares with the entry, and with other parts, ships as one
// file each (see core.ts, dialog-core.ts, consent-core.ts).
export { core as __core } from '../core';
export { dialogCore as __dialogCore } from '../dialog-core';
