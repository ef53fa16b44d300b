import { describe, expect, it } from 'vitest';
import { contentOf } from '../../../runtime/lightbox/content';
import { deepLinkHash, parseDeepLink } from '../../../runtime/lightbox/deep-link';

const base = 'https://clinic.example/clinic/en/gallery/';
const defaults = { width: 500, height: 344 };

describe('lightbox: href to content (a table)', () => {
  it.each([
    ['/img/room.jpg', 'image', 'https://clinic.example/img/room.jpg', true],
    ['room.JPEG', 'image', 'https://clinic.example/clinic/en/gallery/room.JPEG', true],
    ['/img/a.png?v=2', 'image', 'https://clinic.example/img/a.png?v=2', true],
    ['/img/a.gif', 'image', 'https://clinic.example/img/a.gif', true],
    ['/img/a.webp', 'image', 'https://clinic.example/img/a.webp', false], // no thumbnail (spec §5)
    ['/img/photo', 'image', 'https://clinic.example/img/photo', false], // prettyPhoto's default
    [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'youtube',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?enablejsapi=1',
      false,
    ],
    [
      'https://youtu.be/dQw4w9WgXcQ',
      'youtube',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?enablejsapi=1',
      false,
    ],
    // a country domain's video is the same video, embedded behind its placeholder
    [
      'https://www.youtube.de/watch?v=dQw4w9WgXcQ&iframe=true',
      'youtube',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?enablejsapi=1',
      false,
    ],
    [
      'https://youtube.com.br/embed/dQw4w9WgXcQ',
      'youtube',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?enablejsapi=1',
      false,
    ],
    [
      'https://m.youtube.com/shorts/dQw4w9WgXcQ',
      'youtube',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?enablejsapi=1',
      false,
    ],
    ['https://vimeo.com/76979871', 'vimeo', 'https://player.vimeo.com/video/76979871?dnt=1', false],
    // An unlisted video plays only with its privacy hash.
    [
      'https://vimeo.com/76979871/8272103f6e',
      'vimeo',
      'https://player.vimeo.com/video/76979871?h=8272103f6e&dnt=1',
      false,
    ],
    [
      'https://player.vimeo.com/video/76979871?h=8272103f6e&autoplay=1',
      'vimeo',
      'https://player.vimeo.com/video/76979871?h=8272103f6e&dnt=1',
      false,
    ],
    ['https://vimeo.com/76979871?h=<x>', 'vimeo', 'https://player.vimeo.com/video/76979871?dnt=1', false],
    ['/media/tour.mp4', 'video', 'https://clinic.example/media/tour.mp4', false],
    ['/media/tour.webm', 'video', 'https://clinic.example/media/tour.webm', false],
    ['/media/tour.ogg', 'video', 'https://clinic.example/media/tour.ogg', false],
    ['#directions-text', 'inline', 'directions-text', false],
    // The hash as a URL writes it: the id is the decoded name, as the browser's own jump reads it.
    ['#%C3%A9t%C3%A9', 'inline', 'été', false],
    ['#caf%E9', 'inline', 'caf%E9', false], // not UTF-8: kept as written
    // Asked for at the address the page gives (spec §7): a server may answer a fragment only then.
    [
      '/clinic/en/hours.html?ajax=true&width=600',
      'ajax',
      'https://clinic.example/clinic/en/hours.html?ajax=true&width=600',
      false,
    ],
    [
      'https://maps.example/embed?q=clinic&iframe=true&width=800&height=600',
      'iframe',
      'https://maps.example/embed?q=clinic',
      false,
    ],
  ])('%s → %s', (href, kind, src, thumbnail) => {
    expect(contentOf(href, base, defaults)).toMatchObject({ kind, src, thumbnail });
  });

  it('width and height parameters size the content, else the defaults (500 × 344)', () => {
    expect(contentOf('/page?iframe=true&width=800&height=600', base, defaults)).toMatchObject({
      width: 800,
      height: 600,
    });
    expect(contentOf('/page?iframe=true&width=-3&height=abc', base, defaults)).toMatchObject({
      width: 500,
      height: 344,
    });
    expect(contentOf('#x', base, { width: 640, height: 480 })).toMatchObject({ width: 640, height: 480 });
    // Inline content too (contract §3): the parameters after the id, not part of it.
    expect(contentOf('#info?width=600&height=400', base, defaults)).toMatchObject({
      kind: 'inline',
      src: 'info',
      width: 600,
      height: 400,
    });
    expect(contentOf('#faq?', base, defaults)).toMatchObject({ src: 'faq?', width: 500 }); // an id's own "?"
    expect(contentOf('#a?b', base, defaults)).toMatchObject({ src: 'a?b' });
    expect(contentOf('#a?b&height=300', base, defaults)).toMatchObject({ src: 'a', height: 300 });
  });

  it.each([
    ['javascript:alert(1)', /not opened/],
    ['data:text/html,<script>alert(1)</script>', /not opened/],
    ['https://evil.example/x.html?ajax=true', /another origin/],
    ['#', /needs an id/],
    ['', /href is empty or missing/],
    [' \n', /href is empty or missing/],
    ['http://[::1', /not a valid address/],
  ])('refuses %s', (href, why) => {
    const result = contentOf(href, base, defaults);
    expect('refused' in result && result.refused).toMatch(why);
  });

  // Shown as an image or a frame, these would reach the provider before the visitor allowed it.
  it.each([
    'https://www.youtube.com/watch?v=<script>',
    'https://www.youtube.com/playlist?list=PL0123456789',
    'https://www.youtube.com/live/abc?iframe=true',
    'https://music.youtube.com/watch?v=',
    'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
    'https://vimeo.com/showcase/123',
    'https://vimeo.com/channels/staffpicks/76979871x?iframe=true',
    'https://i.vimeocdn.com/video/1.jpg',
    'https://i.ytimg.com./vi/dQw4w9WgXcQ/hqdefault.jpg', // the root's dot: the same server
    'https://player.vimeo.com./video/1',
    // YouTube's other domains, its API host, its kids' site and its video servers
    'https://www.youtube.de/playlist?list=PL0123456789',
    'https://www.youtube.co.uk/img.jpg',
    'https://youtube.googleapis.com/v/dQw4w9WgXcQ?iframe=true',
    'https://www.youtubekids.com/watch?v=dQw4w9WgXcQ&iframe=true',
    'https://rr1---sn-abc.googlevideo.com/x.mp4',
  ])('a video provider address that is not one video stays a link: %s', (href) => {
    const result = contentOf(href, base, defaults);
    expect('refused' in result && result.refused).toMatch(/only embedded for a single video/);
  });
});

describe('lightbox: deep links', () => {
  const groups = new Map([
    ['rooms', 3],
    ['lab', 1],
  ]);
  it.each([
    ['#!rooms/0', { group: 'rooms', index: 0 }],
    ['#!rooms/2/', { group: 'rooms', index: 2 }],
    ['#prettyPhoto[rooms]/1/', { group: 'rooms', index: 1 }], // the builder's older links
    ['#!prettyPhoto[lab]/0/', { group: 'lab', index: 0 }],
    ['#!rooms/3', null], // out of range
    ['#!kitchen/0', null], // unknown group
    ['#rooms/0', null], // no "!"
    ['#!rooms/-1', null],
    ['#!rooms/1e3', null],
    ['#!%3Cimg%20src=x%20onerror=alert(1)%3E/0', null],
    ['#!%E0%A4%A/0', null], // malformed escape
    ['', null],
  ])('%s → %j', (hash, expected) => {
    expect(parseDeepLink(hash, groups)).toEqual(expected);
  });

  it('writes the contract’s own form, escaping the group', () => {
    expect(deepLinkHash({ group: 'rooms', index: 2 })).toBe('#!rooms/2');
    expect(deepLinkHash({ group: 'a b/c', index: 0 })).toBe('#!a%20b%2Fc/0');
    expect(parseDeepLink(deepLinkHash({ group: 'a b/c', index: 0 }), new Map([['a b/c', 1]]))).toEqual({
      group: 'a b/c',
      index: 0,
    });
  });
});
