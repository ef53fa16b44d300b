/** How long a read or a save may take before it counts as failed (a choice is then kept). */
export const CONSENT_TIMEOUT_MS = 8000;

/** The server answered, but not with success: a 4xx other than 408/429 will not change on retry. */
export class AnswerError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
  get permanent(): boolean {
    return this.status >= 400 && this.status < 500 && this.status !== 408 && this.status !== 429;
  }
}

/**
 * One GET (no body) or form POST to the consent endpoint (contract §4); resolves to the parsed
 * JSON, or throws: an `AnswerError` for a non-2xx, an abort after `CONSENT_TIMEOUT_MS` or when
 * `signal` aborts, a network or JSON error.
 */
export async function consentRequest(
  win: Window,
  endpoint: string,
  signal: AbortSignal,
  body?: string,
): Promise<unknown> {
  const abort = new AbortController();
  const timer = win.setTimeout(() => abort.abort(), CONSENT_TIMEOUT_MS);
  const stop = () => abort.abort();
  signal.addEventListener('abort', stop);
  try {
    const res = await win.fetch(endpoint, {
      method: body === undefined ? 'GET' : 'POST',
      credentials: 'same-origin',
      cache: 'no-store',
      headers:
        body === undefined
          ? { Accept: 'application/json' }
          : { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
      // A save outlives a page left at once (a link followed right after Accept): its answer's
      // cookie is still set, instead of the choice being lost with the page.
      keepalive: body !== undefined,
      signal: abort.signal,
    });
    if (!res.ok) throw new AnswerError(res.status);
    return await res.json();
  } finally {
    win.clearTimeout(timer);
    signal.removeEventListener('abort', stop);
  }
}
