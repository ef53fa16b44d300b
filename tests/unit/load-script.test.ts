import { describe, expect, it, vi } from 'vitest';
import { loadScript } from '../../runtime/trusted-types';

const URL_ = 'https://c.test/menu_fr.js';

describe('loadScript', () => {
  it('rejects at once, adding no script, when the connection is already over', async () => {
    const stop = new AbortController();
    stop.abort();
    const append = vi.spyOn(document.head, 'append').mockImplementation(() => {});
    await expect(loadScript(window, URL_, undefined, stop.signal)).rejects.toThrow(
      `${URL_} could not be loaded`,
    );
    expect(append).not.toHaveBeenCalled();
  });

  it('lets go of the connection signal once the script has run', async () => {
    const stop = new AbortController();
    const append = vi.spyOn(document.head, 'append').mockImplementation(() => {});
    const loaded = loadScript(window, URL_, 'n0nce', stop.signal);
    const script = append.mock.calls[0]![0] as HTMLScriptElement;
    expect(script.nonce).toBe('n0nce');
    const remove = vi.spyOn(script, 'remove');
    script.dispatchEvent(new Event('load'));
    await expect(loaded).resolves.toBeUndefined();
    expect(remove).toHaveBeenCalledTimes(1);
    // The abort listener went with the load: a later end of the connection (every language
    // menu and analytics tag loads on the one signal) does not reach the settled load again.
    stop.abort();
    expect(remove).toHaveBeenCalledTimes(1);
  });

  it('rejects when the connection is aborted while the script loads', async () => {
    const stop = new AbortController();
    vi.spyOn(document.head, 'append').mockImplementation(() => {});
    const loaded = loadScript(window, URL_, undefined, stop.signal);
    stop.abort();
    await expect(loaded).rejects.toThrow('could not be loaded');
  });
});
