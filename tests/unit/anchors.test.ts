import { afterEach, describe, expect, it } from 'vitest';
import { anchors } from '../../runtime/controllers/anchors';
import type { Runtime } from '../../runtime/runtime';
import { html, runtime } from './helpers';

let rt: Runtime | undefined;
afterEach(() => {
  rt?.destroy();
  rt = undefined;
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('smooth anchors and the carousel', () => {
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

describe('smooth anchors: links that are not to this page, targets that take no focus', () => {
  const start = (body: string) => {
    html(body);
    rt = runtime([{ name: 'anchors', selector: ':root', load: 'ready', controller: anchors }]);
    rt.start();
  };

  it('leaves a #id link that a <base> sends to another page: nothing scrolled or focused here first', () => {
    document.head.innerHTML = '<base href="https://elsewhere.example/clinic/">';
    start('<a id="go" href="#hours">Hours</a><section id="hours"><h2>Hours</h2></section>');
    const go = document.getElementById('go')!;
    // The test stays on its page: stopped after the runtime's listener on the document.
    window.addEventListener('click', (e) => e.preventDefault(), { once: true });
    go.click();
    const target = document.getElementById('hours')!;
    expect(target.style.scrollMarginTop).toBe('');
    expect(target.hasAttribute('tabindex')).toBe(false);
    expect(document.activeElement).toBe(document.body);
  });

  it("leaves a #id link that opens in another tab or window (its target, or the <base>'s): this page stays as it is", () => {
    for (const [head, link] of [
      ['', '<a id="go" href="#hours" target="_blank">Hours</a>'],
      ['<base target="_blank">', '<a id="go" href="#hours">Hours</a>'],
    ]) {
      document.head.innerHTML = head!;
      start(`${link}<section id="hours"><h2>Hours</h2></section>`);
      window.addEventListener('click', (e) => e.preventDefault(), { once: true });
      document.getElementById('go')!.click();
      const target = document.getElementById('hours')!;
      expect(target.style.scrollMarginTop, head).toBe('');
      expect(target.hasAttribute('tabindex'), head).toBe(false);
      expect(document.activeElement).toBe(document.body);
      rt?.destroy();
    }
    document.head.innerHTML = '';
  });

  it('a target that cannot take focus keeps no tabindex once the navigation is over (it never blurs)', () => {
    start('<a id="go" href="#hours">Hours</a><section id="hours"><h2>Hours</h2></section>');
    const target = document.getElementById('hours')!;
    target.focus = () => {}; // as in a closed <details> that stays closed
    document.getElementById('go')!.click();
    expect(target.style.scrollMarginTop).toBe('100px');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(target.hasAttribute('tabindex')).toBe(false);
  });

  it('a target that can take focus only once the navigation is done (shown under :target) gets it then', () => {
    start('<a id="go" href="#hours">Hours</a><section id="hours"><h2>Hours</h2></section>');
    const target = document.getElementById('hours')!;
    const focus = target.focus.bind(target);
    let shown = false;
    target.focus = (options) => shown && focus(options);
    document.getElementById('go')!.click();
    expect(document.activeElement).not.toBe(target);
    shown = true; // :target now matches
    history.replaceState(null, '', '#hours');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(document.activeElement).toBe(target);
    history.replaceState(null, '', location.pathname + location.search);
    expect(target.getAttribute('tabindex')).toBe('-1');
  });
});

describe('smooth anchors: focus once more after the navigation, and only then', () => {
  it('not on another navigation, nor after the visitor has moved focus', () => {
    html(
      '<a id="go" href="#hours">Hours</a><button id="b">Other</button><section id="hours"><h2>Hours</h2></section>',
    );
    rt = runtime([{ name: 'anchors', selector: ':root', load: 'ready', controller: anchors }]);
    rt.start();
    const target = document.getElementById('hours')!;
    const focus = target.focus.bind(target);
    let shown = false;
    target.focus = (options) => shown && focus(options);
    document.getElementById('go')!.click();
    shown = true;
    document.getElementById('b')!.focus(); // the visitor moved on
    history.replaceState(null, '', '#hours');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(document.activeElement!.id).toBe('b');
    history.replaceState(null, '', location.pathname + location.search);
  });
});

describe('smooth anchors: an id that holds a percent escape itself', () => {
  it('is found as written first, then percent-decoded, as the browser finds it: scrolled to and focused', () => {
    html(`<a id="raw" href="#a%25b">A%25B</a><a id="letter" href="#%41">%41</a><a id="cafe" href="#caf%C3%A9">Café</a>
      <section id="a%25b"><h2>Raw</h2></section><section id="%41"><h2>Letter</h2></section>
      <section id="A"><h2>Decoded</h2></section><section id="café"><h2>Café</h2></section>`);
    rt = runtime([{ name: 'anchors', selector: ':root', load: 'ready', controller: anchors }]);
    rt.start();
    for (const [link, id] of [
      ['raw', 'a%25b'],
      ['letter', '%41'],
      ['cafe', 'café'],
    ]) {
      document.getElementById(link)!.click();
      expect(document.activeElement, link).toBe(document.getElementById(id));
      expect(document.getElementById(id)!.style.scrollMarginTop, link).toBe('100px');
    }
  });
});
