import type { Controller } from '../controller';
import { navStrings } from '../i18n/nav';
import { languageEntries, type MenuItem } from '../languages/links';
import { LanguageList } from '../languages/list';
import { log } from '../log';
import { loadScript } from '../trusted-types';

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
    const { config, env, nonce, window: win } = runtime;
    if (!config.languages.length) return;
    const host = runtime.ui();
    host.catch(() => undefined); // announced by the loader; awaited below
    const menus: MenuItem[][] = [];
    for (const [, menuList, id] of config.languages) {
      await loadScript(
        win,
        `${env.baseUrl}/swfiles/html/menu_${encodeURIComponent(id)}.js`,
        nonce,
        ctx.signal,
      );
      const menu = (win as unknown as Record<string, unknown>)[menuList];
      if (!Array.isArray(menu)) throw new Error(`menu_${id}.js did not define ${menuList}`);
      menus.push(menu as MenuItem[]);
    }
    const { entries, refused } = languageEntries(config, menus, win.location.href.replace(/#.*$/, ''));
    for (const { id, label } of refused)
      log.warn(
        `language switcher: the link for ${id} (${label}) is not an http(s) or relative URL; that language is left out.`,
      );
    const ui = await host;
    if (ctx.signal.aborted) return;
    const original = [...container.childNodes];
    container.replaceChildren();
    const mounted = ui.mount(
      container,
      <LanguageList label={runtime.strings(navStrings)('languages')} entries={entries} />,
      {
        name: ctx.name,
        element: container,
      },
    );
    return () => {
      mounted.unmount();
      container.replaceChildren(...original);
    };
  },
};

// What this chunk shares with the entry ships as one file with it (see core.ts).
export { core as __core } from '../core';
