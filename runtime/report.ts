import { describe, log } from './log';

export type Phase = 'connect' | 'disconnect' | 'event' | 'render' | 'load';

/**
 * Reports a controller's failure once per controller, element and phase: a handler that
 * throws on every scroll event must not flood the console, and the first report is the
 * useful one. `refused`: an element left as plain HTML (contract §3) is warned of once too,
 * though a later use (the address naming a modal, a rescan) tries it again.
 */
export function onceReporter() {
  const reported = new WeakMap<object, Set<string>>();
  const first = (element: Element | Document, key: string) => {
    let seen = reported.get(element);
    if (!seen) reported.set(element, (seen = new Set()));
    return !seen.has(key) && !!seen.add(key);
  };
  const report = (name: string, element: Element | Document, phase: Phase, error: unknown): void => {
    if (!first(element, `${name}:${phase}`)) return;
    const where = element instanceof Element ? describe(element) : 'document';
    log.error(`${name} controller failed (${phase}) on ${where}:`, error);
  };
  const refused = (element: Element, reason: string): void => {
    if (first(element, `refused:${reason}`)) log.warn(`${describe(element)}: ${reason}; left as plain HTML.`);
  };
  return Object.assign(report, { refused });
}
