/** What the benchmark evaluates (over CDP) to know a page is ready: with the runtime, and without. */
export const READY_EXPRESSION: { runtime: string; other: string };
export interface LoadFigures {
  jsKB: number;
  scripts: number;
  mainMs: number;
  longTasks: number;
  blockingMs: number;
  cls: number;
}
/** JS fetched, main-thread time to ready + 1 s, long tasks and CLS of one load of `url`. */
export function loadRun(browser: unknown, url: string, options: { rate: number; runtime: boolean }): Promise<LoadFigures>;
