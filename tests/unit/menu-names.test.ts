import { afterEach, describe, expect, it } from 'vitest';
import { menu } from '../../runtime/controllers/menu';
import type { Runtime } from '../../runtime/runtime';
import { html, runtime } from './helpers';

let rt: Runtime | undefined;
afterEach(() => rt?.destroy());

/** A submenu's button is named as its item is named to a screen reader, whatever the builder's markup. */
describe('menu: submenu buttons named by their item', () => {
  const start = (items: string) => {
    html(`<nav data-sw-menu aria-label="Main"><ul>${items}</ul></nav>`);
    rt = runtime([{ name: 'menu', selector: '[data-sw-menu]', load: 'ready', controller: menu }]);
    rt.start();
    return [...document.querySelectorAll<HTMLButtonElement>('button.sw-submenu')];
  };
  const sub = '<ul><li><a href="/x/1/">One</a></li></ul>';

  it("by an image link's alt, a link's aria-label, an item's own words", () => {
    const buttons = start(`
      <li><a href="/s/"><img src="s.png" alt="Services"></a>${sub}</li>
      <li><a href="/c/" aria-label="Clinic"><img src="c.png" alt=""></a>${sub}</li>
      <li>Departments ${sub}</li>
      <li><span>About <b>us</b></span>${sub}</li>
      <li><a href="/t/">Team<span aria-hidden="true"> ▾</span><span hidden>old</span></a>${sub}</li>`);
    expect(buttons.map((b) => b.textContent)).toEqual([
      'Services submenu',
      'Clinic submenu',
      'Departments submenu',
      'About us submenu',
      'Team submenu',
    ]);
  });

  it('by aria-labelledby first, and by a title where nothing else names the item', () => {
    const buttons = start(`
      <li><a href="/s/" aria-labelledby="l1 l2" aria-label="ignored">S</a>
        <span id="l1" hidden>Our</span><span id="l2" hidden> services</span>${sub}</li>
      <li><a href="/i/" title="Information"><img src="i.svg" alt=""></a>${sub}</li>
      <li><a href="/m/" title="a tooltip">Map</a>${sub}</li>`);
    expect(buttons.map((b) => b.textContent)).toEqual([
      'Our services submenu',
      'Information submenu',
      'Map submenu',
    ]);
  });

  it('with no name anywhere, the word alone, never a leading space', () => {
    const [button] = start(`<li><a href="/s/"><img src="s.png"></a>${sub}</li>`);
    expect(button!.textContent).toBe('submenu');
  });

  it('a parent link to javascript:void(0) goes nowhere: pressing it opens the submenu', () => {
    const [button] = start(`<li><a id="p" href="javascript:void(0);">Services</a>${sub}</li>`);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById('p')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(button!.getAttribute('aria-expanded')).toBe('true');
  });

  it("a builder's id with a space is not put in aria-controls (two IDREFs, naming nothing)", () => {
    const [button] =
      start(`<li><a href="/s/">Services</a><ul id="services menu"><li><a href="/s/1/">1</a></li></ul></li>
      <li><a href="/c/">Clinic</a><ul id="clinic-menu"><li><a href="/c/1/">1</a></li></ul></li>`);
    expect(button!.hasAttribute('aria-controls')).toBe(false);
    expect(document.getElementById('services menu')).not.toBeNull(); // the builder's id is kept
    const second = document.querySelectorAll('button.sw-submenu')[1]!;
    expect(second.getAttribute('aria-controls')).toBe('clinic-menu');
  });
});
