import { createHmac, timingSafeEqual } from 'node:crypto';

// The one-click «отменить» link of an autopay mail: signed like the unsubscribe link
// (server/notifications/notifyTokens.ts, the same secret), but for one scheduled charge of one user,
// and under its own label, so that no notification token can stand for it or the other way round.

/** The page the link opens (it asks the API to cancel; no sign-in). */
export const AUTOPAY_CANCEL_PAGE = '/autopay/cancel/';

/** A cancel link works this many days (a charge never waits longer). */
export const CANCEL_TOKEN_DAYS = 60;

const signature = (secret: string, body: string) => createHmac('sha256', secret).update(`autopay-cancel.${body}`).digest('base64url');

/** '{chargeId}.{userId}.{issued day}.{signature}'. */
export function makeCancelToken(secret: string, chargeId: number, userId: number, now: Date): string {
  const body = `${chargeId}.${userId}.${Math.floor(now.getTime() / 86_400_000)}`;
  return `${body}.${signature(secret, body)}`;
}

/** The charge and user a token names, when it is ours and not too old. */
export function readCancelToken(secret: string, token: string, now: Date): { chargeId: number; userId: number } | { problem: 'bad' | 'expired' } {
  const match = /^([1-9]\d{0,9})\.([1-9]\d{0,9})\.(\d{1,6})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (match === null) return { problem: 'bad' };
  const [, chargeId = '', userId = '', day = '', given = ''] = match;
  if (!timingSafeEqual(Buffer.from(given), Buffer.from(signature(secret, `${chargeId}.${userId}.${day}`)))) return { problem: 'bad' };
  if (Math.floor(now.getTime() / 86_400_000) - Number(day) > CANCEL_TOKEN_DAYS) return { problem: 'expired' };
  return { chargeId: Number(chargeId), userId: Number(userId) };
}

/** The link as mailed. */
export function cancelLink(siteUrl: string, secret: string, chargeId: number, userId: number, now: Date): string {
  return `${siteUrl}${AUTOPAY_CANCEL_PAGE}?token=${makeCancelToken(secret, chargeId, userId, now)}`;
}
