/**
 * Path rules of spec §2: fixed renames, paths that are never redirected, and static files that
 * keep their slash-less names.
 */

/** Renamed pages (spec §2), keyed by the old path without its trailing slash; targets are final (slashed). */
export const RENAMES: ReadonlyMap<string, string> = new Map([
  ['/oferta', '/licenses/license-agreement/'],
  ['/good_to_know/tags/shtrafy-gibdd', '/good_to_know/tags/shtrafy/'],
  ['/good_to_know/tags/strahovka-osago', '/good_to_know/tags/osago/'],
  ['/all-promotions-list', '/licenses/all-promotions-list/'],
  ['/rules/cashback_rules', '/rules/cashback-rules/'],
]);

/** The rename target of a path, matched with or without its trailing slash. */
export function renameTarget(pathname: string): string | undefined {
  return RENAMES.get(pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname);
}

// API endpoints (spec §7) must never see a 301: clients POST there and a redirect would turn the
// request into a GET. /_astro holds hashed build assets; /.netlify is the platform's own.
const UNTOUCHED_PREFIXES = ['/_astro', '/api', '/105', '/coordinates', '/geocoder', '/.netlify'];

/** Whether a path belongs to the API, the build assets or the platform, which no rule touches. */
export function isUntouchedPath(pathname: string): boolean {
  return UNTOUCHED_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

// The spec exempts only .xml (sitemaps) from the trailing slash. Every other static file is exempt
// too, for the same reason: it is served under its exact name, and '/robots.txt/' or '/favicon.ico/'
// would be a 404 for crawlers and browsers. '/licences/personal-data-policy.html' is a route of
// spec §2 under its .html name. A closed list, not "any dot", so that a slug such as
// '/news/versiya-2.0' still gets its slash.
const FILE_EXTENSIONS = new Set([
  'xml', 'html', 'htm', 'txt', 'json', 'webmanifest', 'js', 'mjs', 'css', 'map',
  'ico', 'png', 'jpg', 'jpeg', 'gif', 'webp', 'avif', 'svg',
  'woff', 'woff2', 'ttf', 'otf', 'eot', 'pdf', 'mp4', 'webm', 'mp3', 'zip', 'csv', 'apk',
]);

/** Whether the last segment of a path names a static file (e.g. '/sitemap-index.xml'), which keeps no trailing slash. */
export function hasFileExtension(pathname: string): boolean {
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  const dot = last.lastIndexOf('.');
  return dot !== -1 && FILE_EXTENSIONS.has(last.slice(dot + 1).toLowerCase());
}
