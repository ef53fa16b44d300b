import { describe, expect, it } from 'vitest';
import { normalizePath, pathsMatch } from '../../runtime/paths';

describe('active-marker path matching', () => {
  it.each([
    // [link, current page, match]
    ['/clinic/services/', '/clinic/services/', true],
    ['/clinic/services', '/clinic/services/', true], // trailing slash
    ['/clinic/services/', '/clinic/services', true],
    ['/clinic/services/', '/users/clinic/services/', true], // leading segments on the page
    ['/services/', '/clinic/services/', true], // leading segments on the link
    ['/clinic/services/?tab=2', '/clinic/services/', true], // query
    ['/clinic/services/#team', '/clinic/services/', true], // hash
    ['/clinic/services/', '/clinic/services/?ref=mail#x', true],
    ['/clinic/services/', '/clinic/services/cardiology/', false], // a parent is not the page
    ['/clinic/services/cardiology/', '/clinic/services/', false],
    ['/services/', '/clinic/myservices/', false], // only at a segment boundary
    ['/clinic/', '/clinic/', true],
    ['/', '/', true], // the root matches only the root
    ['/', '/clinic/', false],
    ['/clinic/', '/', false],
    ['', '/', true],
    ['/clinic/team/', '/clinic/team/index.html', true], // a folder's page by its file name
    ['/clinic/team/index.htm', '/clinic/team', true],
    ['/index.html', '/', true],
    ['/clinic/team/index.html', '/clinic/', false],
    ['/clinic/myindex.html', '/clinic/', false],
    ['/clinic/caf%C3%A9/', '/clinic/caf%c3%a9/', true], // escapes differing only in case (RFC 3986)
    ['/clinic/caf%c3%a9/', '/clinic/caf%C3%A9/', true],
    ['/clinic/caf%C3%A9/', '/clinic/caf%C3%A8/', false],
  ])('%s on page %s → %s', (link, current, match) => {
    expect(pathsMatch(link, current)).toBe(match);
  });

  it('normalises query, hash and trailing slashes away', () => {
    expect(normalizePath('/a/b/?q=1#h')).toBe('/a/b');
    expect(normalizePath('///')).toBe('/');
  });
});
