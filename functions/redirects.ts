/**
 * Netlify Edge Function: the redirect rules of src/lib/redirects.ts in front of every page.
 * The rules live in the pure module; this file only adapts them to Netlify's request/response.
 */
import { parseAllowedHosts } from '../src/lib/partnerHosts.ts';
import { decideRedirect } from '../src/lib/redirects.ts';
import { oneClickUnsubscribeTarget } from '../src/lib/oneClickUnsubscribe.ts';
import { pageNotFoundText } from '../src/lib/routes.ts';

// The slices of Netlify's edge runtime this function uses (no @netlify/edge-functions types needed).
declare const Netlify: { env: { get(name: string): string | undefined } } | undefined;
type EdgeContext = { next(): Promise<Response> };

/** Answers with the rules' redirect or 404, or lets Netlify serve the request as is. */
export default async function redirects(request: Request, context: EdgeContext): Promise<Response> {
  // RFC 8058 one-click unsubscribe: the POST a mail client sends to the unsubscribe page goes to the API.
  const unsubscribe = oneClickUnsubscribeTarget(request.method, new URL(request.url));
  if (unsubscribe !== undefined) {
    const apiBase = (typeof Netlify === 'undefined' ? undefined : Netlify.env.get('PUBLIC_API_BASE')) || new URL(request.url).origin;
    return fetch(new URL(unsubscribe, apiBase), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: await request.text() });
  }
  const envValue = typeof Netlify === 'undefined' ? undefined : Netlify.env.get('WEBVIEW_ALLOWED_HOSTS');
  const decision = decideRedirect(new URL(request.url), { allowedHosts: parseAllowedHosts(envValue) });
  switch (decision.kind) {
    case 'redirect':
      return new Response(null, { status: decision.status, headers: { location: decision.location } });
    case 'notFound':
      return notFound(request);
    case 'none':
      return context.next();
  }
}

// The site's own 404 page with a 404 status; plain text with the spec's wording if it cannot be had.
async function notFound(request: Request): Promise<Response> {
  try {
    const page = await fetch(new URL('/404/', request.url));
    if (page.ok) return new Response(page.body, { status: 404, headers: page.headers });
  } catch {
    // fall through to the plain answer
  }
  const path = new URL(request.url).pathname;
  return new Response(pageNotFoundText(path), {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });
}

/** Runs on every path but the build assets, the API and the platform's own; a crash serves the file unchanged. */
export const config = {
  path: '/*',
  excludedPath: ['/_astro/*', '/api/*', '/105/*', '/coordinates/*', '/v1/*', '/.netlify/*'],
  onError: 'bypass',
};
