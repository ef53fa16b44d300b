/**
 * Not called: a bundling hint. esbuild puts each source file in one output file, shared by
 * the set of entry points that reach it, and gives every such set its own file. The small
 * modules the entry shares with its chunks (the log, the schema, the DOM judgements…) were
 * reached by different sets of chunks, so they went to nine files fetched with the entry, each
 * a request with its own gzip overhead. Chunk roots re-export this list (`__core`): one name of
 * each module, so every one of them is reached by the entry and by those chunks alike and they
 * ship as one file with the entry. A chunk that loads fetches one small file more, this list
 * itself. `build.mjs` fails when the entry is more than `sizeBudgets.entryFiles` files again
 * (a module missing here, or a chunk root without the re-export).
 */
import { consentAsked } from './consent/openers';
import { diagnosticsBoard } from './diagnostics/board';
import { after } from './defer';
import { matches } from './dom';
import { InvalidOptionsError } from './errors';
import { navStrings } from './i18n/nav';
import { uniqueId } from './ids';
import { log } from './log';
import { registerModal } from './modal/api';
import { modalMessages } from './modal/messages';
import { jsonAttribute } from './options';
import { attr } from './schema';

export const core = [
  consentAsked,
  diagnosticsBoard,
  after,
  matches,
  InvalidOptionsError,
  navStrings,
  uniqueId,
  log,
  registerModal,
  modalMessages,
  jsonAttribute,
  attr,
];
