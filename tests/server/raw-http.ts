import { request, type IncomingHttpHeaders } from 'node:http';

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** The body's bytes as sent (a compressed body is not decoded). */
  bytes: Buffer;
}

/**
 * One real HTTP request with node's http client rather than fetch: fetch normalises the
 * path, sets its own Sec-Fetch-* and Origin handling and refuses some header bytes, and
 * these tests need to send exactly what an attacker's client would.
 */
export function rawRequest(
  base: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  const { hostname, port } = new URL(base);
  return new Promise((ok, fail) => {
    const req = request({ hostname, port, path, method: init.method ?? 'GET', headers: init.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        ok({ status: res.statusCode ?? 0, headers: res.headers, body: bytes.toString('utf8'), bytes });
      });
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end(init.body);
  });
}
