/**
 * The site's server-side redirects (spec §2, issue 3 point 4): one pure decision per request URL,
 * shared by the Netlify edge function (functions/redirects.ts) and the local Node server.
 *
 * Order: untouched paths (API, build assets) → /app/webview → renames → legacy /app paths →
 * static files → trailing slash + /b2b-promo/ re-decoding + camelCase keys. Every internal
 * redirect lands on its final address in one hop (slash added, query converted), so feeding a
 * redirect's location back in always gives { kind: 'none' }. Internal targets are 301 with a
 * path+query location; external ones (sister sites, webview partners) are 302 with an absolute URL.
 * The request's query is kept on every redirect but the webview hand-off, whose target is its url.
 */
import { legacyAppTarget } from './redirects/legacyApp.ts';
import { hasFileExtension, isUntouchedPath, renameTarget } from './redirects/paths.ts';
import { camelCaseQuery, redecodeQuery } from './redirects/query.ts';
import type { RedirectDecision, RedirectOptions, SisterSites } from './redirects/types.ts';
import { webviewDecision } from './redirects/webview.ts';

export type { RedirectDecision, RedirectOptions, SisterSites } from './redirects/types.ts';
export { isAllowedHost } from './redirects/webview.ts';

/** Sister sites used when the caller gives none (or an entry that is not an absolute http(s) URL). */
export const DEFAULT_SISTER_SITES: Readonly<SisterSites> = Object.freeze({
  taxes: 'https://nalogi.example.ru/',
  promo: 'https://promo.example.ru/',
  osago: 'https://osago.example.ru/',
});

const NONE: RedirectDecision = { kind: 'none' };

/** Decides what to do with a request URL before any file is served. Never throws. */
export function decideRedirect(url: URL, options: RedirectOptions): RedirectDecision {
  try {
    return checked(decide(url, options));
  } catch {
    return NONE;
  }
}

function decide(url: URL, options: RedirectOptions): RedirectDecision {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return NONE;
  const { pathname } = url;
  const query = url.search.slice(1);
  // '//evil.com' + '/' would be a protocol-relative Location, i.e. an open redirect: serve as is.
  if (pathname.startsWith('//') || pathname.includes('\\') || isUntouchedPath(pathname)) return NONE;
  if (pathname === '/app/webview' || pathname === '/app/webview/') {
    return webviewDecision(query, options.allowedHosts);
  }

  const renamed = renameTarget(pathname);
  if (renamed !== undefined) return internal(renamed, camelCaseQuery(query));

  const legacy = legacyAppTarget(pathname);
  if (legacy?.kind === 'internal') return internal(legacy.path, camelCaseQuery(query));
  if (legacy?.kind === 'external') {
    // The sister sites get the query exactly as sent: their parameter names are theirs, not ours.
    return external(sisterSite(options.sisterSites, legacy.site), query);
  }

  // Static files are served under their exact name and query (spec: '.xml' keeps no slash).
  if (hasFileExtension(pathname)) return NONE;
  const path = pathname.endsWith('/') ? pathname : `${pathname}/`;
  const decoded = path.startsWith('/b2b-promo/') ? redecodeQuery(query) : query;
  const nextQuery = camelCaseQuery(decoded);
  if (path === pathname && nextQuery === query) return NONE;
  return internal(path, nextQuery);
}

function internal(path: string, query: string): RedirectDecision {
  return { kind: 'redirect', status: 301, location: query === '' ? path : `${path}?${query}` };
}

function external(base: string, query: string): RedirectDecision {
  const target = new URL(base);
  if (query !== '') target.search = target.search === '' ? query : `${target.search.slice(1)}&${query}`;
  return { kind: 'redirect', status: 302, location: target.href };
}

function sisterSite(sites: SisterSites | undefined, key: keyof SisterSites): string {
  const configured = sites?.[key];
  if (configured === undefined || !URL.canParse(configured)) return DEFAULT_SISTER_SITES[key];
  const parsed = new URL(configured);
  const usable =
    (parsed.protocol === 'https:' || parsed.protocol === 'http:') && parsed.username === '' && parsed.password === '';
  return usable ? parsed.href : DEFAULT_SISTER_SITES[key];
}

// Last line of defence for the Location header: printable ASCII only (no header injection, no
// Unicode a Headers object would reject), and an internal location must be a plain '/path', never
// '//host' or '/\host', which browsers would read as another site.
function checked(decision: RedirectDecision): RedirectDecision {
  if (decision.kind !== 'redirect') return decision;
  if (!/^[\x21-\x7E]+$/.test(decision.location)) return NONE;
  if (decision.status === 301 && !/^\/(?![/\\])/.test(decision.location)) return NONE;
  return decision;
}
