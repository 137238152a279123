import { matchRoute } from './routes.ts';

/**
 * The path of a site request as the access log may show it: the route pattern for pages
 * ('/fines/info/{hash}', '/reset/{token}'), '/_astro/*' for built assets, public files by name, and
 * '{unmatched}' for anything else — never a filled-in path, which may hold a share hash, a token or a
 * plate (issue 17 item 9).
 */
export function loggedPath(path: string): string {
  if (path.startsWith('/_astro/')) return '/_astro/*';
  const match = matchRoute(path);
  if (match !== undefined) return match.route.pattern;
  if (/^\/[\w.-]+\.(svg|png|ico|webmanifest|txt|xml|js|css|json|html)$/.test(path)) return path;
  return '{unmatched}';
}
