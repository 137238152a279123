import { parsePlatform } from './platform.ts';
import type { Platform } from './platform.ts';

/**
 * Pages the mobile app, partners and the browser extension open with credentials in the address
 * (spec §3: session, rand, userId). Only these adopt them: elsewhere a link carrying someone's
 * credentials must not sign the visitor in to that account.
 */
export const ADDRESS_CREDENTIAL_PREFIXES = ['/webview/', '/payment/chromeExtension/', '/organizations-form-mobile/', '/tbank-test/'] as const;

/** Query keys that carry credentials, a one-time handoff code, or say whose platform they are; all are removed from the address. */
export const ADDRESS_CREDENTIAL_KEYS = ['session', 'rand', 'userId', 'salt', 'clientId', 'platform', 'handoff'] as const;

/** Credentials found in a page address, and the same address without them. */
export type AddressCredentials = {
  record: { clientId: string; salt: string; rand: string; userId: string; session: string };
  platform: Platform;
  /** Path, remaining query and hash, for history.replaceState. */
  cleanedPath: string;
};

/** Whether a page at this path takes credentials from its address. */
export function acceptsAddressCredentials(path: string): boolean {
  return ADDRESS_CREDENTIAL_PREFIXES.some((prefix) => path === prefix || path.startsWith(prefix) || `${path}/` === prefix);
}

const SESSION = /^[0-9a-f]{64}$/;
const RAND = /^[0-9a-f]{32}$/;
const USER_ID = /^[1-9]\d{0,15}$/;

/**
 * Reads the credentials of a webview address. Undefined when the page does not take them, or no
 * credential key is present. Malformed values are not stored, but the keys are still stripped.
 */
export function readAddressCredentials(url: URL): AddressCredentials | { record: undefined; cleanedPath: string } | undefined {
  if (!acceptsAddressCredentials(url.pathname)) return undefined;
  if (!ADDRESS_CREDENTIAL_KEYS.some((key) => url.searchParams.has(key))) return undefined;
  const get = (key: string) => url.searchParams.get(key) ?? '';
  const cleaned = new URL(url.href);
  for (const key of ADDRESS_CREDENTIAL_KEYS) cleaned.searchParams.delete(key);
  const cleanedPath = cleaned.pathname + cleaned.search + cleaned.hash;
  const platform = parsePlatform(url.searchParams.get('platform') ?? undefined);
  const record = { clientId: get('clientId'), salt: get('salt'), rand: get('rand'), userId: get('userId'), session: get('session') };
  if (platform === undefined || !SESSION.test(record.session) || !RAND.test(record.rand) || !USER_ID.test(record.userId)) {
    return { record: undefined, cleanedPath };
  }
  return { record, platform, cleanedPath };
}

const HANDOFF = /^[A-Za-z0-9_-]{43}$/;

/**
 * The one-time code an app or partner put in the page's address (`?handoff=`, issue 23) instead of raw
 * credentials; the page exchanges it by POST. Undefined on other pages, or when absent or malformed.
 */
export function readAddressHandoff(url: URL): string | undefined {
  if (!acceptsAddressCredentials(url.pathname)) return undefined;
  const code = url.searchParams.get('handoff');
  return code !== null && HANDOFF.test(code) ? code : undefined;
}
