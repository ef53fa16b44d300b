import { afterEach, describe, expect, it, vi } from 'vitest';
import { trackVideos } from '../../../runtime/analytics/video';
import { html } from '../helpers';

describe('video events', () => {
  const stop = new AbortController();
  afterEach(() => stop.abort());

  it('a video already playing when tracking starts (consent given meanwhile) starts then, and its progress counts', () => {
    html(`<video id="tour" title="Tour" src="/tour.mp4"></video><video id="idle" src="/idle.mp4"></video>`);
    const tour = document.getElementById('tour') as HTMLVideoElement;
    Object.defineProperties(tour, {
      paused: { value: false },
      currentTime: { value: 12, writable: true },
      duration: { value: 100 },
    });
    const send = vi.fn();
    trackVideos(window as Window & typeof globalThis, send, stop.signal, new WeakMap());
    expect(send.mock.calls.map(([name, p]) => `${name} ${p.video_title} ${p.video_percent}`)).toEqual([
      'video_start Tour 0',
      'video_progress Tour 10',
    ]);
    tour.currentTime = 30;
    tour.dispatchEvent(new Event('timeupdate'));
    expect(send.mock.calls.at(-1)![1]).toMatchObject({ video_percent: 25 });
  });
});
