import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header each delivery is signed in: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const SIGNATURE_HEADER = 'X-Shtrafy-Signature';

/** A receiver should refuse a signature older (or newer) than this: a replayed delivery is then useless. */
export const SIGNATURE_TOLERANCE_SEC = 300;

/** The HMAC-SHA256 of `${timestamp}.${body}` with the endpoint's secret, hex. */
export function signatureOf(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** The header's value for a body sent at `now`. */
export function signatureHeader(secret: string, body: string, now: Date): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `t=${timestamp},v1=${signatureOf(secret, timestamp, body)}`;
}

/**
 * What a receiver does (and /developers/ shows): reads t and every v1 from the header, refuses a
 * timestamp more than `toleranceSec` from now, and compares the HMAC in constant time.
 */
export function verifySignature(header: string | undefined, body: string, secret: string, now: Date, toleranceSec = SIGNATURE_TOLERANCE_SEC): boolean {
  if (header === undefined) return false;
  const parts = header.split(',').map((part) => part.trim().split('='));
  const timestamp = Number(parts.find(([name]) => name === 't')?.[1]);
  if (!Number.isSafeInteger(timestamp) || Math.abs(now.getTime() / 1000 - timestamp) > toleranceSec) return false;
  const expected = Buffer.from(signatureOf(secret, timestamp, body), 'hex');
  return parts.some(([name, value]) => name === 'v1' && value !== undefined && /^[0-9a-f]{64}$/.test(value) && timingSafeEqual(Buffer.from(value, 'hex'), expected));
}
