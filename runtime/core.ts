/**
 * Not called: a bundling hint. esbuild gives every set of entry points that share code its own
 * file, so the small modules the entry shares with its chunks (the log, the schema, the DOM
 * judgements…) each went to a file of their own, nine files fetched with the entry, each with
 * its own request and gzip overhead. Every chunk re-exports this list (`__core`), so each of
 * these is reached from the entry and from every chunk alike and they ship as one file. A
 * chunk never fetches more for it: the entry has already loaded that file. `build.mjs` fails
 * when the entry is more than two files again (a shared export missing here).
 */
import { brokenImage, diagnosticsBoard, reportProblem } from './diagnostics/board';
import { after, whenIdle } from './defer';
import { fragmentId, inFormField, isPlainClick, matches } from './dom';
import { ChunkLoadError, InvalidOptionsError } from './errors';
import { navStrings } from './i18n/nav';
import { idOf, uniqueId } from './ids';
import { describe, log } from './log';
import { listenForOpeners, modalActions, modalBoard, modalCommand, registerModal } from './modal/api';
import { modalMessages } from './modal/messages';
import { clampTime, jsonAttribute, MAX_TIMER_MS, timerRange, unknownKeys, warnOptions } from './options';
import { attr, configElementId, events, legacyLightboxSelector, rootAttributes, sel } from './schema';

export const core = [
  brokenImage,
  diagnosticsBoard,
  reportProblem,
  after,
  whenIdle,
  fragmentId,
  inFormField,
  isPlainClick,
  matches,
  ChunkLoadError,
  InvalidOptionsError,
  navStrings,
  idOf,
  uniqueId,
  describe,
  log,
  listenForOpeners,
  modalActions,
  modalBoard,
  modalCommand,
  registerModal,
  modalMessages,
  clampTime,
  jsonAttribute,
  MAX_TIMER_MS,
  timerRange,
  unknownKeys,
  warnOptions,
  attr,
  configElementId,
  events,
  legacyLightboxSelector,
  rootAttributes,
  sel,
];
