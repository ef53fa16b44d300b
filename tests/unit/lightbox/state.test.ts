import { describe, expect, it } from 'vitest';
import type { Content } from '../../../runtime/lightbox/content';
import type { Item } from '../../../runtime/lightbox/items';
import {
  current,
  initialLightbox,
  lightbox,
  mayEmbed,
  type LightboxAction,
} from '../../../runtime/lightbox/state';

const item = (kind: Content['kind'], src: string): Item => ({
  link: {} as HTMLAnchorElement,
  content: { kind, src, width: 640, height: 360, thumbnail: kind === 'image' },
  title: src,
  description: '',
  alt: src,
  thumb: src,
});
const items = [item('image', 'a.png'), item('video', 'b.mp4'), item('image', 'c.png')];
const opener = {} as Element;
const run = (...actions: LightboxAction[]) => actions.reduce(lightbox, initialLightbox);
const open = (index = 0, autoplay = false): LightboxAction => ({
  type: 'open',
  items,
  index,
  opener,
  autoplay,
});

describe('lightbox state', () => {
  it('opens on an item, fitted, not playing unless autoplay and a group', () => {
    expect(run(open(1))).toMatchObject({
      open: true,
      active: true,
      index: 1,
      fitting: true,
      playing: false,
      opener,
    });
    expect(run(open(0, true)).playing).toBe(true);
    const single = lightbox(initialLightbox, {
      type: 'open',
      items: [items[0]!],
      index: 0,
      opener,
      autoplay: true,
    });
    expect(single.playing).toBe(false);
    expect(lightbox(initialLightbox, { type: 'open', items: [], index: 0, opener, autoplay: false })).toBe(
      initialLightbox,
    );
  });

  it('wraps around both ways; a move by hand stops the slideshow, its own step does not', () => {
    expect(run(open(0), { type: 'go', index: -1 }).index).toBe(2);
    expect(run(open(2), { type: 'go', index: 3 }).index).toBe(0);
    const playing = run(open(0, true), { type: 'advance' });
    expect(playing).toMatchObject({ index: 1, playing: true });
    expect(lightbox(playing, { type: 'go', index: 2 })).toMatchObject({ index: 2, playing: false });
    expect(lightbox(run(open(0)), { type: 'advance' }).index).toBe(0); // not playing: no step
  });

  it('knows a player or frame size at once, an image size once loaded, and drops a late load', () => {
    const image = run(open(0));
    expect(image.size).toBeNull();
    expect(run(open(1)).size).toEqual({ width: 640, height: 360 });
    const late = { type: 'loaded', shown: image.shown, width: 10, height: 10 } as const;
    const moved = lightbox(image, { type: 'go', index: 2 });
    expect(lightbox(moved, late)).toBe(moved);
    expect(lightbox(image, late).size).toEqual({ width: 10, height: 10 });
  });

  it('close asks the dialog to close; closed ends it and drops any load still coming', () => {
    const s = run(open(0, true), { type: 'close' });
    expect(s).toMatchObject({ open: false, active: true, playing: false });
    expect(current(s)).toBe(items[0]);
    const closed = lightbox(s, { type: 'closed' });
    expect(closed).toMatchObject({ open: false, active: false, opener: null });
    expect(current(closed)).toBeUndefined();
    expect(lightbox(closed, { type: 'loaded', shown: s.shown, width: 1, height: 1 })).toBe(closed);
    expect(lightbox(closed, { type: 'go', index: 1 })).toBe(closed);
  });

  it('toggles fitting and the slideshow only while open', () => {
    const s = run(open(0));
    expect(lightbox(s, { type: 'toggleFit' }).fitting).toBe(false);
    expect(lightbox(s, { type: 'play' }).playing).toBe(true);
    expect(lightbox(lightbox(s, { type: 'play' }), { type: 'pause' }).playing).toBe(false);
    expect(lightbox(initialLightbox, { type: 'play' })).toBe(initialLightbox);
    expect(lightbox(initialLightbox, { type: 'toggleFit' })).toBe(initialLightbox);
  });

  it('YouTube and Vimeo players wait for the media consent group or the visitor, provider by provider', () => {
    const s = run(open(0));
    for (const kind of ['image', 'video', 'inline', 'ajax', 'iframe'] as const)
      expect(mayEmbed(s, kind)).toBe(true);
    expect(mayEmbed(s, 'youtube')).toBe(false);
    expect(mayEmbed(s, 'vimeo')).toBe(false);
    // "Load video" lets that provider in for the rest of the page view, not the other one.
    const youtube = lightbox(s, { type: 'allowMedia', provider: 'youtube' });
    expect([mayEmbed(youtube, 'youtube'), mayEmbed(youtube, 'vimeo')]).toEqual([true, false]);
    expect(lightbox(lightbox(youtube, { type: 'close' }), { type: 'closed' }).allowed).toEqual(['youtube']);
    expect(lightbox(youtube, { type: 'allowMedia', provider: 'youtube' })).toBe(youtube);
    // Pressed while a slideshow runs: it stops, so the video is not taken away.
    const playing = run(open(0, true));
    expect(playing.playing).toBe(true);
    expect(lightbox(playing, { type: 'allowMedia', provider: 'vimeo' }).playing).toBe(false);
    // The consent group lets both in; a withdrawal (without a reload) takes that back.
    const consented = lightbox(s, { type: 'mediaConsent', on: true });
    expect([mayEmbed(consented, 'youtube'), mayEmbed(consented, 'vimeo')]).toEqual([true, true]);
    expect(lightbox(consented, { type: 'mediaConsent', on: true })).toBe(consented);
    expect(mayEmbed(lightbox(consented, { type: 'mediaConsent', on: false }), 'vimeo')).toBe(false);
  });
});
