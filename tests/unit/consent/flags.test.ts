import { describe, expect, it, vi } from 'vitest';
import { clinicGroups } from './groups';
import { flagOn, localFlags, serverFlags, switchedOff } from '../../../runtime/consent/flags';
import { createConsentHub } from '../../../runtime/consent/hub';

/**
 * `sw:consent`'s detail is the contract's flags object (§3, §4): what the server returned in
 * `status.message`, values "1"/"0"; for a choice kept on the device, the flags as the runtime
 * sends them with `privacy_cookie` "1". The hub holds the runtime's own copy.
 */
const groups = clinicGroups;

describe('the flags object', () => {
  it('is the server’s message as strings: a first visit has no privacy_cookie, nothing is invented', () => {
    expect(serverFlags({ privacy_cookie_1: '1', privacy_cookie_2: '0' })).toEqual({
      privacy_cookie_1: '1',
      privacy_cookie_2: '0',
    });
    expect(serverFlags({})).toEqual({});
    expect(serverFlags({ privacy_cookie: '1', privacy_cookie_2: 1, odd: { a: 1 }, gone: null })).toEqual({
      privacy_cookie: '1',
      privacy_cookie_2: '1',
    });
  });

  it('is frozen, and a "__proto__" key from the server stays a plain key', () => {
    const flags = serverFlags(JSON.parse('{"__proto__": {"polluted": "1"}, "privacy_cookie": "1"}'));
    expect(Object.isFrozen(flags)).toBe(true);
    expect(() => ((flags as Record<string, string>).privacy_cookie_2 = '1')).toThrow(TypeError);
    expect(Object.getPrototypeOf(flags)).toBe(Object.prototype);
  });

  it('for a choice kept on the device: what the runtime sends, with privacy_cookie "1"', () => {
    expect(localFlags(groups, { privacy_cookie_1: 1, privacy_cookie_2: 0, privacy_cookie_3: 1 })).toEqual({
      privacy_cookie: '1',
      privacy_cookie_1: '1',
      privacy_cookie_2: '0',
      privacy_cookie_3: '1',
    });
  });

  it('a flag is on only when it is "1"', () => {
    expect(flagOn({ a: '1', b: '0' }, 'a')).toBe(true);
    expect(flagOn({ a: '1', b: '0' }, 'b')).toBe(false);
    expect(flagOn({ a: 1 } as unknown as Record<string, string>, 'a')).toBe(false);
    expect(flagOn(undefined, 'a')).toBe(false);
  });
});

describe('the consent hub', () => {
  it('keeps its own frozen copy and tells every subscriber, until it unsubscribes', () => {
    const hub = createConsentHub();
    const seen: unknown[] = [];
    const stop = hub.subscribe((f) => seen.push(f));
    const published: Record<string, string> = { privacy_cookie: '1', privacy_cookie_2: '1' };
    hub.publish(published);
    published.privacy_cookie_2 = '0';
    expect(hub.flags).toEqual({ privacy_cookie: '1', privacy_cookie_2: '1' });
    expect(Object.isFrozen(hub.flags)).toBe(true);
    expect(seen).toEqual([hub.flags]);
    stop();
    hub.publish({ privacy_cookie: '1', privacy_cookie_2: '0' });
    expect(seen).toHaveLength(1);
  });

  it('a failing subscriber does not keep the flags from the others', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const hub = createConsentHub();
    const seen: unknown[] = [];
    hub.subscribe(() => {
      throw new Error('boom');
    });
    hub.subscribe((f) => seen.push(f));
    hub.publish({ privacy_cookie: '1' });
    expect(seen).toEqual([{ privacy_cookie: '1' }]);
    expect(console.error).toHaveBeenCalledOnce();
  });
});

describe('a no on its way (switchedOff)', () => {
  it('switches off only groups that are on; never turns one on; keeps the server’s other flags', () => {
    const hub = { privacy_cookie: '1', privacy_cookie_2: '0', privacy_cookie_3: '1', other_site: '1' };
    // A queued "players off, analytics on" after "analytics off": analytics stays off until the answer.
    expect(switchedOff(hub, ['privacy_cookie_3'])).toEqual({ ...hub, privacy_cookie_3: '0' });
    expect(switchedOff(hub, ['privacy_cookie_2'])).toBeUndefined();
    expect(switchedOff(undefined, ['privacy_cookie_2'])).toBeUndefined(); // nothing published yet
    expect(Object.isFrozen(switchedOff(hub, ['privacy_cookie_3']))).toBe(true);
  });
});
