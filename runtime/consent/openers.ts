import { fragmentTarget, isPlainClick } from '../dom';
import type { Runtime } from '../runtime';
import { attr, sel } from '../schema';

/**
 * Where a `preferences` control pressed before the consent code has come (it is fetched on
 * idle) waits for it: `from`, the control, which the code opens the preferences from as it
 * connects. `taken`: the code has connected, and its own listener takes every control.
 */
interface Asked {
  from: Element | null;
  taken: boolean;
}

const key = {};
export const consentAsked = (runtime: Runtime): Asked =>
  runtime.shared(key, () => ({ from: null, taken: false }));

/**
 * Contract §3: a `preferences` control anywhere reopens the preferences "at any time". Before
 * the code is in, its press fetches it at once: a button is kept for it (a press that did
 * nothing was lost); a link naming the preferences is followed, and the address opens them
 * as the code connects, as it always has; a link elsewhere goes where it points, as without
 * script. Without consent code to come (no marker, or one refused) the control is as written.
 */
export function listenForConsentOpeners(runtime: Runtime, signal: AbortSignal): void {
  const doc = runtime.document;
  const onClick = (e: MouseEvent) => {
    const asked = consentAsked(runtime);
    const control = (e.target as Element | null)?.closest?.(`[${attr.consentAction}="preferences"]`);
    if (asked.taken || !control || !isPlainClick(e)) return;
    const modal = doc.querySelector(sel(attr.consentModal));
    const link = control.closest('a[href]');
    if (!modal || (link && fragmentTarget(doc, link.getAttribute('href')!) !== modal)) return;
    const coming = runtime.registry.need(modal);
    if (!coming || link) return;
    e.preventDefault(); // as the code's own listener does (a submit button in a form)
    asked.from = control;
    const forget = () => void (asked.from === control && (asked.from = null));
    coming.then(forget, forget);
  };
  doc.addEventListener('click', onClick as EventListener, { signal });
}
