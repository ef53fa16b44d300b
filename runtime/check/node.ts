import { readCarouselOptions } from '../carousel/options';
import { readAnchorMenuOptions } from '../controllers/anchor-menu';
import { readConfigObject } from '../config';
import { loadStrategies } from '../controller';
import { modalMessages } from '../modal/messages';
import { strayTileMessage, tileTargets } from '../tiles/targets';
import { checkDocument as check } from './index';
import type { Diagnostic, EntryReaders } from './types';

export type { Diagnostic };
// The lightbox's own classifier, for the audit's plan (audit/plan.mjs): the types it opens are
// the runtime's, not a second copy of its rules.
export { contentOf } from '../lightbox/content';

/** Every reader the checker needs, for a bundle that has them all (lib/checks.mjs, tests). */
export const entryReaders: EntryReaders = {
  readConfigObject,
  readCarouselOptions,
  readAnchorMenuOptions,
  tileTargets,
  strayTileMessage,
  modalMessages,
  loadStrategies,
};

/** `checkDocument` with the runtime's readers: what `site-runtime-check` runs. */
export const checkDocument = (doc: Document): Diagnostic[] => check(doc, entryReaders);
