import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadChunk } from '../../../runtime/chunks';
import { ChunkLoadError } from '../../../runtime/errors';
import { html, runtime } from '../helpers';

vi.mock('../../../runtime/chunks', { spy: true });

/** The next fetch of the UI host fails (as chunks.ts reports it: announced once, then rejected). */
function hostFailsOnce() {
  vi.mocked(loadChunk).mockImplementationOnce(() =>
    Promise.reject(new ChunkLoadError('UI host: its code could not be loaded')),
  );
}

const hostFetches = () =>
  vi.mocked(loadChunk).mock.calls.filter(([, feature]) => feature === 'UI host').length;

afterEach(() => vi.mocked(loadChunk).mockClear());

describe('a UI host that could not be fetched', () => {
  it('stands for the parts that connect after it: no second fetch, so no second announcement', async () => {
    html('<div></div>');
    const rt = runtime([]);
    hostFailsOnce();
    await expect(rt.ui()).rejects.toBeInstanceOf(ChunkLoadError);
    // A part whose own code came later (the lightbox after the language list) asks too.
    await expect(rt.ui()).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(rt.ui()).rejects.toBeInstanceOf(ChunkLoadError);
    expect(hostFetches()).toBe(1);
    rt.destroy();
  });

  it("is fetched again on a visitor's use of a part, and once it came every part has it", async () => {
    html('<div></div>');
    const rt = runtime([]);
    hostFailsOnce();
    await expect(rt.ui()).rejects.toBeInstanceOf(ChunkLoadError);
    const host = await rt.ui(true);
    expect(hostFetches()).toBe(2);
    expect(await rt.ui()).toBe(host);
    expect(await rt.ui(true)).toBe(host);
    expect(hostFetches()).toBe(2);
    rt.destroy();
  });

  it('is fetched again after a rescan (the builder says the page changed)', async () => {
    html('<div></div>');
    const rt = runtime([]);
    rt.start();
    hostFailsOnce();
    await expect(rt.ui()).rejects.toBeInstanceOf(ChunkLoadError);
    rt.rescan();
    await expect(rt.ui()).resolves.toBeDefined();
    expect(hostFetches()).toBe(2);
    rt.destroy();
  });

  it('a use while a fetch is under way shares it: one fetch, one host', async () => {
    html('<div></div>');
    const rt = runtime([]);
    const first = rt.ui();
    const second = rt.ui(true);
    expect(await second).toBe(await first);
    expect(hostFetches()).toBe(1);
    rt.destroy();
  });

  it('a host that arrives but cannot be created is given up too, and the next use tries again', async () => {
    html('<div></div>');
    const rt = runtime([]);
    vi.mocked(loadChunk).mockImplementationOnce(() =>
      Promise.resolve({
        createUiHost: () => {
          throw new Error('no root');
        },
      }),
    );
    await expect(rt.ui()).rejects.toThrow('no root');
    await expect(rt.ui()).rejects.toThrow('no root');
    expect(hostFetches()).toBe(1);
    await expect(rt.ui(true)).resolves.toBeDefined();
    expect(hostFetches()).toBe(2);
    rt.destroy();
  });
});
