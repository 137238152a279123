import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a link in a notification mail may do: turn notifications off, or back on. */
export type TokenPurpose = 'unsubscribe' | 'subscribe';

/** Links in mail work for a year. */
export const NOTIFY_TOKEN_DAYS = 365;

/** The signature of a token's parts. */
function signature(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest('base64url');
}

/** A token tied to one user and one purpose, signed with the shared secret: '{userId}.{purpose}.{issued day}.{signature}'. */
export function makeNotifyToken(secret: string, userId: number, purpose: TokenPurpose, now: Date): string {
  const day = Math.floor(now.getTime() / 86_400_000);
  const body = `${userId}.${purpose}.${day}`;
  return `${body}.${signature(secret, body)}`;
}

/** Why a token does not work. */
export type TokenFailure = { problem: 'bad' | 'expired' };

/** The user a token is for, when it is ours, for `purpose`, and not too old. */
export function readNotifyToken(secret: string, token: string, purpose: TokenPurpose, now: Date): { userId: number } | TokenFailure {
  const match = /^([1-9]\d{0,9})\.(unsubscribe|subscribe)\.(\d{1,6})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (match === null) return { problem: 'bad' };
  const [, userId = '', tokenPurpose = '', day = '', given = ''] = match;
  const expected = signature(secret, `${userId}.${tokenPurpose}.${day}`);
  if (tokenPurpose !== purpose || !timingSafeEqual(Buffer.from(given), Buffer.from(expected))) return { problem: 'bad' };
  if (Math.floor(now.getTime() / 86_400_000) - Number(day) > NOTIFY_TOKEN_DAYS) return { problem: 'expired' };
  return { userId: Number(userId) };
}
