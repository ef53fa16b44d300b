// The strict Content-Security-Policy of every page the reference server sends. The runtime
// must work under it: no inline script or style, scripts only from the site or carrying the
// page's nonce, and Trusted Types for script sinks with the runtime's one named policy.
import { randomBytes } from 'node:crypto';

/** The Trusted Types policy name the runtime creates (runtime/trusted-types.ts). */
export const TRUSTED_TYPES_POLICY = 'site-runtime';

export const newNonce = () => randomBytes(16).toString('base64');

/** Hosts the analytics tag talks to once the visitor allows statistics (contract §5). */
const analyticsHosts = 'https://*.googletagmanager.com https://*.google-analytics.com https://*.analytics.google.com';

/** Without a nonce (HTML that is not one of the site's pages, an upload) no script runs at all. */
export function contentSecurityPolicy(nonce) {
  return [
    "default-src 'self'",
    nonce ? `script-src 'self' 'nonce-${nonce}'` : "script-src 'none'",
    "style-src 'self'",
    `img-src 'self' data: ${analyticsHosts}`,
    "font-src 'self'",
    `connect-src 'self' ${analyticsHosts}`,
    "media-src 'self'",
    "frame-src 'self' https://www.youtube-nocookie.com https://player.vimeo.com",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'self'",
    "require-trusted-types-for 'script'",
    `trusted-types ${TRUSTED_TYPES_POLICY}`,
  ].join('; ');
}
