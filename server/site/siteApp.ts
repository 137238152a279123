import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { isApiPath } from '../../src/lib/apiPaths.ts';
import { oneClickUnsubscribeTarget } from '../../src/lib/oneClickUnsubscribe.ts';
import { decideRedirect } from '../../src/lib/redirects.ts';
import { rewriteFor } from '../../src/lib/rewrites.ts';
import { MISSING_PATH_TOKEN, pageNotFoundText, validationNotFoundText } from '../../src/lib/routes.ts';
import { CREDENTIAL_PAGE_REFERRER_POLICY, SECURITY_HEADERS } from '../../src/lib/securityHeaders.ts';
import { acceptsAddressCredentials } from '../../src/lib/addressCredentials.ts';
import { loggedPath } from '../../src/lib/logPath.ts';
import { REQUEST_ID_HEADER, requestIdFrom } from '../observability/requestEntry.ts';
import type { RequestObserver } from '../observability/requestEntry.ts';
import { acceptsBrotli, createBrotliFiles } from './brotliFiles.ts';
import { createPageCsp } from './pageCsp.ts';
import type { PageCsp } from './pageCsp.ts';
import { fileResponse, findStaticFile } from './staticFiles.ts';
import type { StaticFile } from './staticFiles.ts';

/** What the site server needs: the built site, the API app and the webview allow-list. */
export type SiteOptions = {
  distDir: string;
  api: { fetch: (request: Request, env?: unknown) => Response | Promise<Response> };
  allowedHosts: readonly string[];
  /** Told about each page and file request (the API tells its own): the route pattern, never the filled-in path or the query. */
  onRequest?: RequestObserver;
  /** The local mailbox under /dev/mail/ (server/site/devMailbox.ts); absent in production. */
  devMailbox?: { fetch: (request: Request, env?: unknown) => Response | Promise<Response> };
};

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The one local server's request handling: access log, security headers, the API, the redirect
 * rules, the static dist/ with shell rewrites, and the 404 pages of spec §8.
 */
export function createSiteApp({ distDir, api, allowedHosts, onRequest, devMailbox }: SiteOptions): Hono {
  const app = new Hono();
  const pageCsp = createPageCsp();
  const brotliFiles = createBrotliFiles();
  /** A built file's response, a page with its CSP as a header, brotli-compressed for a browser that accepts it. */
  const serve = async (file: StaticFile, request: Request, path: string) => {
    const brotli = acceptsBrotli(request) ? await brotliFiles.get(file).catch(() => undefined) : undefined;
    return withHeaders(fileResponse(file, request, path, 200, brotli), await pageCsp.forFile(file));
  };

  app.use('*', async (c, next) => {
    const path = new URL(c.req.url).pathname;
    // The API gives its requests their id and logs them with their route pattern itself.
    if (isApiPath(path)) return next();
    const started = performance.now();
    const requestId = requestIdFrom(c.req.header(REQUEST_ID_HEADER));
    await next();
    c.res.headers.set(REQUEST_ID_HEADER, requestId);
    // The pattern only: a path may hold a share hash, a reset token or a plate; the query holds session and rand (spec §7).
    onRequest?.({ requestId, method: c.req.method, route: loggedPath(path), status: c.res.status, ms: performance.now() - started });
  });
  app.use('*', async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      if (!c.res.headers.has(name)) c.res.headers.set(name, value);
    }
    if (acceptsAddressCredentials(new URL(c.req.url).pathname)) c.res.headers.set('Referrer-Policy', CREDENTIAL_PAGE_REFERRER_POLICY);
  });
  app.use('*', compress());

  app.all('*', async (c, next) => {
    const url = new URL(c.req.url);
    if (isApiPath(url.pathname)) return api.fetch(c.req.raw, c.env);
    // The socket goes along (c.env): the mailbox answers only this machine.
    if (devMailbox !== undefined && url.pathname.startsWith('/dev/mail/')) return devMailbox.fetch(c.req.raw, c.env);
    const unsubscribe = oneClickUnsubscribeTarget(c.req.method, url);
    if (unsubscribe !== undefined) {
      const form = await c.req.text();
      return api.fetch(new Request(new URL(unsubscribe, url), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form }), c.env);
    }
    return next();
  });

  app.on(['GET', 'HEAD'], '*', async (c) => {
    const url = new URL(c.req.url);
    const decision = decideRedirect(url, { allowedHosts });
    if (decision.kind === 'redirect') return c.redirect(decision.location, decision.status);
    if (decision.kind === 'notFound') return notFoundPage(distDir, url.pathname, pageNotFoundText, pageCsp);

    const file = await findStaticFile(distDir, url.pathname);
    if (file) return serve(file, c.req.raw, url.pathname);
    const rewrite = rewriteFor(url.pathname);
    if (rewrite.kind === 'file') {
      const shell = await findStaticFile(distDir, rewrite.file);
      if (shell) return serve(shell, c.req.raw, url.pathname);
    }
    return notFoundPage(distDir, url.pathname, rewrite.kind === 'invalid' ? validationNotFoundText : pageNotFoundText, pageCsp);
  });

  app.all('*', (c) => c.text('Метод не поддерживается', 405, { Allow: 'GET, HEAD' }));
  return app;
}

/** The built 404 page with the missing path filled in, status 404 (spec §8's two wordings). */
async function notFoundPage(distDir: string, path: string, text: (path: string) => string, pageCsp: PageCsp): Promise<Response> {
  let html: string;
  try {
    html = await readFile(join(distDir, '404.html'), 'utf8');
  } catch {
    return new Response(text(path), { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  }
  html = html.replace(pageNotFoundText(MISSING_PATH_TOKEN), escapeHtml(text(path)));
  return new Response(html, { status: 404, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', ...pageCsp.forHtml(html) } });
}

/** The response with extra headers set (a page's CSP over the site-wide one). */
function withHeaders(response: Response, headers: Record<string, string> | undefined): Response {
  if (headers !== undefined) for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}
