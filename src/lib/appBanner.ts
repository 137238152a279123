/** The widest viewport on which the mobile-app banner is shown (spec §9). */
export const APP_BANNER_MAX_WIDTH = 991;
/** How long the banner stays hidden after it is closed, in seconds (spec §4). */
export const APP_BANNER_HIDE_SECONDS = 1800;
/** The cookie that remembers a closed banner (spec §3). */
export const APP_BANNER_COOKIE = 'isMobileAppBanner';

const HIDDEN_FRAGMENTS = [
  'b2b-autopayment',
  '/invoice',
  '/organizations-form-mobile',
  '/legal-entities',
  '/your-lost-profit',
  '/stories-preview',
  'push/alerts',
  'reset',
  '/rules',
  '/push/',
  '/forms/',
];
const APP_SOURCES = ['Android', 'IOS', 'banner_news'];

/**
 * Sections where a visitor is busy with a task the banner would interrupt (issue 24 item 6): checkout,
 * payment and receipt, sign-in and password, the profile, the organization's cabinet and its pages.
 */
const TASK_SECTIONS = new Set([
  'prepayment',
  'payment',
  'auth',
  'reset',
  'profile',
  'organization',
  'organizations-form-mobile',
  'fine-analytics',
  'download-file',
  'invoice',
]);

/** True for the mobile app's webviews (first segment `webview`), which have no site header and no banner. */
export const isWebviewPath = (path: string) => path.split('/').filter(Boolean)[0] === 'webview';

/** What decides whether the banner shows: the address, the viewport and the banner cookie. */
export type AppBannerInput = { path: string; search: string; width: number; cookie: string };

/** True when the mobile-app banner may be shown (every hiding rule of spec §2 and §4). */
export function shouldShowAppBanner({ path, search, width, cookie }: AppBannerInput): boolean {
  if (width > APP_BANNER_MAX_WIDTH) return false;
  if (HIDDEN_FRAGMENTS.some((f) => path.includes(f))) return false;
  if (isWebviewPath(path) || TASK_SECTIONS.has(path.split('/').filter(Boolean)[0] ?? '')) return false;
  const query = new URLSearchParams(search);
  if (APP_SOURCES.includes(query.get('utm_source') ?? '')) return false;
  if (query.get('fromApp') === '1') return false;
  return readCookie(cookie, APP_BANNER_COOKIE) !== 'false';
}

/** The Set-Cookie value written when the banner is closed. */
export const appBannerClosedCookie = () => `${APP_BANNER_COOKIE}=false; max-age=${APP_BANNER_HIDE_SECONDS}; path=/; samesite=lax`;

/** Reads one cookie from a document.cookie string. */
export function readCookie(cookie: string, name: string): string | undefined {
  for (const part of cookie.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return undefined;
}
