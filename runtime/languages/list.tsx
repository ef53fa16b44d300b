import type { ReactNode } from 'react';
import type { LanguageEntry } from './links';

/** The language switcher: a named list of links, each in its own language, the current one marked. */
export function LanguageList({
  label,
  entries,
}: {
  label: string;
  entries: readonly LanguageEntry[];
}): ReactNode {
  return (
    <ul aria-label={label}>
      {entries.map((e) => (
        <li key={e.id}>
          <a href={e.href} hrefLang={e.id} lang={e.id} aria-current={e.current ? 'true' : undefined}>
            {e.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
