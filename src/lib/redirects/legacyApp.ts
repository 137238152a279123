/**
 * The legacy single-page app lived under /app (spec §2, "Legacy /app paths"). Readings of the
 * variants, matched with or without a trailing slash:
 * - /app                                         → /
 * - /app/prepay and anything under it            → /prepayment/
 * - /app/finelist/…/prepay (prepay as the last segment: /app/finelist/prepay,
 *   /app/finelist/{id}/prepay, /app/finelist/fine/{id}/prepay, …)          → /prepayment/
 * - /app/finelist and anything else under it (/app/finelist/fine/{id},
 *   /app/finelist/order/{id}, /app/finelist/{id}, …)                      → /fines/
 *   (the old app's fine and order ids are not ours, so they do not map to /fines/{id})
 * - /app/taxlist and anything under it, tax prepay included (/app/taxlist/prepay,
 *   /app/taxlist/{id}/prepay, …)                                           → the taxes sister site
 * - /app/fuel and anything under it                                       → the promo sister site
 * - /app/insurance and anything under it                                  → the osago sister site
 * - /app/webview is the partner hand-off (webview.ts). Any other /app/… path is not a known
 *   legacy screen: no rule here, so it gets the slash rule and then the site's 404.
 */
import type { SisterSites } from './types.ts';

/** Where a legacy /app path goes: a path on this site or one of the sister sites. */
export type LegacyTarget = { kind: 'internal'; path: string } | { kind: 'external'; site: keyof SisterSites };

/** The target of a legacy /app path, or undefined when the path is not one. */
export function legacyAppTarget(pathname: string): LegacyTarget | undefined {
  if (pathname !== '/app' && !pathname.startsWith('/app/')) return undefined;
  const rest = pathname.slice('/app/'.length).replace(/\/$/, '');
  const [section, ...tail] = rest === '' ? [] : rest.split('/');
  switch (section) {
    case undefined:
      return { kind: 'internal', path: '/' };
    case 'prepay':
      return { kind: 'internal', path: '/prepayment/' };
    case 'finelist':
      return { kind: 'internal', path: tail.at(-1) === 'prepay' ? '/prepayment/' : '/fines/' };
    case 'taxlist':
      return { kind: 'external', site: 'taxes' };
    case 'fuel':
      return { kind: 'external', site: 'promo' };
    case 'insurance':
      return { kind: 'external', site: 'osago' };
    default:
      return undefined;
  }
}
