import type { Config } from './config';

export type EnvName = 'cms' | 'design' | 'preview' | 'live';

/** The environment descriptor of spec §3, as exposed on `window.SiteRuntime.env`. */
export interface EnvInfo {
  env: EnvName;
  /** True in the platform's editors (cms and design), where nothing is saved or auto-opened. */
  local: boolean;
  /** `protocol//host` plus the project path, no trailing slash. */
  baseUrl: string;
  /** `""` for a site at the root, else `/segment[/segment…]`. */
  projectPath: string;
}

/** `"clinic/"`, `"/clinic"` and `"/clinic/"` all mean `/clinic`; `""` and `"/"` mean the root. */
export function normalizeProjectPath(path: string): string {
  const segments = path.split('/').filter(Boolean);
  return segments.length ? `/${segments.join('/')}` : '';
}

/**
 * Detection in the specification's order (spec §2): cms, design, preview, live.
 * Pure: takes the address and the config, so every row of the table is a unit test.
 */
export function detectEnv(href: string, config: Pick<Config, 'site' | 'platform'>): EnvInfo {
  const url = new URL(href);
  const { platform, site } = config;
  const params = url.searchParams;

  let env: EnvName = 'live';
  if (platform.cmsPageParam && params.get(platform.cmsPageParam) === platform.cmsPageValue) {
    env = 'cms';
  } else if (
    platform.previewPage &&
    url.pathname.includes(platform.previewPage) &&
    params.has(platform.layoutParam)
  ) {
    env = 'design';
  } else if (platform.previewDomain && inPreviewHost(url, platform.previewDomain)) {
    env = 'preview';
  }

  const projectPath = resolveProjectPath(url, site);
  return {
    env,
    local: env === 'cms' || env === 'design',
    baseUrl: `${url.protocol}//${url.host}${projectPath}`,
    projectPath,
  };
}

/**
 * "A host containing the preview domain" (spec §2). Hosts are lower-case in a URL, a builder's
 * setting may not be; one with a port (`preview.localhost:8080`) is matched against host:port.
 */
function inPreviewHost(url: URL, previewDomain: string): boolean {
  const domain = previewDomain.toLowerCase();
  return (domain.includes(':') ? url.host : url.hostname).includes(domain);
}

function resolveProjectPath(url: URL, site: Config['site']): string {
  if (site.cleanUrlPath !== undefined) return normalizeProjectPath(site.cleanUrlPath);
  const user = trustedUser(url, site);
  if (user) return `/users/${user}`;
  // The last segment, when it names a file (`preview.php`, `index.html`), is a page, not a
  // project folder; a folder may have a dot in its name (`/dr.smith/en/`).
  const parts = url.pathname.split('/');
  if (parts[parts.length - 1]!.includes('.')) parts.pop();
  const segments = parts.filter(Boolean).slice(0, site.projectSegments);
  return segments.length ? `/${segments.join('/')}` : '';
}

/**
 * The project the user parameter names, or undefined when it must be ignored. The project
 * path decides where the menu scripts are loaded from (as scripts, with the page's nonce) and
 * where consent is saved, so a link's `?user=evil` would send both to another project's folder
 * on the same host. Nothing in the address proves a page is the builder's own editor
 * (`?page=cms` and `preview.php?layout_id=` are just as easy to put in a link) or the
 * project's own preview (a preview host may serve every project), so in every environment
 * the parameter counts only on a page already inside that project's folder, `/users/{name}/`,
 * where it names the folder the page is in. Everywhere else `site.cleanUrlPath` (which the
 * builder writes into every page's config) or the path's first segments decide.
 * The value becomes one path segment, so it may hold only letters, digits, `_` and `-`.
 */
function trustedUser(url: URL, site: Config['site']): string | undefined {
  const user = url.searchParams.get(site.userParam) ?? '';
  const inOwnFolder = `${url.pathname}/`.startsWith(`/users/${user}/`);
  return /^[\w-]+$/.test(user) && inOwnFolder ? user : undefined;
}
