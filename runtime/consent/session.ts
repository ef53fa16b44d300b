import type { Store } from '../ui/store';
import type { ConsentClient } from './client';
import type { ConsentFlags } from './flags';
import type { ConsentEvent, ConsentState } from './flow';
import { afterSave, flagsFor, forcedOnly, type ConsentAction } from './model';

/** What the consent flow of one page runs on: its state, the server, and the page. */
export interface ConsentSession {
  store: Store<ConsentState, ConsentEvent>;
  client: ConsentClient;
  signal: AbortSignal;
  /**
   * Announces the flags of a read or a save (the hub and `sw:consent`); `reloading`: the page is
   * about to reload with them, so nothing is to start on it (the reloaded page will).
   */
  publish(flags: ConsentFlags, reloading?: boolean): void;
  /**
   * Switches these groups off for the runtime's parts at once, where the flags published say
   * they are on (nothing else changes; page script hears `sw:consent` after the save).
   */
  withdraw(off: string[]): void;
  reload(): void;
}

/** Dispatches `event` and says whether it changed anything (a stale answer does not). */
function apply(store: ConsentSession['store'], event: ConsentEvent): boolean {
  const before = store.get();
  store.dispatch(event);
  return store.get() !== before;
}

/**
 * The page's first questions: a choice this device kept is sent again (and stands if it still
 * cannot be), else the server is read. Not run in the editors.
 */
export async function startConsent({
  store,
  client,
  signal,
  publish,
  reload,
}: ConsentSession): Promise<void> {
  const kept = await client.pending();
  if (signal.aborted || !apply(store, { type: 'pending', flags: kept })) return;
  if (store.get().phase === 'resending') {
    const sent = await client.resend(store.get().flags);
    if (sent.kind === 'sent') {
      if (!apply(store, { type: 'resent', flags: sent.flags })) return;
      // Spec §4, as for the save it stands for: this page was rendered before the server knew
      // the choice; a first visit's scripts come in now, any other choice reloads it.
      const inject = afterSave(sent.firstVisit ?? true, store.get().setup.forceReload) === 'inject';
      publish(sent.detail, !inject);
      return inject ? client.inject(sent.answer) : reload();
    }
    if (sent.kind === 'kept' && apply(store, { type: 'resend-kept' })) publish(sent.detail);
    if (sent.kind !== 'refused' || !apply(store, { type: 'resend-refused' })) return;
  }
  const read = await client.read();
  if (read.kind === 'read') {
    const { firstVisit } = read;
    // A kept choice refused for good is dropped and the visitor asked again: the server's
    // older choice (a yes the dropped no replaced) is no answer, as an outdated one; the
    // switches show the visitor's last choice, the one dropped, not that yes pre-ticked.
    const askAgain = kept !== undefined && !firstVisit;
    const flags = askAgain ? flagsFor('accept', store.get().setup.groups, kept!) : read.flags;
    const outdated = read.outdated || askAgain;
    const detail = askAgain ? forcedOnly(store.get().setup.groups) : read.detail;
    if (apply(store, { type: 'read', flags, firstVisit, outdated })) publish(detail);
  }
  if (read.kind === 'failed') store.dispatch({ type: 'read-failed' });
}

/**
 * A page restored from the back/forward cache ran on while the visitor chose on another page
 * (a no there must stop its tracking here): read again, and a choice in force that differs
 * now, or one made or asked for meanwhile, reloads it. Only once the page's own state is settled.
 */
export async function recheckConsent({ store, client, reload }: ConsentSession): Promise<void> {
  if (store.get().phase !== 'ready') return;
  // A choice kept on this device (its save failed) is the visitor's latest: it, not the server.
  const kept = await client.pending();
  const read = kept ? undefined : await client.read();
  const s = store.get();
  if (s.phase !== 'ready' || (read && read.kind !== 'read')) return;
  const flags = read ? read.flags : flagsFor('accept', s.setup.groups, kept!);
  const inForce = !read || (!read.firstVisit && !read.outdated);
  const differs = s.setup.groups.some((g) => flags[g.variable] !== s.flags[g.variable]);
  if (inForce !== s.choiceMade || (inForce && differs)) reload();
}

/**
 * A visitor's action: the choice is sent (in the editors, only applied), then the page
 * reloads or, after a first visit's save, runs the server's scripts. A choice the server did
 * not confirm applies on this page all the same. A choice made while another is on its way
 * is queued by the flow and sent by the save under way, once that one is answered; only the
 * last one is announced, reloads the page or runs the server's scripts.
 */
export async function saveConsent(session: ConsentSession, action: ConsentAction): Promise<void> {
  const sending = session.store.get().phase === 'saving';
  if (!apply(session.store, { type: 'save', action })) return;
  withdrawNow(session);
  if (!sending) while (await sendChoice(session));
  else await keepQueued(session);
}

/**
 * A choice queued behind a save under way is the visitor's latest from now on: kept on this
 * device at once, so a page left before its turn comes sends it next, not the one it replaced.
 */
async function keepQueued({ store, client }: ConsentSession): Promise<void> {
  const { phase, queued, firstVisit } = store.get();
  if (phase === 'saving' && queued) await client.keep(queued, firstVisit);
}

/**
 * A group the visitor switched off stops now, not when the server answers (up to 8 s, more
 * behind another save): tracking a no meanwhile is what the no refused. Grants wait for it.
 */
function withdrawNow({ store, withdraw }: ConsentSession): void {
  const { choice, queued, setup } = store.get();
  const next = queued ?? choice;
  if (next) withdraw(setup.groups.filter((g) => next[g.variable] !== 1).map((g) => g.variable));
}

/** Sends the flow's choice; true when a queued one is to be sent next. */
async function sendChoice({ store, client, publish, reload }: ConsentSession): Promise<boolean> {
  const { phase, choice } = store.get();
  if (phase !== 'saving' || !choice) return false;
  const result = await client.save(choice, store.get().firstVisit);
  if (result.kind === 'aborted') return false;
  store.dispatch(
    result.kind === 'unsaved' ? { type: 'save-failed' } : { type: 'saved', flags: result.flags },
  );
  if (store.get().phase === 'saving') return true;
  const reloading = store.get().phase === 'reloading';
  publish(result.detail, reloading);
  if (result.kind === 'unsaved') return false;
  if (reloading) reload();
  else await client.inject(result.answer);
  return false;
}
