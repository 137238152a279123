import { EARLY_REPLIES_GLOBAL } from './earlyRequestsScript.ts';

/** A reply the page's inline script received: the HTTP status and the parsed body. */
export type EarlyReply = { status: number; data: unknown };

type Kept = { session: string; reply: Promise<EarlyReply> };

/** The key a request is kept under: its path and query, as the inline script writes it. */
export function earlyKey(path: string, query: Record<string, string> | undefined): string {
  const search = query === undefined ? '' : new URLSearchParams(query).toString();
  return search === '' ? path : `${path}?${search}`;
}

/**
 * The reply the inline script (earlyRequestsScript.ts) started for this GET, if it was made with the
 * same session; each is taken once, so a retry or a later refresh asks the API again.
 */
export function takeEarlyReply(path: string, query: Record<string, string> | undefined, session: string): Promise<EarlyReply> | undefined {
  if (typeof window === 'undefined') return undefined;
  const kept = (window as unknown as Record<string, Record<string, Kept> | undefined>)[EARLY_REPLIES_GLOBAL];
  if (kept === undefined) return undefined;
  const key = earlyKey(path, query);
  const found = kept[key];
  if (found === undefined) return undefined;
  delete kept[key];
  return found.session === session ? found.reply : undefined;
}
