import type { ControllerContext } from './controller';
import { after, whenIdle } from './defer';
import type { Runtime } from './runtime';

/**
 * What a controller gets for one element: everything it registers through it dies with
 * `signal`, and whatever its callbacks throw goes to `report` (once per element and phase).
 */
export function createContext(
  runtime: Runtime,
  name: string,
  element: Element,
  signal: AbortSignal,
  report: (error: unknown) => void,
  reconnect: () => void,
): ControllerContext {
  const guard =
    <A extends unknown[]>(fn: (...args: A) => void) =>
    (...args: A): void => {
      if (signal.aborted) return;
      try {
        fn(...args);
      } catch (err) {
        report(err);
      }
    };
  return {
    name,
    element,
    runtime,
    signal,
    guard,
    reconnect,
    after: (ms, fn, options) =>
      after(runtime.window, signal, ms, guard(fn), options?.background ? undefined : runtime.work),
    idle: (fn) => whenIdle(runtime.window, signal, guard(fn), undefined, runtime.work),
    listen: (target, type, handler, options) => {
      target.addEventListener(type, guard(handler as (e: Event) => void), { ...options, signal });
    },
  };
}
