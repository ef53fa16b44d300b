import {
  clampTime,
  jsonAttribute,
  timerRange,
  unknownKeys,
  warnOptions,
  type OptionReport,
} from '../options';
import { describe, log } from '../log';
import { attr } from '../schema';

/** Spec §9 modal defaults. */
export const modalDefaults = {
  trigger: 'click' as 'click' | 'load' | 'scroll' | 'exit',
  delay: 1000,
  scrollPercent: 50,
  exitDelay: 10000,
  /** Exit intent fires when the pointer leaves at a vertical position of 10 or less. */
  exitY: 10,
  autoHide: 0,
  close: ['button', 'overlay', 'escape'] as ('button' | 'overlay' | 'escape')[],
  storage: 'none' as 'none' | 'session' | 'local',
  expires: 30,
};
export type ModalOptions = Omit<typeof modalDefaults, 'exitY'>;

const nonNegative = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v >= 0;
const checks: { [K in keyof ModalOptions]: (v: unknown) => boolean } = {
  trigger: (v) => v === 'click' || v === 'load' || v === 'scroll' || v === 'exit',
  delay: nonNegative,
  scrollPercent: (v) => nonNegative(v) && (v as number) <= 100,
  exitDelay: nonNegative,
  autoHide: nonNegative,
  close: (v) => Array.isArray(v) && v.every((c) => c === 'button' || c === 'overlay' || c === 'escape'),
  storage: (v) => v === 'none' || v === 'session' || v === 'local',
  expires: (v) => nonNegative(v) && (v as number) > 0,
};

/**
 * A modal's options and what was wrong with them: invalid JSON throws (the element stays
 * plain, contract §3); a field of the wrong kind keeps its default.
 */
export function readModalOptions(el: Element): { options: ModalOptions } & OptionReport {
  const raw = jsonAttribute(el, attr.modal) ?? {};
  const { exitY: _, ...options } = modalDefaults;
  const out: ModalOptions = { ...options, close: [...options.close] };
  const bad: string[] = [];
  for (const key of Object.keys(checks) as (keyof ModalOptions)[]) {
    if (!(key in raw)) continue;
    if (checks[key](raw[key])) (out as Record<string, unknown>)[key] = raw[key];
    else bad.push(key);
  }
  const clamped: string[] = [];
  for (const key of ['delay', 'exitDelay', 'autoHide'] as const)
    out[key] = clampTime(out[key], timerRange.delay, key, clamped);
  out.expires = clampTime(out.expires, timerRange.days, 'expires', clamped);
  return { options: out, bad, unknown: unknownKeys(raw, Object.keys(checks)), clamped };
}

/** The options, each problem named in one console warning. */
export function modalOptions(el: Element): ModalOptions {
  const report = readModalOptions(el);
  warnOptions(el, report);
  // Allowed (a notice to acknowledge), but without a control of its own to close it, a keyboard trap.
  if (!report.options.close.length)
    log.warn(`${describe(el)}: "close" is empty: a visitor can leave it only through a control of its own.`);
  return report.options;
}

/**
 * The seen flag (contract §3): `sw-modal:<id>` in sessionStorage ("1") or localStorage (the
 * expiry time in ms). Storage that throws (blocked, private mode) counts as "not seen" and
 * is not written: the modal may simply open again.
 */
export function seenFlag(win: Window, id: string, storage: ModalOptions['storage'], expiresDays: number) {
  const key = `sw-modal:${id}`;
  const store = (): Storage | undefined => {
    try {
      return storage === 'session' ? win.sessionStorage : storage === 'local' ? win.localStorage : undefined;
    } catch {
      return undefined;
    }
  };
  return {
    seen(now = Date.now()): boolean {
      try {
        const s = store();
        const value = s?.getItem(key);
        if (!s || value == null) return false;
        if (storage === 'session') return true;
        const until = Number(value);
        if (Number.isFinite(until) && until > now) return true;
        s.removeItem(key); // expired (or unreadable): cleared once
        return false;
      } catch {
        return false;
      }
    },
    mark(now = Date.now()): void {
      try {
        store()?.setItem(key, storage === 'session' ? '1' : String(now + expiresDays * 86_400_000));
      } catch {
        /* not stored: see above */
      }
    },
  };
}
