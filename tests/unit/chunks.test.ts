import { describe, expect, it } from 'vitest';
import { failedChunkUrl } from '../../runtime/chunks';

// The retry of a failed chunk fetches the file an engine's message names at a fresh URL
// (Firefox answers a second import of the same URL with the first failure, unfetched).
describe('failedChunkUrl', () => {
  const base = 'https://cdn.example/site/runtime.js';

  it("reads the file from Firefox's and Chromium's messages", () => {
    const firefox = new TypeError(
      'error loading dynamically imported module: https://cdn.example/site/lightbox-AB12.js',
    );
    const chromium = new TypeError(
      'Failed to fetch dynamically imported module: https://cdn.example/site/lightbox-AB12.js?retry=x1',
    );
    expect(failedChunkUrl(firefox, base)?.href).toBe('https://cdn.example/site/lightbox-AB12.js');
    expect(failedChunkUrl(chromium, base)?.href).toBe('https://cdn.example/site/lightbox-AB12.js?retry=x1');
  });

  it('names nothing for a message without a file (WebKit), another origin, or no error at all', () => {
    expect(failedChunkUrl(new TypeError('Importing a module script failed.'), base)).toBeUndefined();
    expect(
      failedChunkUrl(
        new TypeError('error loading dynamically imported module: https://evil.example/x.js'),
        base,
      ),
    ).toBeUndefined();
    expect(failedChunkUrl(new TypeError('error: https://cdn.example/site/page.html'), base)).toBeUndefined();
    expect(failedChunkUrl(undefined, base)).toBeUndefined();
    expect(failedChunkUrl('not an error', base)).toBeUndefined();
  });
});
