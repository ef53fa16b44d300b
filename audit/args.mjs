// The audit's command line, parsed without a browser (tested in tests/audit).
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { IMPACTS } from './report.mjs';

export const USAGE = `usage: site-runtime-audit URL... [options]

  --out DIR            where the HTML report goes (default: audit-report)
  --json FILE          also write the results as JSON
  --viewport V         desktop (1280 px), mobile (375 px) or both (default: both)
  --crawl N            follow same-site links, up to N pages in all (default: only the URLs)
  --jobs N             pages audited at once, each in its own browser context
                       (default: the number of CPUs, at most 4)
  --fail-on IMPACT     minor, moderate, serious or critical (default: serious)
  --chromium PATH      the browser (default: $CHROMIUM_PATH, else /usr/bin/chromium)
  --state-timeout S    seconds one state may take before the page counts as not
                       answering (a script that never frees the page; default: 90)
  -h, --help           this text`;

export function parseAuditArgs(argv, env = {}) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      out: { type: 'string', default: 'audit-report' },
      json: { type: 'string' },
      viewport: { type: 'string', default: 'both' },
      crawl: { type: 'string', default: '0' },
      jobs: { type: 'string' },
      'fail-on': { type: 'string', default: 'serious' },
      chromium: { type: 'string' },
      'state-timeout': { type: 'string', default: '90' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return { help: true };
  if (!positionals.length) throw new Error('give at least one URL');
  const given = positionals.map((u) => {
    let url;
    try {
      url = new URL(u);
    } catch {
      throw new Error(`"${u}" is not an absolute URL`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new Error(`"${u}" is not an http(s) URL`);
    url.hash = ''; // one page, as the crawl counts it: `/#team` is `/`
    return url.href;
  });
  const urls = [...new Set(given)];
  // Only the three names: a lookup in a plain object would take `toString` or `constructor`.
  const viewports = new Map([
    ['desktop', ['desktop']],
    ['mobile', ['mobile']],
    ['both', ['desktop', 'mobile']],
  ]).get(values.viewport);
  if (!viewports) throw new Error(`--viewport must be desktop, mobile or both, not "${values.viewport}"`);
  for (const name of ['out', 'json', 'crawl', 'jobs', 'chromium'])
    if (values[name] !== undefined && !values[name].trim()) throw new Error(`--${name} needs a value`);
  const crawl = Number(values.crawl);
  if (!Number.isInteger(crawl) || crawl < 0)
    throw new Error(`--crawl takes a whole number of pages, not "${values.crawl}"`);
  const jobs = Number(values.jobs ?? Math.min(4, availableParallelism()));
  if (!Number.isInteger(jobs) || jobs < 1)
    throw new Error(`--jobs takes a whole number of pages of at least 1, not "${values.jobs}"`);
  const stateTimeout = Number(values['state-timeout']);
  // At most a day: a longer timer overflows, and fires at once.
  if (!(stateTimeout > 0 && stateTimeout <= 86_400))
    throw new Error(
      `--state-timeout takes a number of seconds above 0 and at most 86400, not "${values['state-timeout']}"`,
    );
  if (!IMPACTS.includes(values['fail-on'])) throw new Error(`--fail-on must be one of ${IMPACTS.join(', ')}`);
  return {
    help: false,
    urls,
    out: values.out,
    json: values.json,
    viewports,
    crawl,
    jobs,
    failOn: values['fail-on'],
    stateTimeout,
    chromium: values.chromium ?? env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  };
}
