import { configElementId } from './schema';
import { log } from './log';
import { clampTime, timerRange } from './options';
import { loadStrategies, type LoadStrategy } from './controller';
import { defaultConfig, type Config, type LanguageEntry } from './config-defaults';

export { defaultConfig, type Config, type DetailLink, type LanguageEntry } from './config-defaults';

type Check = (v: unknown) => boolean;
const isString: Check = (v) => typeof v === 'string';
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

type Sections = Pick<Config, 'site' | 'platform' | 'page' | 'analytics' | 'lightbox' | 'consent'>;

/**
 * Fields whose usable values are not simply "the default's type" (numbers: positive;
 * fields without a default: strings).
 */
const special: Record<string, Check> = {
  // A path ("/clinic", "" for the root): no address, query, fragment or whitespace, which
  // would end up inside every URL the runtime builds on `baseUrl`.
  'site.cleanUrlPath': (v) => typeof v === 'string' && !/[?#\s\\]|^[a-z][\w+.-]*:/i.test(v),
  'site.userParam': (v) => isString(v) && v !== '',
  'site.projectSegments': (v) => Number.isInteger(v) && (v as number) >= 0,
  'page.id': (v) => isString(v) || isNumber(v),
  'page.detailList': (v) =>
    Array.isArray(v) && v.every((d) => isObject(d) && isString(d.lang) && isString(d.url)),
  // What the consent endpoint accepts: anything else made every save a 400.
  'consent.revision': (v) => typeof v === 'string' && /^\P{Cc}{1,64}$/u.test(v),
  'lightbox.slideshow': (v) => v === false || (isNumber(v) && v > 0),
  'lightbox.opacity': (v) => isNumber(v) && v >= 0 && v <= 1,
};

const isLanguageEntry = (v: unknown): v is LanguageEntry =>
  Array.isArray(v) && v.length >= 3 && v.slice(0, 3).every(isString);

/**
 * Normalises parsed JSON into a full Config. A field of the wrong type keeps its default,
 * and one warning names every such field: a typo in the builder's config never takes the
 * rest of it down.
 */
export function normalizeConfig(raw: unknown): Config {
  const report = readConfigObject(raw);
  if (report.notObject) log.warn('sw-config must be a JSON object; using defaults.');
  const { bad, unknown, clamped } = report;
  if (bad.length) log.warn(`sw-config: ignoring invalid field(s) ${bad.join(', ')}; their defaults apply.`);
  if (unknown.length) log.warn(`sw-config: unknown field(s) ${unknown.join(', ')}; ignored.`);
  if (clamped.length) log.warn(`sw-config: out of range: ${clamped.join(', ')}.`);
  return report.config;
}

/** What normalising the config found wrong: the checker lists it, normalizeConfig logs it. */
export interface ConfigReport {
  config: Config;
  /** The value is not a JSON object at all (all defaults). */
  notObject: boolean;
  bad: string[];
  unknown: string[];
  clamped: string[];
}

/** Unknown fields: top-level names and section fields the contract does not have. */
function unknownFields(raw: Record<string, unknown>, config: Config): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(raw)) {
    // Own fields only: `constructor` or `toString` are no field of the contract's.
    const known = (config as unknown as Record<string, unknown>)[key];
    if (!Object.hasOwn(config, key)) out.push(key);
    else if (isObject(value) && isObject(known) && key !== 'i18n' && key !== 'load')
      for (const field of Object.keys(value)) if (!Object.hasOwn(known, field)) out.push(`${key}.${field}`);
  }
  return out;
}

export function readConfigObject(raw: unknown): ConfigReport {
  const config = defaultConfig();
  if (!isObject(raw)) return { config, notObject: raw !== undefined, bad: [], unknown: [], clamped: [] };
  const bad: string[] = [];
  for (const section of [
    'site',
    'platform',
    'page',
    'analytics',
    'lightbox',
    'consent',
  ] as (keyof Sections)[]) {
    const value = raw[section];
    if (value === undefined) continue;
    if (!isObject(value)) {
      bad.push(section);
      continue;
    }
    const target = config[section] as Record<string, unknown>;
    for (const key of Object.keys(target)) {
      const v = value[key];
      if (v === undefined) continue;
      const path = `${section}.${key}`;
      const def = target[key];
      const ok = special[path]
        ? special[path](v)
        : def === undefined
          ? isString(v)
          : typeof v === typeof def && (typeof v !== 'number' || (isNumber(v) && v > 0));
      if (ok) target[key] = v;
      else bad.push(path);
    }
  }
  if (config.page.id !== undefined) config.page.id = String(config.page.id);

  const { languages, i18n } = raw;
  if (languages !== undefined) {
    if (Array.isArray(languages) && languages.every(isLanguageEntry)) {
      config.languages = languages.map((l) => [l[0], l[1], l[2]]);
    } else bad.push('languages');
  }
  readI18n(i18n, config, bad);
  readLoad(raw.load, config, bad);
  const clamped: string[] = [];
  const { slideshow } = config.lightbox;
  if (slideshow !== false)
    config.lightbox.slideshow = clampTime(slideshow, timerRange.interval, 'lightbox.slideshow', clamped);
  return { config, notObject: false, bad, unknown: unknownFields(raw, config), clamped };
}

/**
 * `i18n`: per language, the UI strings that override the runtime's. Languages are own
 * properties whatever their name (an assignment to `__proto__` would replace the prototype).
 * A blank string keeps the default: it would leave the runtime's buttons without a name.
 */
function readI18n(raw: unknown, config: Config, bad: string[]): void {
  if (raw === undefined) return;
  if (!isObject(raw) || !Object.values(raw).every(isObject)) return void bad.push('i18n');
  const usable =
    (lang: string) =>
    ([key, v]: [string, unknown]) =>
      (typeof v === 'string' && v.trim() !== '') || void bad.push(`i18n.${lang}.${key}`);
  config.i18n = Object.fromEntries(
    Object.entries(raw as Record<string, object>).map(([lang, table]) => [
      lang.toLowerCase(),
      Object.fromEntries(Object.entries(table).filter(usable(lang))),
    ]),
  );
}

/** `load`: controller names to strategies; a value that is not a strategy is named and ignored. */
function readLoad(raw: unknown, config: Config, bad: string[]): void {
  if (raw === undefined) return;
  if (!isObject(raw)) return void bad.push('load');
  const isStrategy = ([name, v]: [string, unknown]) =>
    loadStrategies.includes(v as LoadStrategy) || void bad.push(`load.${name}`);
  config.load = Object.fromEntries(Object.entries(raw).filter(isStrategy)) as Config['load'];
}

/**
 * Reads `#sw-config`. Missing element: defaults, silently (the contract allows it).
 * Invalid JSON: defaults and one warning.
 */
export function readConfig(doc: Document): Config {
  const el = doc.getElementById(configElementId);
  if (!el) return defaultConfig();
  let raw: unknown;
  try {
    raw = JSON.parse(el.textContent || '{}');
  } catch (err) {
    log.warn('sw-config holds invalid JSON; using defaults.', err);
    return defaultConfig();
  }
  return normalizeConfig(raw);
}
