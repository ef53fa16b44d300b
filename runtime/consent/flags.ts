import type { CookieGroup, Flags } from './model';

/** The flag that marks that a choice was made. */
export const CHOICE_MADE = 'privacy_cookie';

/**
 * `sw:consent`'s detail and what the consent hub holds (contract §3 Cookie consent, §4): the
 * flags object as the server returned it in `status.message`, values as strings, e.g.
 * `{"privacy_cookie": "1", "privacy_cookie_1": "1", "privacy_cookie_2": "0"}`. A first visit
 * has no `privacy_cookie`. Frozen, so page script given it cannot change the runtime's state.
 */
export type ConsentFlags = Readonly<Record<string, string>>;

/**
 * The server's `status.message` as flags. Numbers (a server that wrote `1`, not `"1"`) become
 * their strings; anything else (objects, null) is not a flag and is left out.
 */
export function serverFlags(message: Record<string, unknown>): ConsentFlags {
  return Object.freeze(
    Object.fromEntries(
      Object.entries(message).flatMap(([name, value]): [string, string][] =>
        typeof value === 'string'
          ? [[name, value]]
          : typeof value === 'number' && Number.isFinite(value)
            ? [[name, String(value)]]
            : [],
      ),
    ),
  );
}

/**
 * A choice the server did not confirm (kept to be sent again): the flags as the runtime
 * sends them, with `privacy_cookie` "1" since a choice exists.
 */
export function localFlags(groups: readonly CookieGroup[], flags: Flags): ConsentFlags {
  return Object.freeze(
    Object.fromEntries([
      [CHOICE_MADE, '1'],
      ...groups.map((g): [string, string] => [g.variable, flags[g.variable] === 1 ? '1' : '0']),
    ]),
  );
}

/** A flag is on only when it is exactly "1" (the contract's strings). */
export const flagOn = (flags: ConsentFlags | undefined, name: string): boolean => flags?.[name] === '1';

/**
 * `flags` with the groups `off` switched off where they were on; undefined when that changes
 * nothing. Never turns anything on: a grant waits for the server.
 */
export function switchedOff(
  flags: ConsentFlags | undefined,
  off: readonly string[],
): ConsentFlags | undefined {
  const on = off.filter((name) => flagOn(flags, name));
  return on.length
    ? Object.freeze({ ...flags, ...Object.fromEntries(on.map((name) => [name, '0'])) })
    : undefined;
}
