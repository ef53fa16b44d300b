import type { Stats } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Content codings with a precompressed variant that an Accept-Encoding header accepts. */
export function acceptedEncodings(header?: string): Set<'br' | 'gzip'>;
/** Whether an If-None-Match header names `etag` (weak comparison). */
export function matchesEtag(header: string | undefined, etag: string): boolean;
export function sendScript(req: IncomingMessage, res: ServerResponse, file: string, info: Stats): Promise<void>;
