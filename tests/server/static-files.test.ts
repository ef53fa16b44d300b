import { readFileSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/server.mjs';
import { rawRequest } from './raw-http';

// The site's own static files (CSS, fonts, images, video), as builders copy the server: a
// returning visitor revalidates them (304) instead of downloading them again, and a video is
// served in the parts a browser asks for (seeking; Safari plays media only from 206 answers).
let server: RunningServer;
beforeAll(async () => (server = await startServer({ port: 0 })));
afterAll(() => server.close());

const CSS = '/clinic/assets/site.css';
const VIDEO = '/clinic/assets/media/clinic-tour.webm';
const videoBytes = readFileSync(
  join(import.meta.dirname, '../../fixtures/site/assets/media/clinic-tour.webm'),
);

describe('validators: a file the visitor has is not sent again', () => {
  it('every file has an ETag and a Last-Modified; either one sent back gets a 304 without a body', async () => {
    const first = await rawRequest(server.url, CSS);
    expect(first.status).toBe(200);
    const etag = String(first.headers.etag);
    const lastModified = String(first.headers['last-modified']);
    expect(etag).toMatch(/^W\/".+"$/);
    expect(Date.parse(lastModified)).toBeGreaterThan(0);
    const byTag = await rawRequest(server.url, CSS, { headers: { 'If-None-Match': etag } });
    expect(byTag.status).toBe(304);
    expect(byTag.bytes.length).toBe(0);
    const byDate = await rawRequest(server.url, CSS, { headers: { 'If-Modified-Since': lastModified } });
    expect(byDate.status).toBe(304);
  });

  it('a changed file (another tag, an older date) is sent whole', async () => {
    expect((await rawRequest(server.url, CSS, { headers: { 'If-None-Match': 'W/"old"' } })).status).toBe(200);
    const before = new Date(
      statSync(join(import.meta.dirname, '../../fixtures/site', 'assets/site.css')).mtimeMs - 60_000,
    );
    const res = await rawRequest(server.url, CSS, { headers: { 'If-Modified-Since': before.toUTCString() } });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
  });
});

describe('byte ranges: a video is served in the parts asked for', () => {
  it.each([
    ['bytes=0-9', 0, 9],
    ['bytes=100-', 100, videoBytes.length - 1],
    ['bytes=-50', videoBytes.length - 50, videoBytes.length - 1],
    ['bytes=10-99999999', 10, videoBytes.length - 1],
  ])('%s: 206 with exactly those bytes', async (range, start, end) => {
    const res = await rawRequest(server.url, VIDEO, { headers: { Range: range } });
    expect(res.status).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${videoBytes.length}`);
    expect(res.bytes.equals(videoBytes.subarray(start, end + 1))).toBe(true);
  });

  it('a range past the end: 416 with the size; every answer says ranges are accepted', async () => {
    const res = await rawRequest(server.url, VIDEO, { headers: { Range: `bytes=${videoBytes.length}-` } });
    expect(res.status).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${videoBytes.length}`);
    expect((await rawRequest(server.url, VIDEO)).headers['accept-ranges']).toBe('bytes');
  });

  it('a HEAD with a range gets the whole file’s head (ranges are GET’s)', async () => {
    const res = await rawRequest(server.url, VIDEO, { method: 'HEAD', headers: { Range: 'bytes=0-9' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe(String(videoBytes.length));
  });

  it('a visitor who goes away mid-range (a seek) leaves the server serving', async () => {
    await new Promise<void>((done) => {
      const req = request(`${server.url}${VIDEO}`, { headers: { Range: 'bytes=0-' } }, (res) => {
        res.once('data', () => (req.destroy(), done()));
      });
      req.end();
    });
    expect((await rawRequest(server.url, VIDEO, { headers: { Range: 'bytes=0-9' } })).status).toBe(206);
  });

  it.each([
    ['several ranges', { Range: 'bytes=0-1,5-6' }],
    ['another unit', { Range: 'items=0-1' }],
    ['a malformed range', { Range: 'bytes=9-2' }],
    ['an If-Range that no longer holds', { Range: 'bytes=0-9', 'If-Range': 'Mon, 01 Jan 2001 00:00:00 GMT' }],
  ])('%s: the whole file (200)', async (_what, headers) => {
    const res = await rawRequest(server.url, VIDEO, { headers });
    expect(res.status).toBe(200);
    expect(res.bytes.length).toBe(videoBytes.length);
  });
});
