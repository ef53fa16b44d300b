import { InvalidOptionsError } from './errors';

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
