/**
 * The runtime's route to the console, so every message carries the same prefix, except the
 * specification's catalogue texts (contract §6), which `log.verbatim` prints exactly.
 */
const prefix = '[site-runtime]';

export const log = {
  warn(message: string, ...detail: unknown[]): void {
    console.warn(`${prefix} ${message}`, ...detail);
  },
  error(message: string, ...detail: unknown[]): void {
    console.error(`${prefix} ${message}`, ...detail);
  },
  /** The specification's exact texts: builders search their consoles for them. */
  verbatim: {
    warn(text: string, ...detail: unknown[]): void {
      console.warn(text, ...detail);
    },
    error(text: string, ...detail: unknown[]): void {
      console.error(text, ...detail);
    },
  },
};

/** A short, readable name for an element in a log line: `div#id.class[data-sw-modal]`. */
export function describe(el: Element): string {
  let s = el.localName;
  if (el.id) s += `#${el.id}`;
  const cls = el.getAttribute('class')?.trim();
  if (cls) s += `.${cls.split(/\s+/).slice(0, 2).join('.')}`;
  for (const a of Array.from(el.attributes)) {
    if (a.name.startsWith('data-sw-') && a.name !== 'data-sw-ready') {
      s += `[${a.name}]`;
      break;
    }
  }
  return s;
}
