import { afterEach, describe, expect, it } from 'vitest';
import { anchorMenu } from '../../runtime/controllers/anchor-menu';
import type { Runtime } from '../../runtime/runtime';
import { html, runtime, silenceConsole } from './helpers';

describe('anchor menu', () => {
  let rt: Runtime | undefined;
  afterEach(() => {
    rt?.destroy();
    // happy-dom follows the links clicked: the next test starts from an address without one.
    history.replaceState(null, '', location.pathname);
  });
  const start = (links: string, options = '') => {
    html(`<nav data-sw-anchor-menu='${options}' aria-label="On this page">${links}</nav>`);
    rt = runtime([
      { name: 'anchor menu', selector: '[data-sw-anchor-menu]', load: 'ready', controller: anchorMenu },
    ]);
    rt.start();
    return (href: string) => document.querySelector<HTMLAnchorElement>(`a[href="${href}"]`)!;
  };

  it('a link added later is handled as the first were: clicked, it is the one active link', async () => {
    const link = start('<ul><li><a href="#hours">Hours</a></li></ul>');
    link('#hours').click();
    const li = document.querySelector('ul')!.appendChild(document.createElement('li'));
    li.innerHTML = '<a href="#location">Location</a>';
    await rt!.work.idle();
    // Rebuilt around it, the link active before stays so.
    expect(link('#hours').outerHTML).toBe('<a href="#hours" class="active" aria-current="true">Hours</a>');
    link('#location').click();
    expect(link('#location').getAttribute('aria-current')).toBe('true');
    expect(link('#hours').outerHTML).toBe('<a href="#hours">Hours</a>');
  });

  it('one link active at a time; a link it leaves keeps no empty class attribute', () => {
    const link = start('<a href="#hours">Hours</a><a href="#location" class="pill">Location</a>');
    link('#hours').click();
    expect(link('#hours').outerHTML).toBe('<a href="#hours" class="active" aria-current="true">Hours</a>');
    link('#location').click();
    expect(link('#hours').outerHTML).toBe('<a href="#hours">Hours</a>');
    expect(link('#location').getAttribute('class')).toBe('pill active');
  });

  it('an SVG link in the menu (an icon’s) is passed over: the HTML links are still marked', () => {
    const { error } = silenceConsole();
    const link = start(
      '<svg viewBox="0 0 10 10"><a href="#top"><rect width="10" height="10"/></a></svg><a href="#hours">Hours</a>',
    );
    link('#hours').click();
    expect(link('#hours').getAttribute('aria-current')).toBe('true');
    expect(error).not.toHaveBeenCalled();
  });

  it('a click that opens the link elsewhere (Ctrl, Cmd, Shift, middle button) marks nothing', () => {
    const link = start('<a href="#hours">Hours</a><a href="#location">Location</a>');
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }])
      link('#hours').dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ...init }));
    expect(link('#hours').outerHTML).toBe('<a href="#hours">Hours</a>');
  });

  it('a link whose click a page script prevents (its own smooth scrolling) is marked all the same', () => {
    const link = start('<a href="#hours">Hours</a><a href="#location">Location</a>');
    link('#hours').addEventListener('click', (e) => e.preventDefault());
    link('#hours').click();
    expect(link('#hours').getAttribute('aria-current')).toBe('true');
  });

  it('the address marks its section’s link: at connect, and on Back and Forward (percent-escapes alike)', () => {
    history.replaceState(null, '', '#%C3%BCber');
    const link = start('<a href="#hours">Hours</a><a href="#über">Über uns</a><a href="#map">Map</a>');
    expect(link('#über').getAttribute('aria-current')).toBe('true');
    link('#map').click();
    for (const [hash, marked] of [
      ['#hours', '#hours'],
      ['#elsewhere', '#hours'], // a section outside the menu leaves the mark where it was
      ['', undefined],
    ] as const) {
      history.replaceState(null, '', hash || location.pathname);
      window.dispatchEvent(new HashChangeEvent('hashchange'));
      const current = [...document.querySelectorAll('[aria-current]')].map((a) => a.getAttribute('href'));
      expect(current, hash).toEqual(marked ? [marked] : []);
    }
  });

  it('loaded at an address without a fragment, the builder’s own mark stays', () => {
    const link = start('<a href="#hours" class="active" aria-current="true">Hours</a><a href="#map">Map</a>');
    expect(link('#hours').outerHTML).toBe('<a href="#hours" class="active" aria-current="true">Hours</a>');
  });

  it('destroy puts back the builder’s own marks, exactly as written', () => {
    const markup =
      '<a href="#hours" class="active" aria-current="true">Hours</a><a href="#location">Location</a>';
    const link = start(markup);
    link('#location').click();
    expect(link('#hours').hasAttribute('aria-current')).toBe(false);
    rt!.destroy();
    rt = undefined;
    expect(document.querySelector('nav')!.innerHTML).toBe(markup);
  });

  it('options of the wrong kind keep their defaults and are named, as are unknown ones (contract)', () => {
    const { warn } = silenceConsole();
    start('<a href="#hours">Hours</a>', '{"scrollSpy":"true","offset":"80","scrollspy":true}');
    const lines = warn.mock.calls.map((c) => String(c[0]));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/invalid scrollSpy, offset; the default is used/);
    expect(lines[1]).toMatch(/unknown option\(s\) scrollspy; ignored/);
    warn.mockClear();
    start('<a href="#hours">Hours</a>', '{"scrollSpy":true,"offset":80}');
    expect(warn).not.toHaveBeenCalled();
  });
});
