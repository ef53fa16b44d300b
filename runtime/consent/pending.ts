import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { Flags } from './model';

/**
 * A choice the server did not confirm (network error, 5xx, timeout, an answer it could not
 * have meant): kept in IndexedDB and sent again on the next page load, so a visitor's choice
 * is never lost. Keyed by endpoint, since several projects can share one origin.
 */
export interface PendingChoice {
  flags: Flags;
  /** When the visitor chose (ms since the epoch). */
  time: number;
  /** The policy's revision on the page where they chose (issue 17); sent with it later. */
  revision?: string | undefined;
  /** No choice was stored on the server then: sent later, it injects rather than reloads. */
  firstVisit?: boolean | undefined;
}

let store: UseStore | undefined;
const db = () => (store ??= createStore('site-runtime', 'consent'));

export async function readPending(endpoint: string): Promise<PendingChoice | undefined> {
  try {
    const value = (await get(endpoint, db())) as PendingChoice | undefined;
    return value && typeof value === 'object' && value.flags ? value : undefined;
  } catch {
    return undefined; // no IndexedDB (some private modes): nothing can be pending
  }
}

/** Resolves false when it could not be kept (then the visitor is told in the console). */
export async function keepPending(endpoint: string, choice: PendingChoice): Promise<boolean> {
  try {
    await set(endpoint, choice, db());
    return true;
  } catch {
    return false;
  }
}

export async function dropPending(endpoint: string): Promise<void> {
  try {
    await del(endpoint, db());
  } catch {
    // nothing was kept
  }
}
