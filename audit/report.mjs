// The audit's outputs: a summary per page and state, the exit decision, and one
// self-contained HTML report. Everything taken from a page is escaped.

export const IMPACTS = ['minor', 'moderate', 'serious', 'critical'];

const esc = (s) =>
  String(s ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );

/** Every finding of a state, axe's and the keyboard checks', in one shape. */
export const findingsOf = (state) => [
  ...state.violations.map((v) => ({ ...v, source: 'axe' })),
  ...state.keyboard.map((k) => ({
    rule: k.rule,
    impact: k.impact,
    help: k.help,
    helpUrl: '',
    wcag: k.wcag,
    source: 'keyboard',
    nodes: [{ selector: k.selector ?? '(page)', html: '', summary: k.message }],
  })),
];

/** Counts for the summary line and the exit code. */
export function summarize(result, failOn) {
  const min = IMPACTS.indexOf(failOn);
  let states = 0;
  let findings = 0;
  let failing = 0;
  let unreached = 0;
  let pagesFailed = 0;
  let left = 0;
  let skipped = 0;
  for (const page of result.pages) {
    // A crawled link that ended on another site is not the site's: said, never failed.
    if (page.status === 'left') left++;
    else if (page.status === 'skipped') skipped++;
    else if (page.status !== 'checked') pagesFailed++;
    for (const state of page.states) {
      // A state that stopped part-way (axe ran, then a keyboard check or the close failed) is
      // not reached, and what was found in it before it stopped still counts.
      if (state.status !== 'checked') unreached++;
      else states++;
      for (const f of findingsOf(state)) {
        findings++;
        if (IMPACTS.indexOf(f.impact) >= min) failing++;
      }
    }
  }
  // A page or state the audit could not check is never passed as clean.
  const ok = failing === 0 && unreached === 0 && pagesFailed === 0;
  const line =
    `${result.pages.length} page views, ${states} states checked, ${findings} findings ` +
    `(${failing} at or above "${failOn}"), ${unreached} states not reached, ${pagesFailed} pages not audited` +
    (left ? `, ${left} page views left the site` : '') +
    (skipped ? `, ${skipped} links were not pages` : '');
  return { ok, line, states, findings, failing, unreached, pagesFailed, left, skipped };
}

const CSS = `body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:70em;padding:1em 2em;color:#1b1b1b}
h1{font-size:1.5em}h2{font-size:1.2em;margin-top:2em;border-top:2px solid #ccc;padding-top:.6em}h3{font-size:1.05em}
table{border-collapse:collapse;width:100%}th,td{border:1px solid #bbb;padding:.3em .5em;text-align:left;vertical-align:top}
.ok{color:#0a6b2d}.bad{color:#b00020;font-weight:600}.warn{color:#8a4b00;font-weight:600}
code,pre{font:13px/1.4 ui-monospace,monospace;background:#f3f3f3}pre{white-space:pre-wrap;padding:.4em;overflow-wrap:anywhere}
img{max-width:100%;border:1px solid #999}li div{white-space:pre-line}details{margin:.5em 0}a{color:#0b57d0}`;

function stateRow(page, state, n) {
  const found = findingsOf(state);
  const link = `<a class="bad" href="#s${n}">${found.length} finding${found.length === 1 ? '' : 's'}</a>`;
  const cell =
    state.status !== 'checked'
      ? `<span class="warn">not reached: ${esc(state.message)}</span>${found.length ? `; before that, ${link}` : ''}`
      : found.length
        ? link
        : '<span class="ok">no findings</span>';
  return `<tr><td>${esc(page.viewport)}</td><td>${esc(state.label)}</td><td>${cell}</td></tr>`;
}

function stateDetail(page, state, n) {
  const found = findingsOf(state);
  if (!found.length) return '';
  const items = found
    .map(
      (
        f,
      ) => `<li><strong>${esc(f.rule)}</strong> (${esc(f.impact)}; ${f.source === 'axe' ? 'axe' : 'keyboard check'}${f.wcag.length ? `; WCAG ${esc(f.wcag.join(', '))}` : ''}): ${esc(f.help)}${f.helpUrl ? ` <a href="${esc(f.helpUrl)}">rule</a>` : ''}
<ul>${f.nodes.map((node) => `<li><code>${esc(node.selector)}</code>${node.html ? `<pre>${esc(node.html)}</pre>` : ''}${node.summary ? `<div>${esc(node.summary)}</div>` : ''}</li>`).join('')}</ul></li>`,
    )
    .join('\n');
  const shot = state.screenshot?.startsWith('data:image/jpeg;base64,')
    ? `<details open><summary>Screenshot of the state (axe's elements outlined in red)</summary><img alt="The page in state: ${esc(state.label)}" src="${state.screenshot}"></details>`
    : '';
  return `<h3 id="s${n}">${esc(page.viewport)} · ${esc(state.label)}</h3><ul>${items}</ul>${shot}`;
}

/** One self-contained HTML file: summary tables, then each state with findings. */
export function htmlReport(result, failOn) {
  const sum = summarize(result, failOn);
  let n = 0;
  const pages = result.pages
    .map((page) => {
      const ended = page.finalUrl ? ` <small>(ended at ${esc(page.finalUrl)})</small>` : '';
      const head = `<h2>${esc(page.url)} <small>(${esc(page.viewport)})</small>${ended}</h2>`;
      // A page that stopped part-way still shows what was found before it stopped.
      const stopped =
        page.status === 'left'
          ? `<p>Not the site's: ${esc(page.message)}</p>`
          : page.status === 'skipped'
            ? `<p>Not a page: ${esc(page.message)}</p>`
            : page.status !== 'checked'
              ? `<p class="bad">Not audited: ${esc(page.message)}</p>`
              : '';
      if (!page.states.length) return `${head}${stopped}`;
      const ids = page.states.map(() => n++);
      const rows = page.states.map((s, i) => stateRow(page, s, ids[i])).join('\n');
      const details = page.states.map((s, i) => stateDetail(page, s, ids[i])).join('\n');
      return `${head}${stopped}<p>Markers the runtime enhanced: ${esc((page.markers ?? []).join(', ') || 'none')}</p>
<table><thead><tr><th scope="col">Viewport</th><th scope="col">State</th><th scope="col">Result</th></tr></thead><tbody>${rows}</tbody></table>${details}`;
    })
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Accessibility audit: ${esc(sum.ok ? 'passed' : 'failed')}</title><style>${CSS}</style></head><body><main>
<h1>Accessibility audit</h1>
<p class="${sum.ok ? 'ok' : 'bad'}">${sum.ok ? 'Passed' : 'Failed'}: ${esc(sum.line)}.</p>
<p>site-runtime-audit, Chromium ${esc(result.chromium)}, ${esc(result.started)}. axe-core with the WCAG 2.0, 2.1 and 2.2 A and AA rules, and keyboard checks, in every state the runtime's markers can be in; states are driven with reduced motion asked for.</p>
${pages}
</main></body></html>
`;
}
