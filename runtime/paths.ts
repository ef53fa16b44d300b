/** Path comparison for active markers (contract §3, Navigation menu). */

/**
 * Drops query, hash, a last `index.html` (a folder's page, as servers serve it) and trailing
 * slashes; the root stays `/`.
 */
export function normalizePath(path: string): string {
  return (
    path
      .replace(/[?#].*$/, '')
      .replace(/\/index\.html?$/i, '/')
      .replace(/\/+$/, '')
      // `%c3%a9` and `%C3%A9` are one path (RFC 3986 §6.2.2.1): an address typed in lowercase too.
      .replace(/%[\da-f]{2}/gi, (escape) => escape.toUpperCase()) || '/'
  );
}

/**
 * Whether a link's path names the current page: equal once normalised, or one ends with
 * the other at a segment boundary (a page served at `/users/clinic/services/` matches the
 * link `/clinic/services/`). The root matches only the root.
 */
export function pathsMatch(link: string, current: string): boolean {
  const a = normalizePath(link);
  const b = normalizePath(current);
  if (a === '/' || b === '/') return a === b;
  // Both start with "/", so a suffix match always starts at a segment boundary.
  return a.length < b.length ? b.endsWith(a) : a.endsWith(b);
}
