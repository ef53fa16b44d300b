import { loadStrategies, type LazyDefinition, type LoadStrategy } from './controller';
import { whenIdle } from './defer';
import { describe, log } from './log';
import type { Runtime } from './runtime';
import { attr } from './schema';

/** The contacts that say a marker is about to be used (a hover or a press comes before its click). */
const contacts = ['pointerover', 'pointerdown', 'focusin', 'keydown', 'touchstart'];

/** How near the viewport a `visible` marker is when its chunk is fetched: ahead of a scroll. */
const VISIBLE_MARGIN = '200px';

export const isStrategy = (v: unknown): v is LoadStrategy => loadStrategies.includes(v as LoadStrategy);

/**
 * One marker's strategy: `ready` when the page needs it at once (a deep link), else the
 * marker's `data-sw-load`, else the config's `load` for the controller, else its default. A
 * value that is not a strategy is named in a warning and the next one applies.
 */
export function strategyFor(
  runtime: Runtime,
  definition: Pick<LazyDefinition, 'name' | 'load' | 'urgent' | 'hidden'>,
  element: Element,
): LoadStrategy {
  if (definition.urgent?.(runtime)) return 'ready';
  const chosen = written(runtime, definition, element);
  const { hidden } = definition;
  if (chosen !== 'visible' && chosen !== 'interaction') return chosen;
  if (!(hidden === true || hidden?.(element, runtime))) return chosen;
  log.warn(
    `${describe(element)}: "${chosen}" never comes for ${definition.name}, hidden until shown; "idle" applies.`,
  );
  return 'idle';
}

function written(runtime: Runtime, definition: Pick<LazyDefinition, 'name' | 'load'>, element: Element) {
  const { load } = runtime.config;
  const fallback = (Object.hasOwn(load, definition.name) && load[definition.name]) || definition.load;
  // The document element stands for the whole page (`:root` controllers): its attribute is no one's.
  const own = element === runtime.document.documentElement ? null : element.getAttribute(attr.load);
  if (own === null || isStrategy(own)) return own ?? fallback;
  log.warn(
    `${describe(element)}: ${attr.load}="${own}" is not one of ${loadStrategies.join(', ')}; "${fallback}" applies.`,
  );
  return fallback;
}

/** Calls `start` when `strategy` says the code for `element` is needed, unless `signal` aborts first. */
export function whenNeeded(
  runtime: Runtime,
  strategy: LoadStrategy,
  element: Element,
  start: () => void,
  signal: AbortSignal,
): void {
  const { window: win, work } = runtime;
  if (signal.aborted) return;
  if (strategy === 'ready') return start();
  if (strategy === 'visible' && typeof win.IntersectionObserver === 'function')
    return whenVisible(runtime, element, start, signal);
  // Without IntersectionObserver, `visible` waits for idle instead: later, never lost.
  if (strategy !== 'interaction') return void whenIdle(win, signal, start, undefined, work);
  for (const type of contacts) element.addEventListener(type, start, { once: true, passive: true, signal });
}

function whenVisible(runtime: Runtime, element: Element, start: () => void, signal: AbortSignal): void {
  // The observer's first answer (where the marker is now) comes after a layout: until it has
  // come, the runtime is not idle, so "nothing was fetched" is only checked once it is known.
  // A hidden page renders nothing, so no answer comes: there it is not waited for.
  const hidden = runtime.document.visibilityState === 'hidden';
  const release = hidden ? () => undefined : runtime.work.hold(signal);
  const observer = new runtime.window.IntersectionObserver(
    (entries) => {
      release();
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      start();
    },
    { rootMargin: VISIBLE_MARGIN },
  );
  observer.observe(element);
  signal.addEventListener('abort', () => observer.disconnect(), { once: true });
}
