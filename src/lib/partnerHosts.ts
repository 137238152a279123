/**
 * Partner hosts that /app/webview may send a visitor to (spec §2: "only if that host is on an
 * allow-list of partner domains"). Each entry also admits its subdomains. Production sets the list
 * through WEBVIEW_ALLOWED_HOSTS; these defaults sit under the reserved .example
 * top-level domain, so nobody can register them: an unset variable can never open a real redirect.
 */

/** The webview partner allow-list used when WEBVIEW_ALLOWED_HOSTS is unset or blank. */
export const DEFAULT_PARTNER_HOSTS: readonly string[] = Object.freeze([
  'pay.partner-bank.example',
  'lk.avto-partner.example',
  'oplata.strahovoy-partner.example',
]);

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const HOST_NAME = new RegExp(`^(?:${LABEL}\\.)+${LABEL}$`);

/** Whether a value is a lower-case ASCII host name of two or more labels whose top label has a letter (no IPs, no bare TLDs). */
export function isPartnerHost(value: string): boolean {
  if (value.length > 253 || !HOST_NAME.test(value)) return false;
  // A bare top-level domain ('ru') would admit every host under it; a numeric top label is an IP.
  return /[a-z]/.test(value.slice(value.lastIndexOf('.') + 1));
}

/**
 * Reads a comma-separated WEBVIEW_ALLOWED_HOSTS value: entries are trimmed and lower-cased, a
 * leading '*.' is dropped (subdomains are always admitted), invalid entries (URLs, IPs, bare TLDs,
 * Unicode names — write them in punycode) are dropped, duplicates removed. Unset or blank gives
 * DEFAULT_PARTNER_HOSTS; a value with no valid entry gives an empty list, so no partner is allowed.
 */
export function parseAllowedHosts(envValue: string | undefined): string[] {
  if (envValue === undefined || envValue.trim() === '') return [...DEFAULT_PARTNER_HOSTS];
  const hosts = envValue
    .split(',')
    .map((entry) => entry.trim().toLowerCase().replace(/^\*\./, ''))
    .filter(isPartnerHost);
  return [...new Set(hosts)];
}
