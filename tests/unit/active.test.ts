import { describe, expect, it, vi } from 'vitest';
import { markActiveLinks } from '../../runtime/controllers/active';
import { html, runtime } from './helpers';

describe('active markers', () => {
  it('a link within the page (href "#", "#x" or empty) is not the current page; a full path with a hash is', () => {
    // The page is /clinic/en/team/: a link within it resolves to that very path.
    const before = location.href;
    history.replaceState(null, '', '/clinic/en/team/');
    html(`<ul data-sw-menu>
      <li><a href="#">Services</a><ul><li><a href="/clinic/en/team/">Team</a></li></ul></li>
      <li><a href="#hours">Hours</a></li>
      <li><a href="">Here</a></li>
      <li><a href=" #top ">Top</a></li>
      <li><a href="/clinic/en/team/#dr-baker">Dr. Baker</a></li>
    </ul>`);
    const undo = markActiveLinks(document.querySelector('[data-sw-menu]')!, location);
    const current = [...document.querySelectorAll('[aria-current]')].map((a) => a.textContent);
    expect(current).toEqual(['Team', 'Dr. Baker']);
    const active = [...document.querySelectorAll('li.active > a')].map((a) => a.textContent);
    expect(active).toEqual(['Team', 'Dr. Baker']);
    // The placeholder parent is the trail, not the page.
    expect(document.querySelector('li.active-trail > a')!.textContent).toBe('Services');
    undo();
    expect(document.querySelectorAll('[aria-current], .active, .active-trail')).toHaveLength(0);
    history.replaceState(null, '', before);
  });

  it('a language switcher inside the menu is no section of it: its link to this page marks nothing', () => {
    const before = location.href;
    history.replaceState(null, '', '/clinic/en/team/');
    html(`<ul data-sw-menu>
      <li><a href="/clinic/en/">Home</a></li>
      <li data-sw-languages><a href="#">Languages</a><ul><li><a href="/clinic/en/team/">English</a></li></ul></li>
    </ul>`);
    const undo = markActiveLinks(document.querySelector('[data-sw-menu]')!, location);
    expect(document.querySelectorAll('[aria-current], .active, .active-trail')).toHaveLength(0);
    undo();
    history.replaceState(null, '', before);
  });

  it('the undo leaves no empty class attribute where there was none, and keeps the builder’s own', () => {
    const before = location.href;
    history.replaceState(null, '', '/clinic/en/team/');
    html(`<ul data-sw-menu>
      <li id="a"><a href="#">Services</a><ul><li id="b" class="x"><a href="/clinic/en/team/">Team</a></li></ul></li>
      <li id="c"><a href="/clinic/en/team/">Team</a><ul><li id="d"><a href="/clinic/en/team/#dr">Dr.</a></li></ul></li>
      <li id="e" class=""><a href="/clinic/en/team/">Team</a></li>
    </ul>`);
    const menu = document.querySelector('[data-sw-menu]')!;
    const markup = menu.outerHTML;
    const undo = markActiveLinks(menu, location);
    // Item c is the page's and, above d, its trail too.
    expect(document.getElementById('c')!.className).toBe('active active-trail');
    undo();
    expect(menu.outerHTML).toBe(markup);
    history.replaceState(null, '', before);
  });

  it('a topbar link to the current page added later is marked too', async () => {
    const { topbar } = await import('../../runtime/controllers/topbar');
    const before = location.href;
    history.replaceState(null, '', '/clinic/en/team/');
    html('<div data-sw-topbar><ul><li><a href="/clinic/en/">Home</a></li></ul></div>');
    const rt = runtime([{ name: 'topbar', selector: '[data-sw-topbar]', load: 'ready', controller: topbar }]);
    rt.start();
    const bar = document.querySelector('[data-sw-topbar] ul')!;
    const li = bar.appendChild(document.createElement('li'));
    li.innerHTML = '<a href="/clinic/en/team/">Team</a>';
    await rt.work.idle();
    await vi.waitFor(() => expect(li.querySelector('a')!.getAttribute('aria-current')).toBe('page'));
    expect(li.className).toBe('active');
    rt.destroy();
    expect(bar.outerHTML).toBe(
      '<ul><li><a href="/clinic/en/">Home</a></li><li><a href="/clinic/en/team/">Team</a></li></ul>',
    );
    history.replaceState(null, '', before);
  });
});
