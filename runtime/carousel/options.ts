import {
  clampTime,
  jsonAttribute,
  timerRange,
  unknownKeys,
  warnOptions,
  type OptionReport,
} from '../options';
import { attr } from '../schema';

/** Spec §9: a carousel advances every 5000 ms and wraps. */
export const carouselDefaults = { interval: 5000, wrap: true };

/** Options with per-field defaults and what was wrong; invalid JSON throws (the carousel stays plain). */
export function readCarouselOptions(el: Element): { options: typeof carouselDefaults } & OptionReport {
  const raw = jsonAttribute(el, attr.carousel) ?? {};
  const out = { ...carouselDefaults };
  const bad: string[] = [];
  if ('interval' in raw) {
    if (typeof raw.interval === 'number' && raw.interval > 0 && Number.isFinite(raw.interval))
      out.interval = raw.interval;
    else bad.push('interval');
  }
  if ('wrap' in raw) {
    if (typeof raw.wrap === 'boolean') out.wrap = raw.wrap;
    else bad.push('wrap');
  }
  const clamped: string[] = [];
  out.interval = clampTime(out.interval, timerRange.interval, 'interval', clamped);
  return { options: out, bad, unknown: unknownKeys(raw, Object.keys(carouselDefaults)), clamped };
}

export function carouselOptions(el: Element): typeof carouselDefaults {
  const report = readCarouselOptions(el);
  warnOptions(el, report);
  return report.options;
}
