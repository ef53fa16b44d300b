/** The tag library's cookies: `_ga`, `_ga_<container>`, `_gid`, `_gat…`. */
const tagCookie = /^(_ga(_.+)?|_gid|_gat.*)$/;

/**
 * Deletes the tag library's first-party cookies (or the one named `only`), on this host and on
 * each parent domain (the tag sets them on the widest one it can).
 */
export function forgetTagCookies(doc: Document, only?: string): void {
  const names = doc.cookie
    .split(';')
    .map((c) => c.split('=')[0]!.trim())
    .filter((n) => (only ? n === only : tagCookie.test(n)));
  if (!names.length) return;
  const parts = doc.location.hostname.split('.');
  const domains = [undefined, ...parts.slice(0, -1).map((_, i) => parts.slice(i).join('.'))];
  for (const name of names)
    for (const domain of domains)
      doc.cookie = `${name}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/${domain ? `; Domain=${domain}` : ''}`;
}
