export const MAX_BODY_BYTES: number;
export const COOKIE_MAX_AGE: number;
type Flags = Record<string, string>;
interface Site {
  groups: { variable: string; forced?: boolean }[];
  scripts?: Record<string, { scriptdata: string; position?: string }[]>;
}
export function parseCookies(header?: string): Record<string, string>;
export function flagsFromCookies(cookies: Record<string, string>, site: Site): Flags;
export function validateConsentBody(
  body: string,
  site: Site,
):
  | { flags: Flags; revision: string | undefined; error?: undefined }
  | { error: string; flags?: undefined; revision?: undefined };
export function consentCookies(
  flags: Flags,
  options?: {
    path?: string;
    secure?: boolean;
    revision?: string | undefined;
    consentId?: string | undefined;
  },
): string[];
export const REVISION_COOKIE: string;
export const CONSENT_ID_COOKIE: string;
export function consentIdFrom(cookies: Record<string, string>): string | undefined;
export function consentRecord(record: {
  consentId: string;
  site: string;
  flags: Flags;
  revision: string | undefined;
  gpc: boolean;
  time?: Date;
}): string;
export function scriptsFor(flags: Flags, site: Site): { scriptdata: string; position: string }[];
export function isCrossSite(headers: {
  origin?: string;
  host?: string;
  'sec-fetch-site'?: string | string[];
}): boolean;
export function savedAnswer(
  choice: { flags: Flags; revision: string | undefined; consentId: string },
  site: Site,
): {
  status: { code: '200'; message: Flags };
  consentId: string;
  scripts: { scriptdata: string; position: string }[];
};
