/**
 * Security headers for every response (issue 3 point 6). The page's own CSP (script-src and style-src
 * with hashes) is Astro's `security.csp` meta tag; `frame-ancestors` cannot live in a meta tag, so it
 * is sent here as a header, with the other directives a meta tag cannot carry.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Content-Security-Policy': "frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'",
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), usb=(), serial=(), geolocation=(self), payment=(self)',
});

/**
 * Pages opened with credentials in their address (webviews, src/lib/addressCredentials.ts) send no
 * Referer at all, even before their script strips the address: the header says so, as does the page's meta tag.
 */
export const CREDENTIAL_PAGE_REFERRER_POLICY = 'no-referrer';

/** Cache-Control for hashed build assets under /_astro/: they never change under the same name. */
export const IMMUTABLE_ASSET_CACHE = 'public, max-age=31536000, immutable';
/** Cache-Control for pages and other unhashed files: always revalidate. */
export const REVALIDATE_CACHE = 'public, max-age=0, must-revalidate';

/** The Cache-Control a path gets. */
export const cacheControlFor = (path: string) => (path.startsWith('/_astro/') ? IMMUTABLE_ASSET_CACHE : REVALIDATE_CACHE);
