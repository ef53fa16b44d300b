// Turns the collected samples into the printed table, its closing summary line and the JSON.
import { KINDS } from './pages.mjs';
import { cell, summary, table } from './stats.mjs';
import { RUNTIME_DIALOGS, RUNTIME_STEPS } from './scenarios.mjs';

const KIND_NAMES = Object.keys(KINDS);

/** Every printed row: its label, and the sample key (without the rate) it summarises. */
function rows(cycles) {
  const r = [];
  const section = (title) => r.push({ title });
  const row = (label, key, unit) => r.push({ label, key, unit });
  section('JS fetched, gzip KB (1 KB = 1000 B, as the size budgets count)');
  for (const k of KIND_NAMES) row(`page kind: ${k}`, `kind ${k}|runtime|jsKB`, 'KB');
  row('shared page: runtime', 'shared|runtime|jsKB', 'KB');
  row('shared page: plugin stack', 'shared|plugin stack|jsKB', 'KB');
  section('Main thread, navigation to ready + 1 s (CDP TaskDuration), ms');
  for (const k of KIND_NAMES) {
    row(`${k}: runtime page`, `kind ${k}|runtime|mainMs`, 'ms');
    row(`${k}: same page, no script`, `kind ${k}|no script|mainMs`, 'ms');
    row(`${k}: the runtime's share`, `kind ${k}|runtime|shareMs`, 'ms');
  }
  for (const v of ['runtime', 'plugin stack', 'no script']) row(`shared page: ${v}`, `shared|${v}|mainMs`, 'ms');
  row("shared page: the runtime's share", 'shared|runtime|shareMs', 'ms');
  row("shared page: the plugin stack's share", 'shared|plugin stack|shareMs', 'ms');
  section('Long tasks (count / ms over 50 ms), script runs (Long Animation Frames) and CLS');
  for (const k of [...KIND_NAMES.map((n) => `kind ${n}`), 'shared']) {
    for (const v of k === 'shared' ? ['runtime', 'plugin stack'] : ['runtime']) {
      const name = `${k.replace('kind ', '')}${k === 'shared' ? ` page: ${v}` : ''}`;
      row(`${name}: long tasks`, `${k}|${v}|longTasks`, '');
      row(`${name}: blocking ms`, `${k}|${v}|blockingMs`, 'ms');
      row(`${name}: longest script run`, `${k}|${v}|scriptMaxMs`, 'ms');
      row(`${name}: script runs over 50 ms`, `${k}|${v}|scriptsOver50`, '');
      row(`${name}: CLS`, `${k}|${v}|cls`, '');
    }
  }
  section('Equal heights, 1,000 boxes, per window resize');
  for (const v of ['runtime', 'plugin stack']) {
    row(`${v}: layouts`, `rows|${v}|layouts`, '');
    row(`${v}: main thread ms`, `rows|${v}|resizeMs`, 'ms');
  }
  section('Event to next paint (first use), ms');
  for (const s of RUNTIME_STEPS) row(`runtime: ${s.name}`, `everything|runtime|${s.name}`, 'ms');
  for (const v of ['runtime', 'plugin stack'])
    for (const n of ['open modal', 'open submenu']) row(`shared page, ${v}: ${n}`, `shared|${v}|${n}`, 'ms');
  section(`Memory after ${cycles} open/close rounds (1x CPU; JS heap KB, event listeners)`);
  for (const d of RUNTIME_DIALOGS) {
    row(`runtime ${d.name}: heap KB`, `memory ${d.name}|runtime|heapKB`, 'KB');
    row(`runtime ${d.name}: listeners`, `memory ${d.name}|runtime|listeners`, '');
  }
  row('plugin stack modal: heap KB', 'memory modal|plugin stack|heapKB', 'KB');
  row('plugin stack modal: listeners', 'memory modal|plugin stack|listeners', '');
  return r;
}

const ratio = (a, b) => (a && b && a.median > 0 ? `${(b.median / a.median).toFixed(1)}x` : '—');

export function report(samples, meta) {
  const get = (rate, key) => summary(samples.get(`${rate}|${key}`) ?? []);
  const rate = (key, r) => (key.startsWith('memory') ? get(1, key) : get(r, key));
  const out = [];
  const jsonRows = [];
  for (const r of rows(meta.cycles)) {
    if (r.title) {
      out.push([`— ${r.title}`, ...meta.rates.map(() => '')]);
      continue;
    }
    const cells = meta.rates.map((x) => (r.key.startsWith('memory') && x !== 1 ? undefined : rate(r.key, x)));
    out.push([`  ${r.label}`, ...cells.map(cell)]);
    meta.rates.forEach((x, i) => cells[i] && jsonRows.push({ figure: r.label, key: r.key, cpu: `${x}x`, unit: r.unit, ...cells[i], samples: samples.get(`${r.key.startsWith('memory') ? 1 : x}|${r.key}`) }));
  }
  const head = `Site runtime benchmark · ${meta.date} · Chromium ${meta.chromium} · ${meta.machine} · ${meta.runs} runs per figure, median (min–max) · ${meta.seconds} s`;
  const slow = Math.max(...meta.rates);
  const pick = (k) => get(slow, k);
  const js = [pick('shared|runtime|jsKB'), pick('shared|plugin stack|jsKB')];
  const share = [pick('shared|runtime|shareMs'), pick('shared|plugin stack|shareMs')];
  const modal = [pick('shared|runtime|open modal'), pick('shared|plugin stack|open modal')];
  const resize = [pick('rows|runtime|resizeMs'), pick('rows|plugin stack|resizeMs')];
  const f = (p, unit) => `${cell(p[0] && { ...p[0], min: p[0].median, max: p[0].median })} vs ${cell(p[1] && { ...p[1], min: p[1].median, max: p[1].median })} ${unit} (${ratio(...p)})`;
  const line =
    `summary (${slow}x CPU, runtime vs plugin stack, shared page): JS ${f(js, 'KB gzip')}, ` +
    `main thread share ${f(share, 'ms')}, open modal ${f(modal, 'ms')}; equal heights per resize ${f(resize, 'ms')}`;
  const text = [head, '', table(['figure', ...meta.rates.map((x) => `${x}x CPU`)], out), '', line].join('\n');
  return { text, json: { ...meta, summary: line, rows: jsonRows } };
}
