import type { ControllerDefinition } from '../controller';
import { attr, sel } from '../schema';
import { anchorMenu } from './anchor-menu';
import { anchors } from './anchors';
import { menu } from './menu';
import { rows } from './rows';
import { topbar } from './topbar';

/**
 * Every controller the runtime ships, in the order they connect. Eager ones are imported
 * here (they are in the entry: small, plain DOM, needed on nearly every page); lazy ones
 * only name their chunk, so a page without their marker never downloads them.
 */
export const definitions: readonly ControllerDefinition[] = [
  { name: 'rows', selector: sel(attr.row), load: 'eager', controller: rows },
  { name: 'menu', selector: sel(attr.menu), load: 'eager', controller: menu },
  { name: 'topbar', selector: sel(attr.topbar), load: 'eager', controller: topbar },
  { name: 'anchor-menu', selector: sel(attr.anchorMenu), load: 'eager', controller: anchorMenu },
  { name: 'anchors', selector: ':root', load: 'eager', controller: anchors },
  // It must fetch one script per language before it can render anything, so its own code
  // arrives in parallel on idle instead of weighing on every page's entry.
  {
    name: 'languages',
    selector: sel(attr.languages),
    load: 'idle',
    importer: () => import('./languages').then((m) => ({ default: m.languages })),
  },
];
