/**
 * The consent flow of one page (spec §4 Cookie consent, contract §3, §4) as a state machine,
 * without the DOM or the network: the controller feeds it what the server and the visitor
 * did, and follows what it says (save, reload, show the banner, close the preferences).
 *
 * Phases:
 * - `looking`: asking this device for a choice an earlier page could not send;
 * - `resending`: sending that choice (it applies meanwhile);
 * - `reading`: asking the server for the stored choice;
 * - `ready`: the state is known (or could not be read): waiting for the visitor;
 * - `saving`: the visitor's choice is being sent; a choice made meanwhile is queued and sent
 *   once it is answered (one request at a time; the visitor's last choice stands);
 * - `reloading`: saved; the server renders the page again with it;
 * - `editing`: the editors, where nothing is read or saved (spec §4, §6).
 *
 * An answer of the server's that comes once the visitor has already saved is stale: a save
 * started mid-read or mid-resend wins, and the answer changes nothing.
 */
import { answer, askedIn } from './answers';
import { afterSave, flagsFor, type ConsentAction, type CookieGroup, type Flags } from './model';

export type ConsentPhase = 'looking' | 'resending' | 'reading' | 'ready' | 'saving' | 'reloading' | 'editing';

export interface ConsentSetup {
  readonly groups: readonly CookieGroup[];
  readonly forceReload: boolean;
  readonly gpc: boolean; // the browser sent Global Privacy Control
  readonly local: boolean; // the editors (env.local)
}

export interface ConsentState {
  readonly setup: ConsentSetup;
  readonly phase: ConsentPhase;
  /**
   * What applies on this page: the server's flags, or a choice it has not confirmed, or until
   * either is known only the forced groups (a save then reloads: a page whose state was unknown
   * is rendered again by the server, not patched).
   */
  readonly flags: Flags;
  /** The switches: the flags each time the preferences open or the server answers, then the visitor's toggles. */
  readonly draft: Flags;
  /** The choice being sent while `saving`. */
  readonly choice: Flags | undefined;
  /** A choice made while `choice` is on its way: sent next. */
  readonly queued: Flags | undefined;
  /** The visitor moved a switch since the preferences opened: a late answer leaves them be. */
  readonly touched: boolean;
  readonly choiceMade: boolean;
  /** No choice on the server yet: a save injects the server's scripts instead of reloading. */
  readonly firstVisit: boolean;
  /** The stored choice was made under another revision of the policy: asked again. */
  readonly outdated: boolean;
  /** That choice, preselected in the switches until a new one is made. */
  readonly previous: Flags | undefined;
  readonly delayOver: boolean;
  /** The preferences are shown (until their closing has ended). */
  readonly open: boolean;
  /** They were shown when the save under way began: its answer closes them (not opened later). */
  readonly closeWhenSaved: boolean;
}

export type ConsentEvent =
  /** The device was asked: a choice an earlier page kept, or none. */
  | { type: 'pending'; flags: Flags | undefined }
  | { type: 'resent'; flags: Flags }
  /** The kept choice still could not be sent: it stays kept and applies. */
  | { type: 'resend-kept' }
  /** The server refused the kept choice for good: it is dropped, the server is read. */
  | { type: 'resend-refused' }
  | { type: 'read'; flags: Flags; firstVisit: boolean; outdated?: boolean }
  | { type: 'read-failed' }
  | { type: 'delay-over' }
  | { type: 'opened' }
  | { type: 'closed' }
  | { type: 'toggle'; variable: string }
  | { type: 'save'; action: ConsentAction }
  | { type: 'saved'; flags: Flags }
  /** Not confirmed: the choice applies on this page (and was kept to be sent again). */
  | { type: 'save-failed' }
  /** A no given in another tab of the site (consent/tabs.ts): optional groups only. */
  | { type: 'withdrawn'; off: readonly string[] };

export function initialConsent(setup: ConsentSetup): ConsentState {
  const flags = flagsFor('decline', setup.groups, {});
  return {
    setup,
    phase: setup.local ? 'editing' : 'looking',
    flags,
    draft: flags,
    choice: undefined,
    queued: undefined,
    touched: false,
    choiceMade: false,
    firstVisit: false,
    outdated: false,
    previous: undefined,
    delayOver: false,
    open: false,
    closeWhenSaved: false,
  };
}

/** The visitor's side: the preferences, the switches, saving. */
function visitor(s: ConsentState, e: ConsentEvent): ConsentState {
  switch (e.type) {
    case 'opened':
      // During a save the switches show the choice on its way, not the one it replaces.
      return { ...s, open: true, draft: s.queued ?? s.choice ?? s.previous ?? s.flags, touched: false };
    case 'closed':
      // Closed while a save is on its way: reopened later, its answer must not close them.
      return s.open ? { ...s, open: false, closeWhenSaved: false } : s;
    case 'toggle': {
      const group = s.setup.groups.find((g) => g.variable === e.variable);
      if (!group || group.forced) return s;
      return { ...s, draft: { ...s.draft, [e.variable]: s.draft[e.variable] === 1 ? 0 : 1 }, touched: true };
    }
    case 'save': {
      if (s.phase === 'reloading') return s;
      const choice = flagsFor(e.action, s.setup.groups, s.draft);
      // The editors show the flow but keep nothing.
      if (s.phase === 'editing') return { ...s, flags: choice, open: false };
      if (s.phase === 'saving') return { ...s, queued: choice, closeWhenSaved: s.closeWhenSaved || s.open };
      return { ...s, phase: 'saving', choice, closeWhenSaved: s.open };
    }
    case 'saved':
    case 'save-failed': {
      if (s.phase !== 'saving' || !s.choice) return s;
      // Not confirmed, the choice applies all the same (kept to be sent again).
      const flags = e.type === 'saved' ? e.flags : s.choice;
      const settled = { ...s, flags, choiceMade: true, outdated: false, previous: undefined };
      // No scripts were injected nor the page reloaded for a choice already replaced.
      if (s.queued) return { ...settled, choice: s.queued, queued: undefined };
      // Preferences opened after the save began stay, with what the visitor moved in them.
      const open = s.open && !s.closeWhenSaved;
      if (e.type === 'save-failed') return { ...settled, phase: 'ready', choice: undefined, open };
      // Scripts injected by a first save cannot be taken back: any later save reloads.
      const reload = afterSave(s.firstVisit, s.setup.forceReload) === 'reload';
      return {
        ...settled,
        phase: reload ? 'reloading' : 'ready',
        choice: undefined,
        firstVisit: false,
        open,
      };
    }
    case 'withdrawn': {
      // The latest word: in force here, and in the switches (a save here must not grant it
      // again unasked). A choice this tab is sending is this visitor's own, and left alone.
      const off = <F extends Flags | undefined>(f: F): F =>
        f && ({ ...f, ...Object.fromEntries(e.off.map((name) => [name, 0])) } as F);
      return { ...s, flags: off(s.flags), draft: off(s.draft), previous: off(s.previous) };
    }
    default:
      return s;
  }
}

export function consentFlow(s: ConsentState, e: ConsentEvent): ConsentState {
  if (e.type === 'delay-over') return s.delayOver ? s : { ...s, delayOver: true };
  const phase = askedIn[e.type];
  if (!phase) return visitor(s, e);
  return phase === s.phase ? answer(s, e) : s;
}

/** A first visit (or an outdated choice), once the delay is over, no choice made, preferences not shown. */
export const bannerShown = (s: ConsentState): boolean =>
  (s.firstVisit || s.outdated) && !s.choiceMade && s.delayOver && !s.open;

/** The banner may still be due: the state is not known yet (or is changing), or the visitor is to be asked. */
export const bannerDue = (s: ConsentState): boolean =>
  s.phase !== 'ready' || ((s.firstVisit || s.outdated) && !s.choiceMade);

/** Why optional groups start off, said until a choice exists. */
export const gpcNoteShown = (s: ConsentState): boolean => s.setup.gpc && !s.choiceMade;

export const busy = (s: ConsentState): boolean => s.phase === 'saving';
