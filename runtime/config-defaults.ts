/** The `sw-config` fields of contract §1 with their defaults: the shape every reader gets. */
import type { LoadStrategy } from './controller';

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
    /** The consent group that lets YouTube and Vimeo players load without asking first. */
    mediaConsentVariable: string;
  };
  consent: {
    /** The cookie policy's revision; a choice made under another one is asked again. Absent: none. */
    revision: string | undefined;
  };
  i18n: Record<string, Record<string, string>>;
  /** Issue 14: a controller's load strategy for every marker of it, by controller name. */
  load: Record<string, LoadStrategy>;
}

export interface DetailLink {
  lang: string;
  url: string;
}

/** `[label, menuList, languageId]`, e.g. `["Français", "menu_fr", "fr"]`. */
export type LanguageEntry = [label: string, menuList: string, languageId: string];

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
      mediaConsentVariable: 'privacy_cookie_3',
    },
    consent: { revision: undefined },
    i18n: {},
    load: {},
  };
}
