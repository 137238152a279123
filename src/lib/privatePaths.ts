/** Path prefixes of pages that belong to one user or one payment; search engines must not list them. */
export const PRIVATE_PREFIXES = [
  '/profile/',
  '/prepayment/',
  '/payment/',
  '/webview/',
  '/push/',
  '/invoice/',
  '/reset/',
  '/fines/',
  '/organization/',
  '/organizations-form-mobile/',
  '/auth/',
  '/404/',
  '/admin/',
  '/widget-test-page/',
  '/tbank-test/',
  '/email/unsubscrib/',
];

/** True for a page the sitemap leaves out (issue 6: profile, payment, webview, push, invoice, reset). */
export const isPrivatePath = (path: string) => PRIVATE_PREFIXES.some((p) => path === p || path.startsWith(p) || `${path}/` === p);

/** Pages that repeat another page's text under an old address; their canonical is the other page. */
export const DUPLICATE_PATHS = ['/politics_personal_data/', '/licences/personal-data-policy.html'];

/** True for a page the XML sitemap lists: public, and its own canonical. */
export const isSitemapPath = (path: string) => !isPrivatePath(path) && !DUPLICATE_PATHS.includes(path.replace(/\.html\/$/, '.html'));
