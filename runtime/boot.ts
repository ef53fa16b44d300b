import type { SiteRuntimeApi } from '../types/index';
import type { ControllerDefinition } from './controller';
import { diagnosticsBoard } from './diagnostics/board';
import { log } from './log';
import { Runtime } from './runtime';

// `window.SiteRuntime`'s type is the public one (types/index.d.ts, which also declares the
// global): the object built below must satisfy what builders compile against.
export type { SiteRuntimeApi };

/**
 * The nonce of the script that loaded the runtime. Module scripts have no
 * `document.currentScript`, so it is found by URL; the property, not the attribute, is read
 * because browsers hide the attribute's value once the script has run.
 */
export function findNonce(doc: Document, moduleUrl: string | undefined): string | undefined {
  const scripts = Array.from(doc.querySelectorAll<HTMLScriptElement>('script[nonce]'));
  const own = scripts.find((s) => moduleUrl && s.src === moduleUrl) ?? scripts[0];
  return own ? own.nonce || own.getAttribute('nonce') || undefined : undefined;
}

/**
 * Creates the page's runtime, publishes `window.SiteRuntime` and starts it once the
 * document is parsed. A second copy of the script on the same page steps aside.
 */
/**
 * The methods features add to `window.SiteRuntime` (the modal feature: `modal`), each made
 * for the instance; core boot knows none of them.
 */
export interface ApiExtensions {
  modal?: (runtime: Runtime) => SiteRuntimeApi['modal'];
}

export function boot(
  doc: Document,
  definitions: readonly ControllerDefinition[],
  moduleUrl?: string,
  extensions: ApiExtensions = {},
): Runtime | undefined {
  const win = doc.defaultView;
  if (!win) return undefined;
  // Only the runtime's own object: an element with id or name "SiteRuntime" (an author's
  // anchor) is a named property of the window, not an own one, and must not switch it off.
  if (Object.prototype.hasOwnProperty.call(win, 'SiteRuntime') && win.SiteRuntime) {
    log.warn('the runtime is already running on this page; this second copy does nothing.');
    return undefined;
  }
  try {
    const runtime = new Runtime(doc, { definitions, nonce: findNonce(doc, moduleUrl) });
    // The runtime's entry adds `modal` (controllers/index.ts), as the contract's type says.
    const api = {
      version: runtime.version,
      env: Object.freeze({ ...runtime.env }),
      rescan: (root) => runtime.rescan(root),
      inspect: () => runtime.registry.inspect(),
      idle: () => runtime.work.idle(),
      diagnostics: () => [...diagnosticsBoard(runtime).list],
      destroy: () => {
        runtime.destroy();
        if (win.SiteRuntime === api) delete win.SiteRuntime;
      },
    } as SiteRuntimeApi;
    for (const [name, make] of Object.entries(extensions))
      (api as unknown as Record<string, unknown>)[name] = (make as (r: Runtime) => unknown)(runtime);
    win.SiteRuntime = api;
    if (doc.readyState === 'loading') {
      doc.addEventListener('DOMContentLoaded', () => runtime.start(), { once: true, signal: runtime.signal });
    } else {
      runtime.start();
    }
    return runtime;
  } catch (err) {
    // The page is still the builder's page; say why nothing was enhanced.
    log.error('could not start; the page stays as the builder wrote it.', err);
    return undefined;
  }
}
