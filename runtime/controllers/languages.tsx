import type { Controller } from '../controller';
import type { Runtime } from '../runtime';
import { navStrings } from '../i18n/nav';
import { languageEntries, type MenuItem } from '../languages/links';
import { LanguageList } from '../languages/list';
import { InvalidOptionsError } from '../errors';
import { log } from '../log';
import { loadScript, trusted } from '../trusted-types';

export { isLinkable, languageLink, type MenuItem } from '../languages/links';

/**
 * `data-sw-languages`: loads every language's menu script, one after another (the UI host
 * arrives meanwhile), then draws the list of languages in place of the builder's content.
 * If any script fails, the whole build is rejected: the container stays exactly as the
 * builder wrote it and the registry logs one error.
 */
export const languages: Controller = {
  async connect(container, ctx) {
    const { runtime } = ctx;
    const { config, window: win } = runtime;
    if (!config.languages.length) return;
    const host = runtime.ui();
    host.catch(() => undefined); // announced by the loader; awaited below
    const menus: MenuItem[][] = [];
    for (const [, menuList, id] of config.languages) menus.push(await menuOf(runtime, menuList, id));
    const here = win.location.href.replace(/#.*$/, '');
    const { entries, refused } = languageEntries(config, menus, here, win.document.documentElement.lang);
    for (const { id, label, unusable } of refused)
      warnOnce(
        runtime,
        unusable
          ? `language switcher: the menu for ${id} (${label}) has no usable item; that language is left out.`
          : `language switcher: the link for ${id} (${label}) is not an http(s) or relative URL; that language is left out.`,
      );
    // An empty list in place of the builder's links would leave the visitor no way to switch.
    if (!entries.length) {
      warnOnce(runtime, NO_ENTRY);
      throw new InvalidOptionsError(NO_ENTRY, { logged: true }); // left plain, not "ready"
    }
    const ui = await host;
    if (ctx.signal.aborted) return;
    const original = [...container.childNodes];
    const focused = focusedLanguage(container);
    const label = runtime.strings(navStrings)('languages');
    // A list container (`<ul data-sw-languages>`) gets the items alone: a <ul> in a <ul> is not
    // a list (axe `list`). The container then carries the name, unless the builder gave one.
    const items = /^(UL|OL|MENU)$/.test(container.tagName);
    const named =
      items && !container.hasAttribute('aria-label') && !container.hasAttribute('aria-labelledby');
    if (named) container.setAttribute('aria-label', label);
    container.replaceChildren();
    const list = <LanguageList label={label} entries={entries} items={items} />;
    const mounted = ui.mount(container, list, { name: ctx.name, element: container });
    refocus(container, focused);
    return () => {
      const back = focusedLanguage(container);
      mounted.unmount();
      if (named) container.removeAttribute('aria-label');
      container.replaceChildren(...original);
      refocus(container, back);
    };
  },
};

const NO_ENTRY = "language switcher: no language has a link to show; the builder's content stays.";

const hreflang = (a: Element | null) => a?.getAttribute('hreflang')?.toLowerCase() ?? '';

/** The language of the link focused in `box` (`''` without `hreflang`); undefined if focus is elsewhere. */
function focusedLanguage(box: Element): string | undefined {
  const at = box.ownerDocument.activeElement;
  return at != box && box.contains(at) ? hreflang(at) : undefined;
}

/**
 * Focus on a link the list replaced (or, on disconnect, the builder's links) goes on to the
 * same language's link, else the first: not to `<body>` (WCAG 2.4.3).
 */
function refocus(box: Element, lang: string | undefined): void {
  if (lang == null) return;
  const links = [...box.querySelectorAll<HTMLElement>('a[href]')];
  (links.find((a) => hreflang(a) == lang) ?? links[0])?.focus();
}

const MENUS = {};
const WARNED = {};

/** The menus are the page's, not a switcher's: what is wrong with them is said once, not per switcher. */
function warnOnce(runtime: Runtime, message: string): void {
  const said = runtime.shared(WARNED, () => new Set<string>());
  if (!said.has(message)) log.warn(message);
  said.add(message);
}

/**
 * One language's menu script (contract §3), loaded once per runtime however many switchers the
 * page has (a header's and a footer's): a script run twice fetched twice, and one declaring
 * its list with `let` threw the second time. A failed load is forgotten: the next connect
 * tries that one again, and only that one.
 */
function menuOf(runtime: Runtime, menuList: string, id: string): Promise<MenuItem[]> {
  const loaded = runtime.shared(MENUS, () => new Map<string, Promise<MenuItem[]>>());
  const { env, nonce, window: win, signal } = runtime;
  let menu = loaded.get(id);
  if (!menu) {
    const url = `${env.baseUrl}/swfiles/html/menu_${encodeURIComponent(id)}.js`;
    menu = loadScript(win, url, nonce, signal).then(() => {
      const list = menuGlobal(win, menuList, nonce);
      if (!Array.isArray(list)) throw new Error(`menu_${id}.js did not define ${menuList}`);
      return list as MenuItem[];
    });
    menu.catch(() => loaded.delete(id));
    loaded.set(id, menu);
  }
  return menu;
}

/**
 * The global a menu script defined (contract §3). `var menu_fr = …` is a property of the
 * window; `let` or `const` make a global binding that is not, which a one-line script of the
 * runtime's (with its nonce) hands over. Only an identifier is ever written into that script.
 */
function menuGlobal(win: Window, name: string, nonce: string | undefined): unknown {
  const w = win as unknown as Record<string, unknown>;
  if (name in w || !/^[A-Za-z_$][\w$]*$/.test(name)) return w[name];
  const script = win.document.createElement('script');
  if (nonce) script.nonce = nonce;
  script.text = trusted(win).script(`window.__swMenu=typeof ${name}=="undefined"?void 0:${name}`);
  win.document.head.append(script); // an inline classic script runs as it is inserted
  script.remove();
  const value = w.__swMenu;
  delete w.__swMenu;
  return value;
}

// What this chunk shares with the entry ships as one file with it (see core.ts).
export { core as __core } from '../core';
