/**
 * The cookie-consent rules without the UI (contract §3 Cookie consent, §4; spec §4, §5, §7):
 * groups, options, the server's answers, what each action saves, the POST body and what
 * happens after saving. Pure, so each rule is a unit test; the consent controllers do the I/O.
 */
import { clampTime, timerRange } from '../options';
import { CHOICE_MADE, serverFlags, type ConsentFlags } from './flags';

/** Spec §8, verbatim. */
export const CONSENT_READ_FAILED = 'Failed to get cookies from server';
/** Spec §5: the groups attribute is absent, empty or unusable. */
export const CONSENT_INACTIVE = 'Cookie management is not activated or is temporarily disabled.';
/** The server's record of the revision a choice was made under (issue 17, README "Consent revisions"). */
export const REVISION = 'privacy_cookie_revision';
/** Spec §3: the default forced group. */
export const DEFAULT_FORCED = 'privacy_cookie_1';
export { CHOICE_MADE };

export interface CookieGroup {
  label: string;
  variable: string;
  description: string;
  forced: boolean;
}

export type Flags = Record<string, 0 | 1>;
export type ConsentAction = 'accept' | 'accept-all' | 'decline';
export type ScriptPosition = 'header' | 'startbody' | 'endbody';

/**
 * Spec §9: the cookie modal in use: enableAll on, forceReload off, delay 1000 ms, no close
 * methods. `close` takes the modal's names (button, overlay, escape) for a builder that wants
 * them; `enableAll` off withdraws the "Accept all" actions.
 */
export const consentDefaults = {
  enableAll: true,
  forceReload: false,
  delay: 1000,
  close: [] as ('button' | 'overlay' | 'escape')[],
};
const closeNames = ['button', 'overlay', 'escape'] as const;

const variableName = /^[A-Za-z_][\w-]{0,63}$/;

/**
 * `data-sw-cookie-groups`. Null when absent, empty or unusable: cookie management is then
 * not active (spec §5). A group with `forced: true`, and `privacy_cookie_1` whenever no
 * group says `forced`, is on and cannot be switched off. `problems` gets a line for each group
 * left out and each field not used as written.
 */
export function parseGroups(text: string | null | undefined, problems: string[] = []): CookieGroup[] | null {
  if (!text?.trim()) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(raw)) return null;
  const seen = new Set<string>();
  const groups: CookieGroup[] = [];
  for (const [i, g] of raw.entries()) {
    const field = (name: string): unknown => (typeof g === 'object' && g ? g[name] : undefined);
    const [label, variable, description, forced] = ['label', 'variable', 'description', 'forced'].map(field);
    if (typeof variable !== 'string' || !variableName.test(variable) || seen.has(variable)) {
      problems.push(`group ${i + 1} is left out (a missing, invalid or repeated variable)`);
      continue;
    }
    seen.add(variable);
    // A group the builder meant to be forced, written `"forced":"true"`, must not pass unnoticed.
    if (forced !== undefined && typeof forced !== 'boolean')
      problems.push(`${variable}: "forced" is true or false, not ${JSON.stringify(forced)}: not forced`);
    if ([label, description].some((v) => v !== undefined && typeof v !== 'string'))
      problems.push(`${variable}: a label or description that is not text is left out`);
    groups.push({
      label: typeof label === 'string' ? label : variable,
      variable,
      description: typeof description === 'string' ? description : '',
      forced: forced === true,
    });
  }
  if (!groups.length) return null;
  if (!groups.some((g) => g.forced))
    for (const g of groups) if (g.variable === DEFAULT_FORCED) g.forced = true;
  return groups;
}

/** `data-sw-consent-options`: each field of the wrong kind keeps its default. */
export function consentOptions(raw: Record<string, unknown> | undefined): {
  options: typeof consentDefaults;
  bad: string[];
} {
  const options = { ...consentDefaults, close: [...consentDefaults.close] };
  const bad: string[] = [];
  if (!raw) return { options, bad };
  for (const key of ['enableAll', 'forceReload'] as const) {
    if (!(key in raw)) continue;
    if (typeof raw[key] === 'boolean') options[key] = raw[key] as boolean;
    else bad.push(key);
  }
  if ('delay' in raw) {
    const d = raw.delay;
    // Past what a timer holds it is clamped (noted in `bad`): it must not overflow and fire at once.
    if (typeof d === 'number' && Number.isFinite(d) && d >= 0)
      options.delay = clampTime(d, timerRange.delay, 'delay', bad);
    else bad.push('delay');
  }
  if ('close' in raw) {
    const c = raw.close;
    const list = typeof c === 'string' ? c.split(/[\s,]+/).filter(Boolean) : c;
    if (Array.isArray(list) && list.every((n) => (closeNames as readonly unknown[]).includes(n)))
      options.close = list as typeof options.close;
    else bad.push('close');
  }
  return { options, bad };
}

/**
 * The GET (or POST) answer: `{status: {code: "200", message: {flags}}}`. Anything else is the
 * specification's error. `flags` is the runtime's model (forced groups on); `detail` is the
 * message as the contract's flags object, for `sw:consent` and the parts consent gates (on a
 * first visit without the optional groups' flags). `firstVisit` when no choice has been made yet.
 */
export function readAnswer(
  body: unknown,
  groups: readonly CookieGroup[],
  revision?: string,
): { flags: Flags; detail: ConsentFlags; firstVisit: boolean; outdated: boolean } | { error: string } {
  const status = (body as { status?: { code?: unknown; message?: unknown } } | null)?.status;
  if (
    !status ||
    String(status.code) !== '200' ||
    typeof status.message !== 'object' ||
    status.message === null
  ) {
    return { error: CONSENT_READ_FAILED };
  }
  const message = status.message as Record<string, unknown>;
  const firstVisit = String(message[CHOICE_MADE]) !== '1';
  // A first visit's optional switches start off whatever the server's defaults say: a switch
  // nobody moved is no consent, and "Save choices" must not grant it (docs/markers.md).
  const flags: Flags = {};
  for (const g of groups)
    flags[g.variable] = g.forced || (!firstVisit && String(message[g.variable]) === '1') ? 1 : 0;
  // A choice made under another revision of the policy (or before revisions): asked again.
  const outdated = !firstVisit && revision !== undefined && String(message[REVISION] ?? '') !== revision;
  // Until they choose again only the forced groups apply: the old choice was not made to this policy.
  // A first visit's flags are the server's defaults: nobody chose them, so only the forced
  // groups' are in force (the others, groups of this page or not, allow no analytics, no player).
  const forced = (name: string) => groups.some((g) => g.forced && g.variable === name);
  const detail = outdated
    ? forcedOnly(groups)
    : serverFlags(
        firstVisit ? Object.fromEntries(Object.entries(message).filter(([k]) => forced(k))) : message,
      );
  return { flags, detail, firstVisit, outdated };
}

/** The flags of a visitor asked again: only the forced groups apply until they choose. */
export const forcedOnly = (groups: readonly CookieGroup[]): ConsentFlags =>
  Object.freeze(Object.fromEntries(groups.map((g) => [g.variable, g.forced ? '1' : '0'])));

/** What an action saves (spec §4): the current choices, nothing optional, or everything. */
export function flagsFor(action: ConsentAction, groups: readonly CookieGroup[], current: Flags): Flags {
  const flags: Flags = {};
  for (const g of groups) {
    flags[g.variable] =
      g.forced || action === 'accept-all' ? 1 : action === 'decline' ? 0 : current[g.variable] === 1 ? 1 : 0;
  }
  return flags;
}

/** The POST body: every group variable, 0 or 1, and the policy's revision when there is one. */
export function postBody(groups: readonly CookieGroup[], flags: Flags, revision?: string): string {
  const fields = groups.map((g): [string, string] => [g.variable, String(flags[g.variable] === 1 ? 1 : 0)]);
  if (revision !== undefined) fields.push(['revision', revision]);
  return new URLSearchParams(fields).toString();
}

/** The scripts of a POST answer, in order; a missing or unknown position is `header`. */
export function scriptsOf(body: unknown): { html: string; position: ScriptPosition }[] {
  const list = (body as { scripts?: unknown } | null)?.scripts;
  if (!Array.isArray(list)) return [];
  return list.flatMap((s) => {
    const { scriptdata, position } = (s ?? {}) as Record<string, unknown>;
    if (typeof scriptdata !== 'string' || !scriptdata.trim()) return [];
    const where: ScriptPosition = position === 'startbody' || position === 'endbody' ? position : 'header';
    return [{ html: scriptdata, position: where }];
  });
}

/**
 * After saving (spec §4): the page reloads, unless it was a first visit with `forceReload`
 * off; then the server's scripts are injected instead. The editors save nothing at all.
 */
export function afterSave(firstVisit: boolean, forceReload: boolean): 'reload' | 'inject' {
  return firstVisit && !forceReload ? 'inject' : 'reload';
}
