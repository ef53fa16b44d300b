import type { Config } from '../config';
import type { Controller } from '../controller';
import { navStrings } from '../i18n/nav';
import { log } from '../log';
import { loadScript } from '../trusted-types';

/** `[label, href, target, level, cssClass, hidden, icon, pageId]`; only 0, 1, 3 and 7 matter. */
export type MenuItem = [string, string, ...unknown[]];

/**
 * The link for language `lang` (contract §3, Language switcher): the page itself for the
 * current language; on a detail page, that page's `detailList` url for `lang`; else the
 * item of `lang`'s menu whose page id is the current page's; else that menu's first item.
 */
export function languageLink(
  lang: string,
  page: Config['page'],
  menu: readonly MenuItem[],
  currentHref: string,
): string | undefined {
  if (lang === page.languageId) return currentHref;
  const detail = page.detailPage ? page.detailList.find((d) => d.lang === lang) : undefined;
  if (detail) return detail.url;
  const item = menu.find((i) => page.id !== undefined && String(i[7]) === page.id) ?? menu[0];
  return item?.[1];
}

/**
 * Contract: only http:, https: and relative URLs become links. Judged by the URL parser, so
 * leading whitespace, control characters, tabs inside the scheme and any case read as the
 * browser would read them when following the link. Menu scripts can hold any value: only a
 * string is a URL.
 */
export function isLinkable(href: unknown): href is string {
  if (typeof href !== 'string') return false;
  try {
    // A relative URL takes this base's scheme whatever the page's own is (file: in a preview).
    const { protocol } = new URL(href, 'https://relative.invalid/');
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * `data-sw-languages`: loads every language's menu script, one after another, then renders
 * the list of languages. If any script fails, the whole build is rejected: the container
 * stays exactly as the builder wrote it and the registry logs one error.
 */
export const languages: Controller = {
  async connect(container, ctx) {
    const { config, env, nonce, window: win } = ctx.runtime;
    if (!config.languages.length) return;
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
    const doc = container.ownerDocument;
    const t = ctx.runtime.strings(navStrings);
    const list = doc.createElement('ul');
    list.setAttribute('aria-label', t('languages'));
    const here = win.location.href.replace(/#.*$/, '');
    config.languages.forEach(([label, , id], i) => {
      const href: unknown = languageLink(id, config.page, menus[i]!, here);
      if (!href) return;
      if (!isLinkable(href)) {
        log.warn(
          `language switcher: the link for ${id} (${label}) is not an http(s) or relative URL; that language is left out.`,
        );
        return;
      }
      const a = doc.createElement('a');
      a.href = href;
      a.hreflang = id;
      a.lang = id;
      a.textContent = label;
      if (id === config.page.languageId) a.setAttribute('aria-current', 'true');
      const li = doc.createElement('li');
      li.append(a);
      list.append(li);
    });
    const original = [...container.childNodes];
    container.replaceChildren(list);
    return () => container.replaceChildren(...original);
  },
};
