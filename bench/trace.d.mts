/** V8's parsing and compiling on the main thread (trace event names). */
export const COMPILING: Set<string>;
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
}
/** Self time (µs) per event name: each complete event's duration less that of the events inside it. */
export function selfTimes(events: TraceEvent[]): Record<string, number>;
/** The events of the page's main thread: the renderer thread that parsed its HTML. */
export function mainThread(events: TraceEvent[]): TraceEvent[];
