import { onCLS, onINP, onLCP, type Metric } from 'web-vitals';

type Listener = (metric: Metric) => void;

/**
 * The page's one subscription to web-vitals. The library registers performance observers and
 * window listeners that it never removes, so each runtime registering its own would leave a
 * set behind at every destroy() (and a destroyed runtime held alive by its callbacks). They
 * are registered once per page, here, and each runtime only joins and leaves the relay. This
 * is module state on purpose: it mirrors web-vitals' own, which is per page too.
 */
const listeners = new Set<Listener>();
let registered = false;

export function subscribeVitals(listener: Listener): () => void {
  listeners.add(listener);
  if (!registered) {
    registered = true;
    const relay = (metric: Metric) => listeners.forEach((l) => l(metric));
    onLCP(relay);
    onCLS(relay);
    onINP(relay);
  }
  return () => listeners.delete(listener);
}
