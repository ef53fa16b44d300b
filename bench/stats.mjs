// Medians with their range, and the one table the benchmark prints.

export function summary(samples) {
  const s = [...samples].filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (s.length === 0) return undefined;
  const mid = s.length >> 1;
  const median = s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
  return { median, min: s[0], max: s.at(-1), n: s.length };
}

const digits = (v) => (Math.abs(v) >= 100 ? 0 : Math.abs(v) >= 10 ? 1 : 2);
const num = (v) => v.toFixed(digits(v));

/** "12.3 (11.9–13.0)"; a figure with no spread is printed alone. */
export function cell(s) {
  if (!s) return '—';
  return s.min === s.max ? num(s.median) : `${num(s.median)} (${num(s.min)}–${num(s.max)})`;
}

/** Plain-text table: the first column left-aligned, the others right-aligned. */
export function table(header, rows) {
  const all = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...all.map((r) => String(r[i] ?? '').length)));
  const line = (r) => r.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
