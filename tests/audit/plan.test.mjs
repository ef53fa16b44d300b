// The audit's pure parts: its command line, which lightbox items it opens, which links a
// crawl follows, WCAG criteria from axe's tags, the summary and exit decision.
import assert from 'node:assert/strict';
import { availableParallelism } from 'node:os';
import { describe, test } from 'node:test';
import { parseAuditArgs } from '../../audit/args.mjs';
import { criteria } from '../../audit/axe.mjs';
import { contentType, followable, lightboxStops } from '../../audit/plan.mjs';
import { htmlReport, summarize } from '../../audit/report.mjs';

describe('command line', () => {
  test('defaults, and the browser from $CHROMIUM_PATH', () => {
    const o = parseAuditArgs(['https://clinic.example/'], { CHROMIUM_PATH: '/opt/chromium' });
    assert.deepEqual(o, {
      help: false,
      urls: ['https://clinic.example/'],
      out: 'audit-report',
      json: undefined,
      viewports: ['desktop', 'mobile'],
      crawl: 0,
      jobs: Math.min(4, availableParallelism()),
      failOn: 'serious',
      stateTimeout: 90,
      chromium: '/opt/chromium',
    });
  });
  test('every option', () => {
    const o = parseAuditArgs([
      'http://a.test/x',
      '--viewport',
      'mobile',
      '--crawl',
      '7',
      '--fail-on',
      'minor',
      '--json',
      'r.json',
      '--out',
      'o',
      '--chromium',
      '/c',
      '--jobs',
      '3',
    ]);
    assert.deepEqual(
      [o.viewports, o.crawl, o.failOn, o.json, o.out, o.chromium, o.jobs],
      [['mobile'], 7, 'minor', 'r.json', 'o', '/c', 3],
    );
  });
  test('a page given twice, or with a fragment, is audited once', () => {
    const o = parseAuditArgs([
      'https://a.test/',
      'https://a.test/#team',
      'https://a.test/x',
      'https://a.test/',
    ]);
    assert.deepEqual(o.urls, ['https://a.test/', 'https://a.test/x']);
  });
  test('refuses what it cannot do, saying why', () => {
    assert.throws(() => parseAuditArgs([]), /at least one URL/);
    assert.throws(() => parseAuditArgs(['ftp://a.test/']), /not an http\(s\) URL/);
    assert.throws(
      () => parseAuditArgs(['http://a.test/', '--viewport', 'tablet']),
      /desktop, mobile or both/,
    );
    assert.throws(() => parseAuditArgs(['http://a.test/', '--crawl=-1']), /whole number/);
    assert.throws(() => parseAuditArgs(['http://a.test/', '--crawl', 'all']), /whole number/);
    assert.throws(() => parseAuditArgs(['http://a.test/', '--jobs', '0']), /--jobs takes a whole number/);
    // A timer longer than Node's longest fires at once: every page would be "not audited".
    for (const s of ['0', '-1', 'Infinity', '86401', 'soon'])
      assert.throws(
        () => parseAuditArgs(['http://a.test/', `--state-timeout=${s}`]),
        /--state-timeout takes/,
        s,
      );
    assert.equal(parseAuditArgs(['http://a.test/', '--state-timeout', '2.5']).stateTimeout, 2.5);
    assert.throws(() => parseAuditArgs(['http://a.test/', '--jobs', '1.5']), /--jobs takes a whole number/);
    assert.throws(
      () => parseAuditArgs(['http://a.test/', '--fail-on', 'bad']),
      /minor, moderate, serious, critical/,
    );
    assert.throws(() => parseAuditArgs(['http://a.test/', '--colour']), /Unknown option/);
    // Names every plain object has are no viewports.
    for (const name of ['toString', 'constructor', '__proto__', 'hasOwnProperty'])
      assert.throws(() => parseAuditArgs(['http://a.test/', '--viewport', name]), /desktop, mobile or both/);
    // An empty value is no value: `--json=` wrote no JSON, `--crawl=` crawled nothing.
    for (const option of ['--json=', '--out=', '--crawl=', '--crawl= ', '--jobs=', '--chromium='])
      assert.throws(() => parseAuditArgs(['http://a.test/', option]), /needs a value/);
  });
});

describe('lightbox stops', () => {
  const item = (selector, group, href, visible = true) => ({
    name: 'lightbox',
    state: 'enhanced',
    selector,
    group,
    href,
    visible,
  });
  test('first, middle and last of a group, and the first item of each content type', () => {
    const items = [
      'a.jpg',
      'b.jpg',
      'c.jpg',
      'https://youtu.be/abcdefghijk',
      'e.jpg',
      'f.html?ajax=true',
      'g.jpg',
    ].map((h, i) => item(`#i${i}`, 'g', h));
    const stops = lightboxStops(items).map((s) => `${s.index}:${s.type}:${s.opener}:${s.steps}`);
    assert.deepEqual(stops, ['0:image:#i0:0', '3:youtube:#i3:0', '5:ajax:#i5:0', '6:image:#i6:0']);
  });
  test('a link the runtime refuses is no item: left out of the count and the stops', () => {
    const stops = lightboxStops([
      item('#a', 'g', 'a.jpg'),
      item('#b', 'g', 'https://www.youtube.com/playlist?list=PL1'),
      item('#c', 'g', 'c.jpg'),
    ]);
    assert.deepEqual(
      stops.map((s) => `${s.index + 1} of ${s.total} ${s.opener}`),
      ['1 of 2 #a', '2 of 2 #c'],
    );
  });
  test('ajax is judged against the page’s origin, a relative href against the link’s base', () => {
    const page = 'https://clinic.example';
    assert.equal(contentType('https://clinic.example/en/hours.html?ajax=true', `${page}/en/`, page), 'ajax');
    assert.equal(contentType('hours.html?ajax=true', 'https://cdn.example/assets/', page), 'invalid');
  });
  test('an item not shown on the page is reached from the first shown one with arrow keys', () => {
    const stops = lightboxStops([
      item('#a', 'g', 'a.jpg', false),
      item('#b', 'g', 'b.jpg'),
      item('#c', 'g', 'c.jpg', false),
    ]);
    assert.deepEqual(
      stops.map((s) => [s.index, s.opener, s.steps]),
      [
        [0, '#b', -1],
        [1, '#b', 0],
        [2, '#b', 1],
      ],
    );
  });
  test('an empty group is one gallery per item; a group with nothing shown cannot be opened', () => {
    const stops = lightboxStops([
      item('#a', '', '#inline'),
      item('#b', '', 'x.mp4'),
      item('#c', 'h', 'y.jpg', false),
    ]);
    assert.deepEqual(
      stops.map((s) => [s.group.key, s.type, s.opener]),
      [
        ['single:0', 'inline', '#a'],
        ['single:1', 'video', '#b'],
        ['group:h', 'image', null],
      ],
    );
  });
  test('content types as the contract names them', () => {
    assert.deepEqual(
      [
        '#x',
        'a.webm',
        'p?iframe=true',
        'https://vimeo.com/1',
        'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        'a.png',
        // As the runtime reads them: a country domain is YouTube, .ogv a video file, ajax
        // from another origin or a playlist refused.
        'https://www.youtube.de/watch?v=dQw4w9WgXcQ',
        '/media/clip.ogv',
        'https://elsewhere.test/x.html?ajax=true',
        'https://www.youtube.com/playlist?list=PL1',
      ].map((href) => contentType(href)),
      ['inline', 'video', 'iframe', 'vimeo', 'youtube', 'image', 'youtube', 'video', 'invalid', 'invalid'],
    );
  });
});

test('a crawl follows same-site pages, without fragments, files or other sites', () => {
  const links = [
    '/a/#top',
    'https://clinic.test/a/',
    '/b?page=cms',
    'https://other.test/',
    'mailto:x@clinic.test',
    '/leaflet.PDF',
    '/img/x.jpg',
  ];
  assert.deepEqual(followable(links, 'https://clinic.test/'), [
    'https://clinic.test/a/',
    'https://clinic.test/b?page=cms',
  ]);
});

test('WCAG criteria from axe tags', () => {
  assert.deepEqual(criteria(['cat.color', 'wcag2aa', 'wcag143', 'wcag1410', 'wcag2411']), [
    '1.4.3',
    '1.4.10',
    '2.4.11',
  ]);
});

describe('summary and report', () => {
  const state = (key, violations = [], keyboard = [], status = 'checked') => ({
    key,
    label: key,
    status,
    message: '',
    violations,
    keyboard,
    screenshot: null,
  });
  const v = (impact) => ({
    rule: 'r',
    impact,
    help: 'h',
    helpUrl: 'https://x.test/',
    wcag: [],
    nodes: [{ selector: '#a', html: '<b onmouseover="x()">', summary: '' }],
  });
  const result = (pages) => ({ chromium: '1', started: 't', pages });
  test('fails at or above --fail-on; a state not reached or a page not audited is never clean', () => {
    const one = result([
      {
        url: 'u',
        viewport: 'desktop',
        status: 'checked',
        markers: [],
        states: [state('page', [v('moderate')])],
      },
    ]);
    assert.equal(summarize(one, 'serious').ok, true);
    assert.equal(summarize(one, 'moderate').ok, false);
    const unreached = result([
      {
        url: 'u',
        viewport: 'desktop',
        status: 'checked',
        markers: [],
        states: [state('x', [], [], 'unreachable')],
      },
    ]);
    assert.equal(summarize(unreached, 'critical').ok, false);
    // Found before the state stopped part-way (axe ran, the keyboard check failed): counted.
    const partial = result([
      {
        url: 'u',
        viewport: 'desktop',
        status: 'checked',
        markers: [],
        states: [state('modal:promo', [v('critical'), v('critical'), v('minor')], [], 'unreachable')],
      },
    ]);
    assert.match(
      summarize(partial, 'serious').line,
      /3 findings \(2 at or above "serious"\), 1 states not reached/,
    );
    assert.match(
      htmlReport(partial, 'serious'),
      /not reached: [^<]*<\/span>; before that, <a class="bad" href="#s0">3 findings/,
    );
    const notLoaded = result([{ url: 'u', viewport: 'desktop', status: 'error', message: 'm', states: [] }]);
    assert.equal(summarize(notLoaded, 'critical').ok, false);
  });
  test('a page that stopped part-way still lists what was found before; a redirect says where it ended', () => {
    const html = htmlReport(
      result([
        {
          url: 'http://x.test/a',
          finalUrl: 'https://www.x.test/a',
          viewport: 'desktop',
          status: 'error',
          message: 'the audit stopped on this page: gone',
          markers: ['modal'],
          states: [state('modal:promo', [v('serious')])],
        },
      ]),
      'serious',
    );
    assert.match(html, /Not audited: the audit stopped on this page: gone/);
    assert.match(html, /modal:promo/);
    assert.match(html, /1 finding/);
    assert.match(html, /ended at https:\/\/www\.x\.test\/a/);
  });

  test('everything from the page is escaped in the HTML report', () => {
    const html = htmlReport(
      result([
        {
          url: 'http://x.test/<script>',
          viewport: 'desktop',
          status: 'checked',
          markers: ['modal'],
          states: [state('<i>s</i>', [v('critical')])],
        },
      ]),
      'serious',
    );
    assert.ok(!html.includes('<script>') && !html.includes('<b onmouseover') && !html.includes('<i>s</i>'));
    assert.ok(
      html.includes('&lt;b onmouseover=&quot;x()&quot;&gt;') && html.includes('&lt;i&gt;s&lt;/i&gt;'),
    );
  });
});
