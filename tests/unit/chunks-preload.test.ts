import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadChunk } from '../../runtime/chunks';
import { log } from '../../runtime/log';
import { runtime } from './helpers';

// A hint that throws (a document without <head> or <html>, an engine's odd link element) must not
// cost the part it hints: the import goes ahead, and the console says why nothing was hinted.
vi.mock('../../runtime/preload', () => ({
  preloadPart: () => {
    throw new TypeError('no place for a link');
  },
}));

describe('loadChunk with hints that fail', () => {
  afterEach(() => vi.restoreAllMocks());

  it('imports the part anyway, and warns once through the logger', async () => {
    const warn = vi.spyOn(log, 'warn').mockImplementation(() => {});
    const rt = runtime([]);
    const loading = loadChunk(rt, 'lightbox', () => Promise.resolve({ lightbox: 'code' }), {
      exported: 'lightbox',
    });
    expect(warn).not.toHaveBeenCalled(); // not in the caller's task
    expect(await loading).toEqual({ lightbox: 'code' });
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(1)); // hinted in a task of its own
    expect(String(warn.mock.calls[0]![0])).toContain('lightbox: its files could not be hinted');
    rt.destroy();
  });
});
