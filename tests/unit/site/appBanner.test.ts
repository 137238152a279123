import { describe, expect, it } from 'vitest';
import { appBannerClosedCookie, isWebviewPath, shouldShowAppBanner } from '../../../src/lib/appBanner.ts';

const base = { path: '/', search: '', width: 390, cookie: '' };

describe('mobile-app banner rules (spec §2, §4, §9)', () => {
  it('shows on a phone by default', () => expect(shouldShowAppBanner(base)).toBe(true));

  it.each([
    '/b2b-autopayment/',
    '/invoice/abc/',
    '/organizations-form-mobile/',
    '/legal-entities/',
    '/your-lost-profit/',
    '/stories-preview/',
    '/push/alerts/',
    '/reset/token/',
    '/rules/cashback-rules/',
    '/webview/payment/',
    '/webview/ordinances-map/',
    '/forms/keyauto/',
  ])('is hidden on %s', (path) => expect(shouldShowAppBanner({ ...base, path })).toBe(false));

  it.each([
    '/prepayment/',
    '/prepayment/wait/',
    '/prepayment/success/',
    '/prepayment/error/',
    '/payment/chromeExtension/',
    '/auth/',
    '/profile/',
    '/profile/erase/',
    '/organization/',
    '/fine-analytics/',
    '/download-file/',
    '/webview/taxes/',
  ])('is hidden on the task page %s (issue 24 item 6)', (path) => expect(shouldShowAppBanner({ ...base, path })).toBe(false));

  it.each(['/news/', '/fines/', '/about/', '/city/moskva/', '/faq/webview-vopros/'])('shows on %s', (path) =>
    expect(shouldShowAppBanner({ ...base, path })).toBe(true),
  );

  it.each([
    ['?utm_source=Android', false],
    ['?utm_source=IOS', false],
    ['?utm_source=banner_news', false],
    ['?utm_source=yandex', true],
    ['?fromApp=1', false],
    ['?fromApp=0', true],
  ])('query %s → %s', (search, shown) => expect(shouldShowAppBanner({ ...base, search })).toBe(shown));

  it.each([
    [991, true],
    [992, false],
    [1280, false],
    [360, true],
  ])('width %i → %s', (width, shown) => expect(shouldShowAppBanner({ ...base, width })).toBe(shown));

  it('stays hidden while the close cookie is set', () => {
    expect(shouldShowAppBanner({ ...base, cookie: 'a=1; isMobileAppBanner=false' })).toBe(false);
    expect(shouldShowAppBanner({ ...base, cookie: 'isMobileAppBanner=true' })).toBe(true);
  });

  it('webview paths are those whose first segment is webview', () => {
    expect(isWebviewPath('/webview/ordinances-map/')).toBe(true);
    expect(isWebviewPath('/faq/webview-vopros/')).toBe(false);
  });

  it('closing writes the cookie for 1800 s on the root path', () => {
    expect(appBannerClosedCookie()).toBe('isMobileAppBanner=false; max-age=1800; path=/; samesite=lax');
  });
});
