/**
 * Not called: a bundling hint, as `core.ts` is for the entry. The dialog modules the lazily
 * loaded parts share (the dialog element's behaviour and CSS, its strings, the store, the
 * adopted builder content, the media stopped out of sight) were reached by different sets of parts, so esbuild split them
 * into four small files, each a request and, on a slow phone, a task of compiling of its own.
 * Every part that opens a dialog re-exports this list (`__dialogCore`): they are reached by
 * those parts alike and ship as one file. A part that needs only some of them (the consent
 * banner, the lightbox, the modal) fetches the rest too: under 1 KB. The page kinds' file
 * budgets (package.json `sizeBudgets.pageKindFiles`) fail the build when a part root loses
 * the re-export or a shared module is missing here.
 */
import { dialogStrings } from './i18n/dialog';
import { adoptIntoDialog } from './ui/adopt';
import { MODAL_TRANSITION_MS } from './ui/dialog';
import { closeByVisitor } from './ui/dialog-close';
import { silence } from './ui/media';
import { isModal } from './ui/scroll-lock';
import { createStore } from './ui/store';

export const dialogCore = [
  dialogStrings,
  adoptIntoDialog,
  MODAL_TRANSITION_MS,
  closeByVisitor,
  silence,
  isModal,
  createStore,
];
