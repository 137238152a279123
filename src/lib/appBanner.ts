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

/** What decides whether the banner shows: the address, the viewport and the banner cookie. */
export type AppBannerInput = { path: string; search: string; width: number; cookie: string };

/** True when the mobile-app banner may be shown (every hiding rule of spec §2 and §4). */
export function shouldShowAppBanner({ path, search, width, cookie }: AppBannerInput): boolean {
  if (width > APP_BANNER_MAX_WIDTH) return false;
  if (HIDDEN_FRAGMENTS.some((f) => path.includes(f))) return false;
  if (path.split('/').filter(Boolean)[0] === 'webview') return false;
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
