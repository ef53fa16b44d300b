import type { Work } from '../work';
import { log } from '../log';
import { AnswerError, consentRequest } from './endpoint';
import { localFlags, serverFlags, type ConsentFlags } from './flags';
import { injectScripts } from './inject';
import { CONSENT_READ_FAILED, postBody, readAnswer, scriptsOf, type CookieGroup, type Flags } from './model';
import { dropPending, keepPending, readPending, type PendingChoice } from './pending';

/** The console texts of the consent client (warnings, through `log`). */
export const consentWarnings = {
  kept: 'the cookie choice could not be saved on the server; it applies on this page and is sent again on the next one',
  lost: 'the cookie choice could not be saved on the server, nor kept on this device; it applies on this page only',
  stillKept: 'the cookie choice kept from an earlier page still could not be sent; it is kept',
  refused: 'the server refused the cookie choice kept from an earlier page; the visitor is asked again',
};

/** A choice the server confirmed: its flags, its answer's flags object, the answer itself (scripts). */
export interface Confirmed {
  flags: Flags;
  detail: ConsentFlags;
  answer: unknown;
}

type Aborted = { kind: 'aborted' };
export type ReadResult =
  | { kind: 'read'; flags: Flags; detail: ConsentFlags; firstVisit: boolean; outdated: boolean }
  | { kind: 'failed' }
  | Aborted;
/** `unsaved`: not confirmed; kept on this device when it could be. `detail` is what applies. */
export type SaveResult =
  ({ kind: 'saved' } & Confirmed) | { kind: 'unsaved'; detail: ConsentFlags } | Aborted;
/** `firstVisit`: the kept choice was a first visit's (a record from before it said so counts as one). */
export type ResendResult =
  | ({ kind: 'sent'; firstVisit?: boolean } & Confirmed)
  | { kind: 'kept'; detail: ConsentFlags }
  | { kind: 'refused' }
  | Aborted;

export interface ConsentClient {
  /** The choice an earlier page kept because the server did not confirm it. */
  pending(): Promise<Flags | undefined>;
  /** GET: the stored choice. A failure prints the specification's error. */
  read(): Promise<ReadResult>;
  /** Keeps a choice on this device until the server confirms it (one made while another is on its way). */
  keep(choice: Flags, firstVisit?: boolean): Promise<boolean>;
  /** POSTs a choice, kept on this device until confirmed: then forgotten, unless a later one replaced it. */
  save(choice: Flags, firstVisit?: boolean): Promise<SaveResult>;
  /** POSTs the kept choice again: forgotten once confirmed or refused for good, else still kept. */
  resend(choice: Flags): Promise<ResendResult>;
  /** Runs the scripts of a save's answer (contract §4). */
  inject(answer: unknown): Promise<void>;
}

/**
 * A save's answer. A success confirms the choice sent: never a first visit nor an outdated
 * choice, whatever the server echoed, and the flags of the page's groups are the ones sent
 * (an echo that says otherwise, a Decline answered with "1"s, never overrides the visitor).
 * What else the answer carries (a revision, flags of groups not on this page) is kept.
 */
export function savedAnswer(
  body: unknown,
  groups: readonly CookieGroup[],
  choice: Flags,
): { flags: Flags; detail: ConsentFlags } | { error: string } {
  const read = readAnswer(body, groups);
  if ('error' in read) return read;
  const message = (body as { status: { message: Record<string, unknown> } }).status.message;
  const detail = Object.freeze({ ...serverFlags(message), ...localFlags(groups, choice) });
  const flags: Flags = {};
  for (const g of groups) flags[g.variable] = g.forced || detail[g.variable] === '1' ? 1 : 0;
  return { flags, detail };
}

/**
 * The consent endpoint, `{baseUrl}/swfiles/lib/privacycookie.php` (contract §4), and this
 * device's kept choice. Every request dies with `signal`; a result after it is `aborted`.
 */
export function consentClient(
  win: Window,
  endpoint: string,
  signal: AbortSignal,
  groups: readonly CookieGroup[],
  nonce: string | undefined,
  revision?: string,
): ConsentClient {
  const request = (body?: string) => consentRequest(win, endpoint, signal, body);
  const aborted: Aborted = { kind: 'aborted' };
  const device = onDevice(endpoint, revision);
  /** Resolves to the confirmed choice, or throws: an answer that is not a success is not one. */
  async function send(choice: Flags, under = revision): Promise<Confirmed> {
    const answer = await request(postBody(groups, choice, under));
    const read = savedAnswer(answer, groups, choice);
    if ('error' in read) throw new Error('the answer was not a success');
    return { flags: read.flags, detail: read.detail, answer };
  }

  return {
    pending: device.read,
    keep: (choice, firstVisit) => device.keep(choice, firstVisit).kept,

    async read() {
      const answer = await request().catch(() => undefined);
      if (signal.aborted) return aborted;
      const read = readAnswer(answer, groups, revision);
      if ('error' in read) {
        // The specification's text exactly (spec §8), so no log prefix.
        log.verbatim.error(CONSENT_READ_FAILED);
        return { kind: 'failed' };
      }
      return { kind: 'read', ...read };
    },

    async save(choice, firstVisit) {
      // Kept before the answer, not once it fails: a page left while a slow server holds it would
      // lose it to the server's older choice. The request goes first: a page left at once sends it.
      const sending = send(choice);
      const { id, kept } = device.keep(choice, firstVisit);
      let confirmed: Confirmed;
      try {
        confirmed = await sending;
      } catch (err) {
        // Still kept (or replaced by a later choice, which stands): sent again on the next page.
        const wasKept = await kept;
        if (signal.aborted) return aborted;
        log.warn(wasKept ? consentWarnings.kept : consentWarnings.lost, err);
        return { kind: 'unsaved', detail: localFlags(groups, choice) };
      }
      await kept;
      await device.drop(id);
      return signal.aborted ? aborted : { kind: 'saved', ...confirmed };
    },

    async resend(choice) {
      try {
        // A kept choice goes with the revision it was made under: the server records that one.
        const { earlier } = device;
        const confirmed = await send(choice, earlier ? earlier.revision : revision);
        // A choice made since (on this page, mid-resend, or in another tab) is not this one.
        await device.drop(earlier?.id);
        return signal.aborted ? aborted : { kind: 'sent', firstVisit: earlier?.firstVisit, ...confirmed };
      } catch (err) {
        if (signal.aborted) return aborted;
        if (!(err instanceof AnswerError && err.permanent)) {
          log.warn(consentWarnings.stillKept, err);
          return { kind: 'kept', detail: localFlags(groups, choice) };
        }
        await device.drop(device.earlier?.id);
        log.warn(consentWarnings.refused, err);
        return { kind: 'refused' };
      }
    },

    inject: (answer) => inject(win, answer, nonce),
  };
}

const inject = (win: Window, answer: unknown, nonce: string | undefined) =>
  injectScripts(win, scriptsOf(answer), nonce, (m, err) =>
    err === undefined ? log.warn(m) : log.warn(m, err),
  );

/**
 * This device's kept choices (pending.ts): the one an earlier page kept, which `resend` sends
 * and forgets, and each new one, kept under an id of its own until the server confirms it.
 */
function onDevice(endpoint: string, revision: string | undefined) {
  let earlier: PendingChoice | undefined;
  return {
    get earlier() {
      return earlier;
    },
    async read() {
      earlier = await readPending(endpoint);
      return earlier?.flags;
    },
    keep(flags: Flags, firstVisit: boolean | undefined) {
      const id = Math.random();
      return { id, kept: keepPending(endpoint, { flags, time: Date.now(), revision, firstVisit, id }) };
    },
    drop: (id: number | undefined) => dropPending(endpoint, id),
  };
}

/** `client` with each of its requests counted in the runtime's pending work (`SiteRuntime.idle()`). */
export function counted(client: ConsentClient, work: Work): ConsentClient {
  const out = { ...client };
  for (const key of Object.keys(client) as (keyof ConsentClient)[]) {
    const method = client[key] as (...args: unknown[]) => Promise<unknown>;
    (out as Record<string, unknown>)[key] = (...args: unknown[]) => work.track(method(...args));
  }
  return out;
}
