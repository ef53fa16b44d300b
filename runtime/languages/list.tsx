import type { ReactNode } from 'react';
import type { LanguageEntry } from './links';

/**
 * The language switcher: a named list of links, each in its own language, the current one
 * marked; only its items where the container is itself a list.
 */
export function LanguageList({
  label,
  entries,
  items,
}: {
  label: string;
  entries: readonly LanguageEntry[];
  items?: boolean;
}): ReactNode {
  const lis = entries.map((e) => (
    <li key={e.id}>
      <a href={e.href} hrefLang={e.id} lang={e.id} aria-current={e.current ? 'true' : undefined}>
        {e.label}
      </a>
    </li>
  ));
  return items ? lis : <ul aria-label={label}>{lis}</ul>;
}
