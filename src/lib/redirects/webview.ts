/**
 * /app/webview?url=… hands a visitor of the mobile app over to a partner's page (spec §2). It is
 * an open redirect by design, so the target must pass every check below; anything else is a 404
 * (spec §8: an external URL is refused by default, a script protocol always).
 */
import { isPartnerHost } from '../partnerHosts.ts';
import type { RedirectDecision } from './types.ts';

const NOT_FOUND: RedirectDecision = { kind: 'notFound' };

// Checked on the raw value before any parser sees it: the scheme must be spelled exactly
// 'https://' — plain http would hand the visitor to a page anyone on the network can change (so no 'JaVaScRiPt:', ' javascript:', 'java\tscript:', '%6aavascript:',
// '//evil.com', '/path'), and every character must be printable ASCII (so no whitespace, control
// characters or Unicode look-alikes; partners write IDN hosts in punycode).
const PLAIN_ABSOLUTE_URL = /^https:\/\/[\x21-\x7E]+$/;

/** Whether a hostname is an allow-listed host or a subdomain of one ('a.pay.x.ru' for 'pay.x.ru', never 'evilpay.x.ru'). */
export function isAllowedHost(hostname: string, allowedHosts: readonly string[]): boolean {
  return allowedHosts.some((entry) => {
    const host = entry.trim().toLowerCase();
    return isPartnerHost(host) && (hostname === host || hostname.endsWith(`.${host}`));
  });
}

/**
 * The decision for /app/webview given the request's raw query: a 302 to the url parameter's
 * normalised href when it is an allow-listed https URL; otherwise notFound. The parameter is
 * read once-decoded (URLSearchParams); the target is used as it is, without the request's other
 * parameters. A repeated url parameter is refused, so no two readers can disagree on the target.
 */
export function webviewDecision(query: string, allowedHosts: readonly string[]): RedirectDecision {
  const values = new URLSearchParams(query).getAll('url');
  const raw = values[0];
  if (values.length !== 1 || raw === undefined) return NOT_FOUND;
  // Browsers read '\' as '/', so 'https://pay.x.ru\@evil.com' would mean different hosts to
  // different parsers.
  if (!PLAIN_ABSOLUTE_URL.test(raw) || raw.includes('\\')) return NOT_FOUND;
  let target: URL;
  try {
    target = new URL(raw);
  } catch {
    return NOT_FOUND;
  }
  if (target.protocol !== 'https:') return NOT_FOUND;
  // 'https://pay.x.ru@evil.com' and 'https://pay.x.ru:443@evil.com' carry credentials and go to evil.com.
  if (target.username !== '' || target.password !== '') return NOT_FOUND;
  if (!isAllowedHost(target.hostname, allowedHosts)) return NOT_FOUND;
  return { kind: 'redirect', status: 302, location: target.href };
}
