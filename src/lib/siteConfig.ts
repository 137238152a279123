/**
 * Public settings of the site, read from PUBLIC_* variables at build time. A feature whose setting is
 * unset is not shown (no store links → no app banner; no counter id → no analytics script).
 */

/** The values the site reads; each is optional and documented in README.md. */
export type SiteConfig = {
  siteUrl: string;
  apiBase: string;
  cmsBase: string;
  appStoreUrl: string | undefined;
  googlePlayUrl: string | undefined;
  metrikaId: string | undefined;
  trackerSrc: string | undefined;
  salesChatSrc: string | undefined;
  supportChatSrc: string | undefined;
  mapsApiKey: string | undefined;
  pdfLibSrc: string | undefined;
  /** The map's tile address template (PUBLIC_MAP_TILES_URL): its origin is allowed for images; the server hands the map the same value. */
  mapTilesUrl: string | undefined;
};

type Env = Record<string, string | boolean | undefined>;

const str = (env: Env, key: string): string | undefined => {
  const v = env[key];
  return typeof v === 'string' && v.trim() ? v.trim() : undefined;
};

/** The API's origin from PUBLIC_API_BASE's value: '' (the site's own origin) when unset, never a trailing slash. */
export function apiBaseFrom(value: string | undefined): string {
  return (value?.trim() ?? '').replace(/\/+$/, '');
}

/** Builds the site settings from an environment record (import.meta.env in Astro, process.env in Node). */
export function readSiteConfig(env: Env): SiteConfig {
  return {
    siteUrl: (str(env, 'PUBLIC_SITE_URL') ?? 'https://shtrafy.example.ru').replace(/\/+$/, ''),
    apiBase: apiBaseFrom(str(env, 'PUBLIC_API_BASE')),
    cmsBase: (str(env, 'PUBLIC_CMS_BASE') ?? '/cms').replace(/\/+$/, ''),
    appStoreUrl: str(env, 'PUBLIC_APP_STORE_URL'),
    googlePlayUrl: str(env, 'PUBLIC_GOOGLE_PLAY_URL'),
    metrikaId: str(env, 'PUBLIC_METRIKA_ID'),
    trackerSrc: str(env, 'PUBLIC_TRACKER_SRC'),
    salesChatSrc: str(env, 'PUBLIC_SALES_CHAT_SRC'),
    supportChatSrc: str(env, 'PUBLIC_SUPPORT_CHAT_SRC'),
    mapsApiKey: str(env, 'PUBLIC_MAPS_API_KEY'),
    pdfLibSrc: str(env, 'PUBLIC_PDF_LIB_SRC'),
    mapTilesUrl: str(env, 'PUBLIC_MAP_TILES_URL'),
  };
}

/** The site's name as users see it. */
export const SITE_NAME = 'Штрафы Онлайн';
/** The rating of the mobile app shown in the banner (spec §1, §9). */
export const APP_RATING = '4.8/5';
