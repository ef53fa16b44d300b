/**
 * The `sw-config` JSON (contract §1; schema/sw-config.schema.json has defaults and
 * descriptions). Every field is optional.
 */
export interface SwConfig {
  site?: { cleanUrlPath?: string; userParam?: string; projectSegments?: number };
  platform?: {
    cmsPageParam?: string;
    cmsPageValue?: string;
    previewPage?: string;
    layoutParam?: string;
    previewDomain?: string;
  };
  page?: {
    id?: string | number;
    languageId?: string;
    detailPage?: string;
    detailList?: { lang: string; url: string }[];
  };
  /** `[label, menuList, languageId]`. */
  languages?: [label: string, menuList: string, languageId: string, ...rest: unknown[]][];
  analytics?: { measurementId?: string; consentVariable?: string; scriptUrl?: string };
  lightbox?: {
    theme?: string;
    slideshow?: number | false;
    autoplaySlideshow?: boolean;
    opacity?: number;
    defaultWidth?: number;
    defaultHeight?: number;
    allowResize?: boolean;
    modal?: boolean;
    deepLinking?: boolean;
    /** The consent group for external media (YouTube, Vimeo); default `privacy_cookie_3`. */
    mediaConsentVariable?: string;
  };
  consent?: { revision?: string };
  /** Per language, overrides of the runtime's UI strings; a blank one keeps the default, with a warning. */
  i18n?: Record<string, Record<string, string>>;
  /**
   * When each controller's code is fetched, by controller name (README "Load strategies"),
   * e.g. `{ "lightbox": "idle", "carousel": "ready" }`. A marker's `data-sw-load` wins.
   */
  load?: Record<string, LoadStrategy>;
}

/** When a controller's code is fetched (README "Load strategies"). */
export type LoadStrategy = 'ready' | 'idle' | 'visible' | 'interaction';
