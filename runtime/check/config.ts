import { configElementId } from '../schema';
import type { Add } from './report';
import type { EntryReaders } from './types';

const marker = 'sw-config';

/** The `sw-config` block: JSON, fields of the wrong kind, unknown fields, times out of range. */
export function configProblems(doc: Document, add: Add, { readConfigObject }: EntryReaders): void {
  const el = doc.getElementById(configElementId);
  if (!el) return;
  let raw: unknown;
  try {
    raw = JSON.parse(el.textContent || '{}');
  } catch {
    add('invalid-json', marker, el, 'sw-config holds invalid JSON; every field uses its default.');
    return;
  }
  const report = readConfigObject(raw);
  if (report.notObject)
    add('invalid-config', marker, el, 'sw-config must be a JSON object; every field uses its default.');
  for (const field of report.bad)
    add('invalid-config', marker, el, `sw-config: ${field} has an invalid value; its default applies.`);
  for (const field of report.unknown)
    add('unknown-option', marker, el, `sw-config: unknown field ${field}; ignored.`);
  for (const text of report.clamped) add('invalid-config', marker, el, `sw-config: out of range: ${text}.`);
}
