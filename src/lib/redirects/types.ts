/** What to do with a request before any file is served. */
export type RedirectDecision =
  | { kind: 'redirect'; status: 301 | 302; location: string }
  | { kind: 'notFound' }
  | { kind: 'none' };

/** Base URLs of the sister sites that took over the legacy app's taxes, fuel and insurance sections. */
export type SisterSites = { taxes: string; promo: string; osago: string };

/** Configuration of decideRedirect: the webview partner allow-list and, optionally, the sister sites. */
export type RedirectOptions = { allowedHosts: readonly string[]; sisterSites?: SisterSites };
