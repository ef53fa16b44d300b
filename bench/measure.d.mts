/** What the benchmark evaluates (over CDP) to know a page is ready: with the runtime, and without. */
export const READY_EXPRESSION: { runtime: string; other: string };
export interface LoadFigures {
  jsKB: number;
  scripts: number;
  mainMs: number;
  longTasks: number;
  blockingMs: number;
  /** The longest script run Long Animation Frames named, ms. */
  scriptMaxMs: number;
  /** Script runs over 50 ms. */
  scriptsOver50: number;
  cls: number;
}
/** The longest of the page's script runs (ms each) and how many were over 50 ms; NaN without Long Animation Frames. */
export function scriptRuns(durations: number[] | undefined): { scriptMaxMs: number; scriptsOver50: number };
/** JS fetched, main-thread time to ready + 1 s, long tasks, long script runs and CLS of one load of `url`. */
export function loadRun(browser: unknown, url: string, options: { rate: number; runtime: boolean }): Promise<LoadFigures>;
