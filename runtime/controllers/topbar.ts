import type { Controller } from '../controller';
import { markActiveLinks } from './active';

/** `data-sw-topbar`: the same active markers as the menu, on any container of links. */
export const topbar: Controller = {
  connect: (el, ctx) => markActiveLinks(el, ctx.runtime.window.location),
};
