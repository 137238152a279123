/**
 * The route table: every route of spec §2 with its layout. Where the spec leaves a route's layout
 * unstated, the choice and its reason are written beside it. The browser tests check every built
 * page's data-layout against it, and the local server and the islands use its validate rules.
 */

/** The seven layouts of spec §2. */
export type LayoutName = 'empty' | 'landing' | 'white' | 'white-empty' | 'default' | 'organization' | 'map';

/** One route: its URL pattern (`{param}` for a segment, `{param+}` for one or more), layout and rules. */
export type RouteEntry = {
  pattern: string;
  layout: LayoutName;
  /** Why this layout, when spec §2 does not state it. */
  why?: string;
  /** Rule for the parameters; when it fails the page shows «Нет страницы по адресу {path}» and keeps the address. */
  validate?: (params: Record<string, string>) => boolean;
};

const infoPage = 'an information page: header, footer and a white reading column, like the other content indexes';
const topical = 'a topical SEO page that carries the fine search, so it shares the landing look';
const feature = 'a page of the product with the full header and footer, like /fines/{id} which spec §2 puts on default';
const slugRule = (p: Record<string, string>) => Object.values(p).every((v) => /^[a-z0-9_-]+(\/[a-z0-9_-]+)*$/.test(v));
const hashRule = (p: Record<string, string>) => Object.values(p).every((v) => /^[A-Za-z0-9_-]{16,128}$/.test(v));

/** Every route of spec §2. */
export const ROUTES: readonly RouteEntry[] = [
  { pattern: '/', layout: 'landing' },
  ...['/404', '/about', '/contacts', '/politics_personal_data', '/cashback-conditions', '/reviews'].map(
    (pattern): RouteEntry => ({ pattern, layout: 'white', why: infoPage }),
  ),
  ...['/email/subscribe', '/email/unsubscrib', '/widget-test-page'].map(
    (pattern): RouteEntry => ({ pattern, layout: 'white', why: infoPage }),
  ),
  ...['/ampp', '/ckad', '/driver-check', '/fssp-legal', '/ip-fiz', '/m12', '/madi', '/msd', '/osago', '/platon'].map(
    (pattern): RouteEntry => ({ pattern, layout: 'landing', why: topical }),
  ),
  ...['/pay-gibdd-fines', '/pay-gibdd-fines-card', '/pay-gibdd-fines-discount'].map(
    (pattern): RouteEntry => ({ pattern, layout: 'landing', why: topical }),
  ),
  { pattern: '/auth', layout: 'white', why: 'issue 10: the sign-in page keeps the site shell (header and footer) around a white column' },
  { pattern: '/fine-analytics', layout: 'default', why: feature },
  { pattern: '/legal-entities', layout: 'landing', why: 'the offer for organisations is a sales landing' },
  { pattern: '/your-lost-profit', layout: 'landing', why: 'a promotional landing for organisations' },
  { pattern: '/payment/chromeExtension', layout: 'white-empty', why: 'opened from the browser extension, which has its own chrome' },
  ...['/prepayment', '/prepayment/error', '/prepayment/sbp', '/prepayment/success', '/prepayment/wait'].map(
    (pattern): RouteEntry => ({ pattern, layout: 'white-empty', why: 'the payment flow keeps the user on task without site navigation' }),
  ),
  { pattern: '/profile', layout: 'default', why: feature },
  { pattern: '/profile/erase', layout: 'white', why: 'issue 14: the confirmation of erasing an account, one question in the white column' },
  { pattern: '/support', layout: 'white', why: 'issue 14: the support form is a short page to fill in, in the white reading column with the site around it' },
  { pattern: '/developers', layout: 'white', why: 'issue 14: the API reference for fleet integrators, a document to read' },
  { pattern: '/admin/analytics', layout: 'white', why: 'issue 14: the team dashboard, a table to read in the white column' },
  ...['/b2b-autopayment', '/b2b-new', '/b2b-promo', '/b2b', '/download-file', '/forms/keyauto', '/tbank-test'].map(
    (pattern): RouteEntry => ({ pattern, layout: 'empty' }),
  ),
  { pattern: '/city', layout: 'white', why: 'an index of cities is a list to read, like the news and FAQ indexes' },
  { pattern: '/city/{slug}', layout: 'landing', validate: slugRule },
  { pattern: '/faq', layout: 'white' },
  { pattern: '/faq/{slug}', layout: 'white', validate: slugRule },
  { pattern: '/faq/tags/{tagSlug}', layout: 'white', validate: slugRule },
  { pattern: '/finance/{slug+}', layout: 'white', why: 'an article to read', validate: slugRule },
  { pattern: '/insurance/{slug+}', layout: 'white', why: 'an article to read', validate: slugRule },
  { pattern: '/fines', layout: 'default', why: 'the fine list sits beside /fines/{id}, which spec §2 puts on default' },
  { pattern: '/fines/{id}', layout: 'default', validate: (p) => /^\d{1,12}$/.test(p['id'] ?? '') },
  { pattern: '/fines/document/{hash}', layout: 'white-empty', validate: hashRule },
  { pattern: '/fines/info/{hash}', layout: 'white-empty', validate: hashRule },
  { pattern: '/invoice/{hash}', layout: 'white-empty', validate: hashRule },
  { pattern: '/push/alerts', layout: 'white-empty' },
  { pattern: '/good_to_know', layout: 'white' },
  ...['/good_to_know/{slug}', '/good_to_know/category/{categorySlug}', '/good_to_know/tags/{tagSlug}'].map(
    (pattern): RouteEntry => ({ pattern, layout: 'white', why: 'the same reading layout as its white index', validate: slugRule }),
  ),
  { pattern: '/good_to_know/tags', layout: 'white', why: 'the same reading layout as its white index' },
  ...['/landing/grz', '/sts-grz', '/po-fio', '/po-nomeru-postanovleniya', '/po-pravam', '/po-sts', '/po-vin'].map(
    (pattern): RouteEntry => ({ pattern, layout: 'landing' }),
  ),
  { pattern: '/licences/personal-data-policy.html', layout: 'white', why: 'a legal text to read' },
  { pattern: '/licenses/{slug}', layout: 'white', why: 'a legal text to read', validate: slugRule },
  { pattern: '/rules/{slug}', layout: 'white', why: 'a legal text to read', validate: slugRule },
  { pattern: '/news', layout: 'white' },
  { pattern: '/news/page/{n}', layout: 'white', why: 'further pages of the white /news index', validate: (p) => /^[1-9]\d*$/.test(p['n'] ?? '') },
  { pattern: '/good_to_know/page/{n}', layout: 'white', why: 'further pages of the white /good_to_know index', validate: (p) => /^[1-9]\d*$/.test(p['n'] ?? '') },
  { pattern: '/news/{slug}', layout: 'white', why: 'the same reading layout as its white index', validate: slugRule },
  { pattern: '/news/tags/{tagSlug}', layout: 'white', why: 'the same reading layout as its white index', validate: slugRule },
  { pattern: '/organization', layout: 'organization' },
  { pattern: '/organizations-form-mobile', layout: 'organization' },
  { pattern: '/reset/{token}', layout: 'empty', validate: hashRule },
  { pattern: '/sitemap', layout: 'white' },
  ...['/webview/2gis-apk', '/webview/cashback/form-{paymentId}', '/webview/cashback/story', '/webview/mostrides'].map(
    (pattern): RouteEntry => ({ pattern, layout: 'empty' }),
  ),
  { pattern: '/webview/payment', layout: 'empty' },
  { pattern: '/webview/taxes', layout: 'empty' },
  { pattern: '/webview/ordinances-map', layout: 'map' },
];

/** A route matched against a path, with its parameters. */
export type RouteMatch = { route: RouteEntry; params: Record<string, string> };

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(pattern: string): { re: RegExp; names: string[] } {
  const names: string[] = [];
  const source = pattern
    .split(/(\{[A-Za-z]+\+?\})/)
    .map((part) => {
      const m = /^\{([A-Za-z]+)(\+?)\}$/.exec(part);
      if (!m) return escapeRe(part);
      names.push(m[1] ?? '');
      return m[2] ? '(.+?)' : '([^/]+?)';
    })
    .join('');
  return { re: new RegExp(`^${source}/?$`), names };
}

const compiled = ROUTES.map((route) => ({ route, ...compile(route.pattern) }));

/** Finds the route for a path (with or without the trailing slash); static patterns win over parameterised ones. */
export function matchRoute(path: string): RouteMatch | undefined {
  let best: RouteMatch | undefined;
  for (const { route, re, names } of compiled) {
    const m = re.exec(path);
    if (!m) continue;
    const params: Record<string, string> = {};
    names.forEach((name, i) => {
      params[name] = safeDecode(m[i + 1] ?? '');
    });
    if (names.length === 0) return { route, params };
    best ??= { route, params };
  }
  return best;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** The layout a page at this path uses; pages call it so the table stays the one source. */
export function layoutFor(pattern: string): LayoutName {
  const entry = ROUTES.find((r) => r.pattern === pattern);
  if (!entry) throw new Error(`Route ${pattern} is not in the route table (src/lib/routes.ts)`);
  return entry.layout;
}

/** True when the path matches a route whose validate rule rejects its parameters. */
export function failsValidation(path: string): boolean {
  const match = matchRoute(path);
  return Boolean(match?.route.validate && !match.route.validate(match.params));
}

/** Stands for the missing path in the built 404 page until the server (or the page's script) fills it in. */
export const MISSING_PATH_TOKEN = '__MISSING_PATH__';

/**
 * The text of the 404 page for a path no route matches. Spec §8 gives it in English ('Page not found:
 * {path}'); issue 24 item 20, newer, wants no English on any page, so it is said in Russian.
 */
export const pageNotFoundText = (path: string) => `Нет страницы по адресу ${path}`;
/** The text shown when a route's validate rule fails (spec §8's 'Page Not Found: {path}', in Russian as above); the address is kept. */
export const validationNotFoundText = (path: string) => `Нет страницы по адресу ${path}`;
