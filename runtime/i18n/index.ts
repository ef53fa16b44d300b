/**
 * The runtime's own UI strings. Tables are split by where they are used (the entry's
 * navigation strings, the UI chunks' dialog strings) so a page without dialogs does not
 * download their words in six languages.
 */
export const builtInLanguages = ['en', 'fr', 'de', 'es', 'it', 'nl'] as const;
export type BuiltInLanguage = (typeof builtInLanguages)[number];

/** A table gives every key in English and any subset in the other built-in languages. */
export type StringTable<K extends string> = { en: Record<K, string> } & {
  [L in Exclude<BuiltInLanguage, 'en'>]?: Partial<Record<K, string>>;
};

export type Translate<K extends string> = (key: K, vars?: Record<string, string | number>) => string;

/** `fr-CA` → [`fr-ca`, `fr`]: the most specific tag first, then its primary language. */
export function languageChain(lang: string): string[] {
  const tag = lang.trim().toLowerCase();
  const primary = tag.split('-')[0] ?? '';
  return [...new Set([tag, primary].filter(Boolean))];
}

/**
 * Looks a key up in: config overrides for the page language, the built-in table for it,
 * then English (overrides first, then built-in). `{name}` placeholders are filled from vars;
 * the result is plain text and must only ever be inserted as text.
 */
export function translator<K extends string>(
  table: StringTable<K>,
  lang: string,
  overrides: Record<string, Record<string, string>>,
): Translate<K> {
  const chain = languageChain(lang);
  const sources: Partial<Record<string, string>>[] = [];
  // Own tables only: a page in a language named `constructor` gets no Object function as a table.
  const own = <T>(o: Record<string, T>, l: string) => (Object.hasOwn(o, l) ? [o[l]!] : []);
  for (const l of chain) sources.push(...own(overrides, l), ...own(table as Record<string, object>, l));
  sources.push(...own(overrides, 'en'));
  sources.push(table.en);
  return (key, vars) => {
    let text = key as string;
    for (const s of sources) {
      const found = s[key];
      if (found !== undefined) {
        text = found;
        break;
      }
    }
    return vars
      ? text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m))
      : text;
  };
}
