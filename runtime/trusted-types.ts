/**
 * The runtime's one Trusted Types policy, `site-runtime` (the name a strict CSP allows with
 * `trusted-types site-runtime`). Script URLs pass only when they are on the page's own
 * origin or on an origin the runtime was configured with (analytics); HTML and script text
 * only ever come from the builder's own server (consent scripts, contract §4).
 *
 * Kept per window in module state on purpose: a browser lets a page create a policy name
 * once, so a second runtime instance in the same window (tests, destroy + boot) must reuse it.
 */
export const POLICY_NAME = 'site-runtime';

export interface Trusted {
  scriptURL(url: string): string;
  html(html: string): string;
  script(text: string): string;
}

interface TTPolicy {
  createScriptURL(u: string): unknown;
  createHTML(h: string): unknown;
  createScript(s: string): unknown;
}

const policies = new WeakMap<Window, { policy: TTPolicy | undefined; origins: Set<string> }>();

export function trusted(win: Window, allowOrigins: readonly string[] = []): Trusted {
  let entry = policies.get(win);
  if (!entry) {
    const origins = new Set<string>([win.location.origin]);
    const factory = (win as unknown as { trustedTypes?: { createPolicy(n: string, r: object): TTPolicy } })
      .trustedTypes;
    const policy = factory?.createPolicy(POLICY_NAME, {
      createScriptURL(url: string) {
        const u = new URL(url, win.location.href);
        if (!origins.has(u.origin))
          throw new TypeError(`site-runtime will not load a script from ${u.origin}`);
        return u.href;
      },
      createHTML: (html: string) => html,
      createScript: (text: string) => text,
    });
    entry = { policy, origins };
    policies.set(win, entry);
  }
  for (const o of allowOrigins) entry.origins.add(o);
  const { policy } = entry;
  // Typed as strings for the DOM's setters; under enforcement they are Trusted* objects.
  return {
    scriptURL: (url) => (policy ? policy.createScriptURL(url) : url) as string,
    html: (html) => (policy ? policy.createHTML(html) : html) as string,
    script: (text) => (policy ? policy.createScript(text) : text) as string,
  };
}

/**
 * Loads a classic script (with the runtime's nonce) and resolves once it has run. A signal
 * already aborted rejects at once (its listeners would never fire), and the abort listener
 * goes with the script, not staying on the connection's signal for every script loaded.
 */
export function loadScript(
  win: Window,
  url: string,
  nonce: string | undefined,
  signal: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new Error(`${url} could not be loaded`));
      return;
    }
    const doc = win.document;
    const script = doc.createElement('script');
    if (nonce) script.nonce = nonce;
    script.async = false;
    const settled = new AbortController();
    const done = (ok: boolean) => {
      settled.abort();
      script.remove();
      if (ok) resolve();
      else reject(new Error(`${url} could not be loaded`));
    };
    script.addEventListener('load', () => done(true), { signal });
    script.addEventListener('error', () => done(false), { signal });
    signal.addEventListener('abort', () => done(false), { once: true, signal: settled.signal });
    script.src = trusted(win).scriptURL(url);
    doc.head.append(script);
  });
}
