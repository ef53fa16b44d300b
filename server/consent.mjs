// The consent endpoint's rules (contract §4), as pure functions so they are unit-tested
// without a socket. server.mjs does the I/O.

/** A form body larger than this is refused: the real one is a few dozen bytes. */
export const MAX_BODY_BYTES = 2048;
/** How long the consent cookies last (180 days, a common ceiling for consent records). */
export const COOKIE_MAX_AGE = 180 * 24 * 60 * 60;

const FLAG = /^[01]$/;
/**
 * The revision of the policy a choice was made under (issue 17): text, no control character
 * (C0, DEL or C1: U+009B is a terminal's escape, in the log operators grep).
 */
const REVISION = /^\P{Cc}{1,64}$/u;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const REVISION_COOKIE = 'privacy_cookie_revision';
/** The visitor's consent id, kept across their choices so they can quote one id. */
export const CONSENT_ID_COOKIE = 'privacy_consent_id';

/**
 * `a=1; b=2` → { a: '1', b: '2' } (first value wins, as browsers send the most specific first).
 * Never throws: the header is whatever the client sent.
 */
export function parseCookies(header = '') {
  // No prototype: a cookie named `__proto__` or `constructor` is just a cookie.
  const out = Object.create(null);
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    const name = part.slice(0, i).trim();
    if (name && !(name in out)) out[name] = decodeCookieValue(part.slice(i + 1).trim());
  }
  return out;
}

/** A value that is not valid percent-encoding (a stray `%`, bytes that are not UTF-8) is kept as sent. */
function decodeCookieValue(value) {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * True when a consent POST comes from another site's page and must store nothing (contract §4):
 * `Sec-Fetch-Site: cross-site`, or an `Origin` that is not this host (`null` included).
 * `same-site` alone is not enough where Origin is sent: on a builder's shared domain,
 * sibling projects (`evil.preview.example`, `clinic.preview.example`) are the same site.
 * A request with neither header (old browsers, curl) is accepted: no browser of today
 * sends a cross-site POST without them. The scheme is not compared, so an https page
 * behind a proxy that speaks http to this server still matches its Host.
 */
export function isCrossSite(headers) {
  if (String(headers['sec-fetch-site'] ?? '').toLowerCase() === 'cross-site') return true;
  const origin = headers.origin;
  if (origin === undefined) return false;
  try {
    const from = new URL(origin);
    const own = new URL(`${from.protocol}//${headers.host}`);
    const web = from.protocol === 'http:' || from.protocol === 'https:';
    return !(web && from.origin === origin && headers.host && from.host === own.host);
  } catch {
    return true;
  }
}

/**
 * The flags a visitor's cookies hold: `privacy_cookie` when a choice was made, and each
 * known group variable. Unknown cookies and values other than 0/1 are ignored.
 */
export function flagsFromCookies(cookies, site) {
  const flags = {};
  if (cookies.privacy_cookie === '1') {
    flags.privacy_cookie = '1';
    if (REVISION.test(cookies[REVISION_COOKIE] ?? '')) flags[REVISION_COOKIE] = cookies[REVISION_COOKIE];
  }
  for (const { variable } of site.groups) {
    if (FLAG.test(cookies[variable] ?? '')) flags[variable] = cookies[variable];
  }
  return flags;
}

/**
 * Validates a POSTed form body. Returns `{ flags }` (forced groups set to 1 whatever was
 * sent) or `{ error }` naming the first problem: unknown variable, a value other than 0/1,
 * a repeated or missing variable.
 */
export function validateConsentBody(body, site) {
  const known = new Map(site.groups.map((g) => [g.variable, g]));
  const params = new URLSearchParams(body);
  const flags = {};
  let revision;
  for (const [name, value] of params) {
    if (name === 'revision') {
      if (revision !== undefined) return { error: 'repeated variable: revision' };
      if (!REVISION.test(value)) return { error: 'revision must be 1 to 64 characters of text' };
      revision = value;
      continue;
    }
    if (!known.has(name)) return { error: `unknown variable: ${name}` };
    if (name in flags) return { error: `repeated variable: ${name}` };
    if (!FLAG.test(value)) return { error: `${name} must be 0 or 1` };
    flags[name] = known.get(name).forced ? '1' : value;
  }
  for (const variable of known.keys()) {
    if (!(variable in flags)) return { error: `missing variable: ${variable}` };
  }
  return { flags, revision };
}

/** The visitor's consent id from their cookie when it is one of ours, else undefined. */
export function consentIdFrom(cookies) {
  const id = cookies[CONSENT_ID_COOKIE];
  return UUID.test(id ?? '') ? id : undefined;
}

/** One line of the consent log: what an operator shows when asked what a visitor agreed to. */
export function consentRecord({ consentId, site, flags, revision, gpc, time = new Date() }) {
  return `${JSON.stringify({ time: time.toISOString(), consentId, site, revision: revision ?? null, gpc, flags })}\n`;
}

/**
 * Set-Cookie values for a saved choice: `privacy_cookie=1`, every group flag, the revision it
 * was made under (when the site has revisions) and the consent id.
 */
export function consentCookies(flags, { path = '/', secure = false, revision, consentId } = {}) {
  const attrs = `; Path=${path || '/'}; Max-Age=${COOKIE_MAX_AGE}; SameSite=Lax${secure ? '; Secure' : ''}`;
  const cookies = [`privacy_cookie=1${attrs}`, ...Object.entries(flags).map(([k, v]) => `${k}=${v}${attrs}`)];
  if (revision !== undefined) cookies.push(`${REVISION_COOKIE}=${encodeURIComponent(revision)}${attrs}`);
  // Only the server reads the id (the answer carries it to the page): no page script, and no
  // consent-loaded third party, needs a lasting identifier.
  if (consentId) cookies.push(`${CONSENT_ID_COOKIE}=${consentId}${attrs}; HttpOnly`);
  return cookies;
}

/** The scripts of every group whose flag is 1, in group order, `position` defaulting to header. */
export function scriptsFor(flags, site) {
  const out = [];
  for (const { variable } of site.groups) {
    if (flags[variable] !== '1') continue;
    for (const s of site.scripts?.[variable] ?? []) {
      out.push({ scriptdata: s.scriptdata, position: s.position ?? 'header' });
    }
  }
  return out;
}

/** The answer to a saved choice: the flags as the next read will give them, the id, the scripts. */
export function savedAnswer({ flags, revision, consentId }, site) {
  const message = {
    privacy_cookie: '1',
    ...flags,
    ...(revision === undefined ? {} : { [REVISION_COOKIE]: revision }),
  };
  return { status: { code: '200', message }, consentId, scripts: scriptsFor(flags, site) };
}
