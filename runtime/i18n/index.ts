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
  for (const l of chain) {
    if (overrides[l]) sources.push(overrides[l]);
    const builtIn = (table as Record<string, Partial<Record<string, string>> | undefined>)[l];
    if (builtIn) sources.push(builtIn);
  }
  if (overrides.en) sources.push(overrides.en);
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
