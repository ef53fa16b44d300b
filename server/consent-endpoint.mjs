// The reference server's consent endpoint (contract §4): GET answers the visitor's stored
// flags; POST, from the site's own pages only, validates, appends a proof line and sets cookies.
import { randomUUID } from 'node:crypto';
import { appendFile } from 'node:fs/promises';
import {
  consentCookies,
  consentIdFrom,
  consentRecord,
  flagsFromCookies,
  isCrossSite,
  MAX_BODY_BYTES,
  parseCookies,
  savedAnswer,
  validateConsentBody,
} from './consent.mjs';
import { readBody, sendJson } from './respond.mjs';

/** The handler for `{projectPath}/swfiles/lib/privacycookie.php`, for the site's settings. */
export function consentEndpoint({ site, projectPath, consentLog }) {
  return async function consent(req, res) {
    res.setHeader('Cache-Control', 'no-store');
    if (req.method === 'GET' || req.method === 'HEAD') {
      const flags = flagsFromCookies(parseCookies(req.headers.cookie), site);
      return sendJson(res, 200, { status: { code: '200', message: flags } });
    }
    // A refusal closes the connection: the rest of a body it will not read (megabytes, or a
    // chunked one that never ends) is neither drained nor waited for.
    const refuse = (status, error) => {
      res.setHeader('Connection', 'close');
      return sendJson(res, status, { error });
    };
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'GET, HEAD, POST');
      return refuse(405, 'method not allowed');
    }
    // Before anything is read or stored: another site's page must not choose for the visitor.
    if (isCrossSite(req.headers)) return refuse(403, "consent is accepted only from the site's own pages");
    const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (type !== 'application/x-www-form-urlencoded') return refuse(400, 'expected application/x-www-form-urlencoded');
    const body = await readBody(req, MAX_BODY_BYTES);
    if (body === null) return refuse(400, `body larger than ${MAX_BODY_BYTES} bytes`);
    const result = validateConsentBody(body, site);
    if (result.error) return sendJson(res, 400, { error: result.error });

    const { flags, revision } = result;
    // One id per visitor across their choices, so the one they quote finds every line.
    const consentId = consentIdFrom(parseCookies(req.headers.cookie)) ?? randomUUID();
    const gpc = String(req.headers['sec-gpc'] ?? '') === '1';
    // Proof of consent: one JSON line per choice, appended, never rewritten.
    await appendFile(consentLog, consentRecord({ consentId, site: projectPath, flags, revision, gpc }), {
      flag: 'a',
    });
    // Behind a TLS proxy the socket is plain; the page's Origin (checked above) says https.
    const secure = Boolean(req.socket.encrypted) || /^https:/i.test(String(req.headers.origin ?? ''));
    res.setHeader('Set-Cookie', consentCookies(flags, { path: projectPath, secure, revision, consentId }));
    return sendJson(res, 200, savedAnswer({ flags, revision, consentId }, site));
  };
}
