#!/usr/bin/env node
// site-runtime-check: reads builder pages offline and lists every marker problem the runtime
// would warn about (invalid JSON, invalid or unknown options, missing targets, duplicate ids,
// empty groups), each with its line and column. Exit 0: none; 1: problems; 2: usage or a file
// that cannot be read.
import { readFileSync, realpathSync } from 'node:fs';
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import { JSDOM, VirtualConsole } from 'jsdom';

const USAGE = `usage: site-runtime-check [--json] [--base URL] page.html...

Lists the marker problems of each page with file:line:col. Exit status 0 when every page is
clean, 1 when a problem is found, 2 when a page cannot be read.
  --json      print one JSON array of {file, line, column, kind, marker, message}
  --base URL  the http(s) address the pages are served at (default: http://localhost/<file>); relative
              lightbox links are resolved against it`;

/** `argv` as options; an unknown flag is a usage error. */
export function parseArgs(argv) {
  const out = { json: false, base: undefined, files: [], help: false, error: undefined };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--help' || a === '-h') out.help = true;
    else if (a === '--json') out.json = true;
    else if (a === '--base') {
      const base = argv[++i];
      if (base === undefined || base.startsWith('-')) out.error = '--base needs a URL';
      else if (!URL.canParse(base)) out.error = `--base "${base}" is not an absolute URL`;
      // The address pages are served at: any other scheme makes every relative link a refusal.
      else if (!/^https?:$/.test(new URL(base).protocol))
        out.error = `--base "${base}" is not an http(s) URL`;
      else out.base = base;
    } else if (a.startsWith('-')) out.error = `unknown option ${a}`;
    else out.files.push(a);
  }
  if (!out.help && !out.error && !out.files.length) out.error = 'no page given';
  return out;
}

/** The problems of one page's HTML, each with its source position. */
export async function checkHtml(html, { file = 'page.html', url } = {}) {
  const { checkDocument } = await import('../lib/checks.mjs');
  // No scripts run and nothing is fetched: the page is only read. The page's own console
  // output (none, without scripts) is not ours to print.
  const dom = new JSDOM(html, {
    includeNodeLocations: true,
    // Served pages: relative links must resolve to http(s), as they will on the site.
    url: url ?? new URL(basename(file), 'http://localhost/').href,
    virtualConsole: new VirtualConsole(),
  });
  try {
    return checkDocument(dom.window.document).map((d) => {
      const at = d.element ? dom.nodeLocation(d.element) : null;
      return {
        file,
        line: at?.startLine ?? 1,
        column: at?.startCol ?? 1,
        kind: d.kind,
        marker: d.marker,
        message: d.message,
      };
    });
  } finally {
    dom.window.close();
  }
}

async function main(argv) {
  const args = parseArgs(argv);
  if (args.help) return void console.log(USAGE);
  if (args.error) {
    console.error(`site-runtime-check: ${args.error}\n\n${USAGE}`);
    return 2;
  }
  const all = [];
  let unreadable = 0;
  for (const file of args.files) {
    let html;
    try {
      html = readFileSync(file, 'utf8');
    } catch (err) {
      console.error(`site-runtime-check: cannot read ${file}: ${err.code ?? err.message}`);
      unreadable++;
      continue;
    }
    const url = args.base ? new URL(file.split(/[\\/]/).pop(), args.base).href : undefined;
    all.push(...(await checkHtml(html, { file, url })));
  }
  if (args.json) console.log(JSON.stringify(all, null, 2));
  else {
    for (const p of all)
      console.log(`${p.file}:${p.line}:${p.column}  ${p.marker}  ${p.message}  [${p.kind}]`);
    const pages = args.files.length - unreadable;
    console.log(
      `${all.length} problem${all.length === 1 ? '' : 's'} in ${pages} page${pages === 1 ? '' : 's'}` +
        (unreadable ? ` (${unreadable} could not be read)` : ''),
    );
  }
  return unreadable ? 2 : all.length ? 1 : 0;
}

// Run as a command (also through node_modules/.bin's symlink), not when imported for checkHtml.
const isMain = process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href;
if (isMain) process.exitCode = await main(process.argv.slice(2));
