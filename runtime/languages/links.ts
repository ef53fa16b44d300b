import type { Config } from '../config';

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
  if (detail?.url) return detail.url;
  // A menu script can hold anything: an item that is not an array (`null`) is no item.
  const items = menu.filter((i) => Array.isArray(i));
  const item = items.find((i) => page.id !== undefined && String(i[7]) === page.id) ?? items[0];
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

/** A language left out: its link is no http(s) or relative URL, or its menu has no usable item. */
interface Refused {
  id: string;
  label: string;
  unusable?: true;
}

/** One entry of the switcher: a link to the page in another language. */
export interface LanguageEntry {
  id: string;
  label: string;
  href: string;
  current: boolean;
}

/**
 * The page's language among the config's: `page.languageId`, else the one `<html lang>` names
 * (the page's language, contract §1), exactly or by its primary subtag (`fr-CA`: `fr`).
 */
export function currentLanguage(
  config: Pick<Config, 'languages' | 'page'>,
  htmlLang: string,
): string | undefined {
  if (config.page.languageId !== undefined) return config.page.languageId;
  const ids = config.languages.map(([, , id]) => id);
  const is = (tag: string) => ids.find((id) => id.toLowerCase() === tag.toLowerCase());
  return htmlLang ? (is(htmlLang) ?? is(htmlLang.split('-')[0]!)) : undefined;
}

/**
 * Every language's entry, in the config's order. A language whose link is missing is left
 * out; one whose link is not an http(s) or relative URL is left out and named in `refused`, and
 * so is one whose menu has items but none usable (`unusable`).
 */
export function languageEntries(
  config: Pick<Config, 'languages' | 'page'>,
  menus: readonly (readonly MenuItem[])[],
  here: string,
  htmlLang = '',
): { entries: LanguageEntry[]; refused: Refused[] } {
  const entries: LanguageEntry[] = [];
  const refused: Refused[] = [];
  const page = { ...config.page, languageId: currentLanguage(config, htmlLang) };
  config.languages.forEach(([label, , id], i) => {
    const menu = menus[i] ?? [];
    const href: unknown = languageLink(id, page, menu, here);
    if (!href && menu.length && !menu.some((item) => Array.isArray(item)))
      refused.push({ id, label, unusable: true });
    if (!href) return;
    if (isLinkable(href)) entries.push({ id, label, href, current: id === page.languageId });
    else refused.push({ id, label });
  });
  return { entries, refused };
}
