import type { Controller } from '../controller';
import { listenForOpeners } from '../modal/api';

/**
 * Modal openers (`[data-sw-modal-open]`, `a[href="#id"]` of a modal), delegated from the
 * document so openers added later work and a missing modal gets the specification's message
 * even on a page whose modal code never loads.
 */
export const modalOpeners: Controller = {
  connect(_root, ctx) {
    listenForOpeners(ctx.runtime, ctx.signal);
  },
};
