import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadChunk } from '../../runtime/chunks';
import { log } from '../../runtime/log';
import { runtime } from './helpers';

// What loadChunk gives preloadPart as `next`: each later link in a task of its own, counted
// as the runtime's work, and a link that throws there costs only the hints, with one warning.
const calls: { exported: string; next: (fn: () => void) => void }[] = [];
vi.mock('../../runtime/preload', () => ({
  preloadPart: (_d: Document, exported: string, _n: unknown, _b: string, next: (fn: () => void) => void) =>
    void calls.push({ exported, next }),
}));

describe('loadChunk spreads its hints over tasks', () => {
  afterEach(() => {
    calls.length = 0;
    vi.restoreAllMocks();
  });

  it('`next` runs its step in a later task, counted until then; a step that throws warns once', async () => {
    const warn = vi.spyOn(log, 'warn').mockImplementation(() => {});
    const rt = runtime([]);
    rt.start();
    await rt.work.idle();
    const loading = loadChunk(rt, 'lightbox', () => Promise.resolve({ lightbox: 'code' }), {
      exported: 'lightbox',
    });
    expect(calls).toHaveLength(0); // the first link too: a task of its own
    await loading;
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    const order: string[] = [];
    const pending = rt.work.pending;
    calls[0]!.next(() => order.push('second link'));
    calls[0]!.next(() => {
      throw new TypeError('no place for a link');
    });
    order.push('same task');
    expect(rt.work.pending).toBe(pending + 2);
    await rt.work.idle();
    expect(order).toEqual(['same task', 'second link']);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain('lightbox: its files could not be hinted');
    rt.destroy();
  });
});
