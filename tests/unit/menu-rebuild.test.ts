import { afterEach, describe, expect, it, vi } from 'vitest';
import { menu } from '../../runtime/controllers/menu';
import type { Runtime } from '../../runtime/runtime';
import { html, runtime } from './helpers';

/** A menu changed after it was enhanced is built again; what it or the runtime's UI draws is not a change. */
describe('menu: rebuilt when its items change', () => {
  let rt: Runtime | undefined;
  afterEach(() => {
    rt?.destroy();
    rt = undefined;
    document.body.innerHTML = '';
  });
  const start = () => {
    html(`<nav data-sw-menu aria-label="Main"><ul>
      <li><a href="/a/">A</a><ul><li><a href="/a/1/">A1</a></li></ul></li>
      <li><a href="/b/">B</a></li></ul></nav>`);
    rt = runtime([{ name: 'menu', selector: '[data-sw-menu]', load: 'ready', controller: menu }]);
    rt.start();
  };
  const buttons = () => [...document.querySelectorAll<HTMLButtonElement>('button.sw-submenu')];
  const item = (label: string, sub?: string) => {
    const li = document.createElement('li');
    const a = li.appendChild(document.createElement('a'));
    a.href = `/${label}/`;
    a.textContent = label;
    if (sub) li.appendChild(document.createElement('ul')).append(item(sub));
    return li;
  };

  it('an item with a submenu added later gets its button, its submenu collapsed', async () => {
    start();
    expect(buttons()).toHaveLength(1);
    document.querySelector('nav > ul')!.append(item('c', 'c1'));
    await vi.waitFor(() => expect(buttons()).toHaveLength(2));
    const sub = document.querySelector<HTMLElement>('a[href="/c/"] ~ ul')!;
    expect(sub.hidden).toBe(true);
    expect(buttons()[1]!.getAttribute('aria-controls')).toBe(sub.id);
  });

  it('its own buttons opening and closing, and a language list the runtime draws in it, rebuild nothing', async () => {
    start();
    const [button] = buttons();
    (button as HTMLButtonElement).click();
    const drawn = document.createElement('div');
    drawn.setAttribute('data-sw-ui', 'languages');
    drawn.appendChild(document.createElement('ul')).append(item('fr'));
    document.querySelector('nav > ul > li:last-child')!.append(drawn);
    await rt!.work.idle(); // a frame and a task later: the observer's records are long delivered
    expect(buttons()).toEqual([button]);
    expect(button!.getAttribute('aria-expanded')).toBe('true');
  });

  // A builder's script adding an item, or the switcher replacing its fallback link, while the
  // visitor is in the menu: what they opened stays open, and focus stays on their button.
  it('a rebuild keeps the submenu the visitor opened, and focus on its button', async () => {
    start();
    const [button] = buttons() as HTMLButtonElement[];
    button!.focus();
    button!.click();
    document.querySelector('nav > ul')!.append(item('c'));
    await vi.waitFor(() => expect(button!.isConnected).toBe(false));
    const [now] = buttons();
    expect(now!.getAttribute('aria-expanded')).toBe('true');
    expect(document.querySelector<HTMLElement>('a[href="/a/"] ~ ul')!.hidden).toBe(false);
    expect(document.activeElement).toBe(now);
    // Its submenu replaced (an editor rewriting the item's list): still open, focus still on its button.
    now!.focus();
    const li = document.querySelector('a[href="/a/"]')!.parentElement!;
    const sub = document.createElement('ul');
    sub.append(item('a2'));
    li.querySelector(':scope > ul')!.replaceWith(sub);
    await vi.waitFor(() => expect(now!.isConnected).toBe(false));
    expect(sub.hidden).toBe(false);
    expect(document.activeElement).toBe(buttons()[0]);
    expect(buttons()[0]!.getAttribute('aria-expanded')).toBe('true');
  });

  it('a rebuild below the breakpoint keeps the list the visitor opened with the toggle', async () => {
    const happy = (window as unknown as { happyDOM: { setViewport(v: { width: number }): void } }).happyDOM;
    happy.setViewport({ width: 400 });
    try {
      html(`<nav data-sw-menu aria-label="Main"><button data-sw-menu-toggle>Menu</button><ul>
        <li><a href="/a/">A</a></li></ul></nav>`);
      rt = runtime([{ name: 'menu', selector: '[data-sw-menu]', load: 'ready', controller: menu }]);
      rt.start();
      const toggle = document.querySelector<HTMLButtonElement>('[data-sw-menu-toggle]')!;
      const list = document.querySelector<HTMLElement>('nav > ul')!;
      expect(list.hidden).toBe(true);
      toggle.click();
      document.querySelector<HTMLAnchorElement>('a[href="/a/"]')!.focus();
      list.append(item('b'));
      await rt.work.idle();
      expect(document.querySelector('a[href="/b/"]')).not.toBeNull();
      expect(list.hidden).toBe(false);
      expect(toggle.getAttribute('aria-expanded')).toBe('true');
      expect(document.activeElement).toBe(document.querySelector('a[href="/a/"]'));
      // Closing it still works after the rebuild.
      toggle.click();
      expect(list.hidden).toBe(true);
    } finally {
      happy.setViewport({ width: 1024 });
    }
  });

  // The switcher draws its list in place of its fallback link, inside the item: a list of the
  // item's own with no link to name it.
  it('a language list drawn in an item is a submenu named by the list', async () => {
    html(`<nav data-sw-menu aria-label="Main"><ul>
      <li><a href="/a/">A</a></li><li data-sw-languages><a href="/fr/">Français</a></li></ul></nav>`);
    rt = runtime([{ name: 'menu', selector: '[data-sw-menu]', load: 'ready', controller: menu }]);
    rt.start();
    const li = document.querySelector<HTMLElement>('[data-sw-languages]')!;
    li.setAttribute('data-sw-ui', 'languages');
    const list = document.createElement('ul');
    list.setAttribute('aria-label', 'Languages');
    list.append(item('en'), item('fr'));
    li.replaceChildren(list);
    await vi.waitFor(() => expect(buttons()).toHaveLength(1));
    expect(buttons()[0]!.textContent).toBe('Languages submenu');
    expect(buttons()[0]!.getAttribute('aria-controls')).toBe(list.id);
  });
});
