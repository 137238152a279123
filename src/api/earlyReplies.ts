import { EARLY_REPLIES_GLOBAL } from './earlyRequestsScript.ts';

/** A reply the page's inline script received: the HTTP status and the parsed body. */
export type EarlyReply = { status: number; data: unknown };

type Kept = { session: string; reply: Promise<EarlyReply>; at: number };

/** How long after it was asked an early reply may stand for a request (it shows the state of then). */
export const EARLY_REPLY_MS = 15_000;

/** The replies the script kept, if any. */
function kept(): Record<string, Kept> | undefined {
  if (typeof window === 'undefined') return undefined;
  return (window as unknown as Record<string, Record<string, Kept> | undefined>)[EARLY_REPLIES_GLOBAL];
}

/** Forgets every early reply: after the page changes anything, none of them is the state any more. */
export function dropEarlyReplies(): void {
  const replies = kept();
  if (replies !== undefined) for (const key of Object.keys(replies)) delete replies[key];
}

/** The key a request is kept under: its path and query, as the inline script writes it. */
export function earlyKey(path: string, query: Record<string, string> | undefined): string {
  const search = query === undefined ? '' : new URLSearchParams(query).toString();
  return search === '' ? path : `${path}?${search}`;
}

/**
 * The reply the inline script (earlyRequestsScript.ts) started for this GET, if it was made with the
 * same session, within EARLY_REPLY_MS of asking and before any change the page sent; each
 * is taken once, so a retry or a later refresh asks the API again.
 */
export function takeEarlyReply(path: string, query: Record<string, string> | undefined, session: string, now: number = Date.now()): Promise<EarlyReply> | undefined {
  const replies = kept();
  if (replies === undefined) return undefined;
  const key = earlyKey(path, query);
  const found = replies[key];
  if (found === undefined) return undefined;
  delete replies[key];
  return found.session === session && now - found.at <= EARLY_REPLY_MS ? found.reply : undefined;
}
