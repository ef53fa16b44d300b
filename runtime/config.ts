import { configElementId } from './schema';
import { log } from './log';
import { clampTime, timerRange } from './options';

/** The `sw-config` object with every field of contract §1 present (defaults filled in). */
export interface Config {
  site: {
    /** Absent = not set; `""` is a valid value (site at the root). */
    cleanUrlPath: string | undefined;
    userParam: string;
    projectSegments: number;
  };
  platform: {
    cmsPageParam: string;
    cmsPageValue: string;
    previewPage: string;
    layoutParam: string;
    previewDomain: string;
  };
  page: {
    id: string | undefined;
    languageId: string | undefined;
    detailPage: string;
    detailList: DetailLink[];
  };
  languages: LanguageEntry[];
  analytics: {
    measurementId: string | undefined;
    consentVariable: string;
    scriptUrl: string;
  };
  lightbox: {
    theme: string;
    slideshow: number | false;
    autoplaySlideshow: boolean;
    opacity: number;
    defaultWidth: number;
    defaultHeight: number;
    allowResize: boolean;
    modal: boolean;
    deepLinking: boolean;
  };
  i18n: Record<string, Record<string, string>>;
}

export interface DetailLink {
  lang: string;
  url: string;
}

/** `[label, menuList, languageId]`, e.g. `["Français", "menu_fr", "fr"]`. */
export type LanguageEntry = [label: string, menuList: string, languageId: string];

type Check = (v: unknown) => boolean;
const isString: Check = (v) => typeof v === 'string';
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

type Sections = Pick<Config, 'site' | 'platform' | 'page' | 'analytics' | 'lightbox'>;

export function defaultConfig(): Config {
  return {
    site: { cleanUrlPath: undefined, userParam: 'user', projectSegments: 1 },
    platform: {
      cmsPageParam: 'page',
      cmsPageValue: 'cms',
      previewPage: 'preview.php',
      layoutParam: 'layout_id',
      previewDomain: 'preview.localhost',
    },
    page: { id: undefined, languageId: undefined, detailPage: '', detailList: [] },
    languages: [],
    analytics: {
      measurementId: undefined,
      consentVariable: 'privacy_cookie_2',
      scriptUrl: 'https://www.googletagmanager.com/gtag/js',
    },
    lightbox: {
      theme: 'pp_default',
      slideshow: 5000,
      autoplaySlideshow: false,
      opacity: 0.8,
      defaultWidth: 500,
      defaultHeight: 344,
      allowResize: true,
      modal: false,
      deepLinking: false,
    },
    i18n: {},
  };
}

/**
 * Fields whose usable values are not simply "the default's type" (numbers: positive;
 * fields without a default: strings).
 */
const special: Record<string, Check> = {
  'site.userParam': (v) => isString(v) && v !== '',
  'site.projectSegments': (v) => Number.isInteger(v) && (v as number) >= 0,
  'page.id': (v) => isString(v) || isNumber(v),
  'page.detailList': (v) =>
    Array.isArray(v) && v.every((d) => isObject(d) && isString(d.lang) && isString(d.url)),
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
  const config = defaultConfig();
  if (!isObject(raw)) {
    if (raw !== undefined) log.warn('sw-config must be a JSON object; using defaults.');
    return config;
  }
  const bad: string[] = [];
  for (const section of ['site', 'platform', 'page', 'analytics', 'lightbox'] as (keyof Sections)[]) {
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
          : typeof v === typeof def && (!isNumber(v) || v > 0);
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
  if (i18n !== undefined) {
    if (isObject(i18n) && Object.values(i18n).every(isObject)) {
      for (const [lang, table] of Object.entries(i18n as Record<string, Record<string, unknown>>)) {
        config.i18n[lang.toLowerCase()] = Object.fromEntries(
          Object.entries(table).filter(([, v]) => isString(v)),
        ) as Record<string, string>;
      }
    } else bad.push('i18n');
  }
  if (bad.length) log.warn(`sw-config: ignoring invalid field(s) ${bad.join(', ')}; their defaults apply.`);
  const clamped: string[] = [];
  const { slideshow } = config.lightbox;
  if (slideshow !== false)
    config.lightbox.slideshow = clampTime(slideshow, timerRange.interval, 'lightbox.slideshow', clamped);
  if (clamped.length) log.warn(`sw-config: out of range: ${clamped.join(', ')}.`);
  return config;
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
