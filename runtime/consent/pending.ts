import { createStore, get, promisifyRequest, set, type UseStore } from 'idb-keyval';
import type { Flags } from './model';

/**
 * A choice the server has not confirmed (not yet answered, or failed: network error, 5xx,
 * timeout, an answer it could not have meant): kept in IndexedDB from the moment it is made
 * and sent again on the next page load, so a visitor's choice is never lost, not even to a
 * page left before a slow server answered. Keyed by endpoint, since several projects can
 * share one origin.
 */
export interface PendingChoice {
  flags: Flags;
  /** When the visitor chose (ms since the epoch). */
  time: number;
  /** The policy's revision on the page where they chose (issue 17); sent with it later. */
  revision?: string | undefined;
  /** No choice was stored on the server then: sent later, it injects rather than reloads. */
  firstVisit?: boolean | undefined;
  /**
   * Tells this choice from a later one (this tab's next, another tab's): a confirmation drops
   * only its own choice, never one made since. Records from before it have none.
   */
  id?: number | undefined;
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

/** Forgets the kept choice if it is still the one of `id`, in one transaction (another tab may write). */
export async function dropPending(endpoint: string, id: number | undefined): Promise<void> {
  try {
    await db()('readwrite', (store) => {
      const kept = store.get(endpoint);
      kept.onsuccess = () => {
        if ((kept.result as PendingChoice | undefined)?.id === id) store.delete(endpoint);
      };
      return promisifyRequest(store.transaction);
    });
  } catch {
    // nothing was kept
  }
}
