import { afterEach, describe, expect, it } from 'vitest';
import { anchors } from '../../runtime/controllers/anchors';
import type { Runtime } from '../../runtime/runtime';
import { html, runtime } from './helpers';

describe('smooth anchors and the carousel', () => {
  let rt: Runtime | undefined;
  afterEach(() => {
    rt?.destroy();
    rt = undefined;
    document.body.innerHTML = '';
  });

  const start = () => {
    html(`<div id="news" data-sw-carousel aria-label="News">
      <div data-sw-slide><p><a id="book" href="#booking">Book now</a></p></div>
      <a id="prev" href="#news" data-sw-carousel-prev>Previous</a></div>
      <section id="booking"><h2>Booking</h2></section>`);
    rt = runtime([{ name: 'anchors', selector: ':root', load: 'ready', controller: anchors }]);
    rt.start();
  };

  it("scrolls to a slide's link target as to any other, 100 px below the top, focus moved there", () => {
    start();
    document.getElementById('book')!.click();
    const target = document.getElementById('booking')!;
    expect(target.style.scrollMarginTop).toBe('100px');
    expect(document.activeElement).toBe(target);
  });

  it("leaves the carousel's own controls to it", () => {
    start();
    document.getElementById('prev')!.click();
    expect(document.getElementById('news')!.style.scrollMarginTop).toBe('');
    expect(document.activeElement).toBe(document.body);
  });
});
