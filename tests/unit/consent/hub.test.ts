import { describe, expect, it } from 'vitest';
import { createConsentHub } from '../../../runtime/consent/hub';

describe('the consent hub’s banner', () => {
  it('hidden until the modal’s flow says otherwise; a banner connecting later reads it, one watching hears each change', () => {
    const hub = createConsentHub();
    expect(hub.bannerShown).toBe(false);
    const heard: boolean[] = [];
    const stop = hub.watchBanner((shown) => heard.push(shown));
    hub.showBanner(true);
    hub.showBanner(true); // no change, nothing to hear
    expect(hub.bannerShown).toBe(true);
    hub.showBanner(false);
    expect(heard).toEqual([true, false]);
    stop();
    hub.showBanner(true);
    expect(heard).toEqual([true, false]);
    expect(hub.bannerShown).toBe(true);
  });
});
