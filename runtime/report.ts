import { describe, log } from './log';

export type Phase = 'connect' | 'disconnect' | 'event' | 'render' | 'load';

/**
 * Reports a controller's failure once per controller, element and phase: a handler that
 * throws on every scroll event must not flood the console, and the first report is the
 * useful one.
 */
export function onceReporter() {
  const reported = new WeakMap<object, Set<string>>();
  return (name: string, element: Element | Document, phase: Phase, error: unknown): void => {
    let seen = reported.get(element);
    if (!seen) reported.set(element, (seen = new Set()));
    const key = `${name}:${phase}`;
    if (seen.has(key)) return;
    seen.add(key);
    const where = element instanceof Element ? describe(element) : 'document';
    log.error(`${name} controller failed (${phase}) on ${where}:`, error);
  };
}
