/**
 * The server's (and the device's) answers to the page's first questions, for the consent flow
 * (flow.ts). Switches the visitor has already moved in the open preferences keep their place:
 * an answer that comes late never undoes a visitor's toggle.
 */
import type { ConsentEvent, ConsentPhase, ConsentState } from './flow';
import { flagsFor, type Flags } from './model';

/** Each answer to the page's first questions (device, then server) counts only in its own phase. */
export const askedIn: Partial<Record<ConsentEvent['type'], ConsentPhase>> = {
  pending: 'looking',
  resent: 'resending',
  'resend-kept': 'resending',
  'resend-refused': 'resending',
  read: 'reading',
  'read-failed': 'reading',
};

export function answer(s: ConsentState, e: ConsentEvent): ConsentState {
  const { groups } = s.setup;
  const draft = (flags: Flags) => (s.open && s.touched ? s.draft : flags);
  switch (e.type) {
    case 'pending':
      return e.flags
        ? { ...s, phase: 'resending', flags: flagsFor('accept', groups, e.flags), choiceMade: true }
        : { ...s, phase: 'reading' };
    case 'resent':
      return { ...s, phase: 'ready', flags: e.flags, draft: draft(e.flags), choiceMade: true };
    case 'resend-kept':
      return { ...s, phase: 'ready', draft: draft(s.flags) };
    case 'resend-refused':
      return { ...s, phase: 'reading', flags: flagsFor('decline', groups, {}), choiceMade: false };
    case 'read':
      // An outdated choice is preselected, except under Global Privacy Control, whose note
      // says the optional groups start off (a save of switches shown on would not be informed).
      if (e.outdated)
        return {
          ...s,
          phase: 'ready',
          draft: draft(s.setup.gpc ? s.flags : e.flags),
          previous: s.setup.gpc ? undefined : e.flags,
          outdated: true,
          choiceMade: false,
        };
      return {
        ...s,
        phase: 'ready',
        flags: e.flags,
        draft: draft(e.flags),
        firstVisit: e.firstVisit,
        choiceMade: !e.firstVisit,
      };
    default:
      return { ...s, phase: 'ready' }; // read-failed
  }
}
