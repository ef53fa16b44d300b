// Finds the fixture site's pages and builds the demo index that links each of them in the
// four environments a page can be seen in (spec §2).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const escapeHtml = (s) =>
  String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.name === 'index.html') yield full;
  }
}

/** Every page under `siteDir`, served at `projectPath`, with what its builder config says. */
export function discoverPages(siteDir, projectPath) {
  const pages = [];
  for (const file of walk(siteDir)) {
    const html = readFileSync(file, 'utf8');
    const json = html.match(/<script type="application\/json" id="sw-config">([\s\S]*?)<\/script>/)?.[1];
    const config = json ? readConfig(json, file) : {};
    const dir = relative(siteDir, file).split(sep).slice(0, -1).join('/');
    pages.push({
      path: `${projectPath}/${dir ? `${dir}/` : ''}`,
      file,
      id: config.page?.id,
      lang: html.match(/<html lang="([^"]+)"/)?.[1] ?? 'en',
      detail: config.page?.detailPage || undefined,
      title: html.match(/<title>([^<]*)<\/title>/)?.[1] ?? dir,
    });
  }
  return pages.sort((a, b) => a.path.localeCompare(b.path));
}

export const ENVIRONMENTS = ['live', 'preview', 'cms', 'design'];

/** The address of `page` in environment `env`, for a server reachable on `port`. */
export function pageUrl(page, env, port, projectPath) {
  const origin = `http://localhost:${port}`;
  switch (env) {
    case 'live':
      return `${origin}${page.path}`;
    case 'preview':
      return `http://clinic.preview.localhost:${port}${page.path}`;
    case 'cms':
      return `${origin}${page.path}?page=cms`;
    case 'design': {
      const q = new URLSearchParams({ layout_id: page.id, lang: page.lang });
      if (page.detail) q.set('detail', page.detail);
      return `${origin}${projectPath}/preview.php?${q}`;
    }
  }
  throw new Error(`unknown environment ${env}`);
}

/** The page the design editor shows for `?layout_id=&lang=&detail=`. */
export function findDesignPage(pages, params) {
  return pages.find(
    (p) =>
      p.id === params.get('layout_id') &&
      p.lang === (params.get('lang') || 'en') &&
      (p.detail ?? '') === (params.get('detail') ?? ''),
  );
}

export function indexPage(pages, port, projectPath) {
  const rows = pages
    .map(
      (p) =>
        `<tr><th scope="row">${escapeHtml(p.title)} <span class="muted">(${escapeHtml(p.lang)})</span></th>` +
        ENVIRONMENTS.map((env) => `<td><a href="${escapeHtml(pageUrl(p, env, port, projectPath))}">${env}</a></td>`).join('') +
        '</tr>',
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>site-runtime demo</title>
<link rel="stylesheet" href="${projectPath}/assets/site.css">
</head>
<body>
<main id="main">
<h1>site-runtime demo</h1>
<p>Every fixture page of the clinic site, in the four environments a page can be seen in:
live (plain host), preview (the builder's preview domain), the CMS editor (<code>?page=cms</code>)
and the design editor (<code>preview.php?layout_id=…</code>).</p>
<table>
<thead><tr><th scope="col">Page</th>${ENVIRONMENTS.map((e) => `<th scope="col">${e}</th>`).join('')}</tr></thead>
<tbody>
${rows}
</tbody>
</table>
</main>
</body>
</html>
`;
}

/** A page's `sw-config`: invalid JSON is the runtime's to warn about (contract §1), not a crash here. */
function readConfig(json, file) {
  try {
    return JSON.parse(json) ?? {};
  } catch {
    console.warn(`${file}: its sw-config is not valid JSON; served with no page id`);
    return {};
  }
}
