import { InvalidOptionsError } from './errors';
import { describe, log } from './log';

/**
 * A marker attribute's JSON value: `undefined` when the attribute is empty or absent,
 * `InvalidOptionsError` when it is not valid JSON or not an object (the registry then warns
 * and leaves that one element as plain HTML, contract §3).
 */
export function jsonAttribute(el: Element, name: string): Record<string, unknown> | undefined {
  const text = el.getAttribute(name)?.trim();
  if (!text) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new InvalidOptionsError(`${name} holds invalid JSON`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidOptionsError(`${name} must hold a JSON object`);
  }
  return value as Record<string, unknown>;
}

/** The longest delay `setTimeout` honours: a longer one overflows and fires at once. */
export const MAX_TIMER_MS = 2_147_483_647;

/** Sane ranges for times read from markup or config (ms, except `days`). */
export const timerRange = {
  /** A wait before something happens (modal delay, exit-intent delay, auto-hide, consent delay). */
  delay: { min: 0, max: MAX_TIMER_MS },
  /** A rotation step (carousel, slideshow): faster than a second nobody can read it. */
  interval: { min: 1000, max: MAX_TIMER_MS },
  /** A stored flag's lifetime in days (a century: its expiry time stays a finite number). */
  days: { min: 0, max: 36_500 },
} as const;

/**
 * Brings a time into its range. The caller has checked it is a finite number; out of range
 * it is clamped (not rejected: a huge delay still means "much later", never "at once") and
 * `clamped` names the field so the caller can say so in its warning.
 */
export function clampTime(
  value: number,
  range: { min: number; max: number },
  name: string,
  clamped: string[],
): number {
  const v = Math.min(Math.max(value, range.min), range.max);
  if (v !== value) clamped.push(`${name} ${value} (${v} used)`);
  return v;
}

/** What reading one marker's JSON options found wrong (the checker lists it, the runtime logs it). */
export interface OptionReport {
  /** Fields of the wrong kind: their defaults apply. */
  bad: string[];
  /** Fields the marker does not have (a typo, or an option of another marker). */
  unknown: string[];
  /** Times out of range, as "name value (used used)". */
  clamped: string[];
}

/** The keys of `raw` that are not options of the marker. */
export function unknownKeys(raw: Record<string, unknown>, known: readonly string[]): string[] {
  return Object.keys(raw).filter((k) => !known.includes(k));
}

/** One console line per kind of problem, naming the element. */
export function warnOptions(el: Element, report: OptionReport): void {
  const where = describe(el);
  if (report.bad.length) log.warn(`${where}: invalid ${report.bad.join(', ')}; the default is used.`);
  if (report.unknown.length) log.warn(`${where}: unknown option(s) ${report.unknown.join(', ')}; ignored.`);
  if (report.clamped.length) log.warn(`${where}: out of range: ${report.clamped.join(', ')}.`);
}
