export const MAX_BODY_BYTES: number;
export const COOKIE_MAX_AGE: number;
type Flags = Record<string, string>;
interface Site {
  groups: { variable: string; forced?: boolean }[];
  scripts?: Record<string, { scriptdata: string; position?: string }[]>;
}
export function parseCookies(header?: string): Record<string, string>;
export function flagsFromCookies(cookies: Record<string, string>, site: Site): Flags;
export function validateConsentBody(body: string, site: Site): { flags: Flags; error?: undefined } | { error: string; flags?: undefined };
export function consentCookies(flags: Flags, options?: { path?: string; secure?: boolean }): string[];
export function scriptsFor(flags: Flags, site: Site): { scriptdata: string; position: string }[];
export function isCrossSite(headers: { origin?: string; host?: string; 'sec-fetch-site'?: string | string[] }): boolean;
