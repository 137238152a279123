/** The result of checking a navigation target: where to go, or why not. */
export type NavigationCheck = { ok: true; url: URL } | { ok: false; reason: 'script' | 'external' | 'invalid' };

const SCRIPT_PROTOCOLS = new Set(['javascript:', 'data:', 'vbscript:', 'blob:', 'file:']);

/**
 * Checks a navigation target (spec §8): a script-protocol URL is always refused; an external URL is
 * refused unless `allowExternal` is set; a same-origin path is allowed.
 */
export function checkNavigation(target: string, origin: string, options: { allowExternal?: boolean } = {}): NavigationCheck {
  let url: URL;
  try {
    // Control characters and spaces are stripped by browsers before parsing; do the same so tricks are seen.
    url = new URL(target.replace(/[\u0000-\u0020\u007f]/g, ''), origin);
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (SCRIPT_PROTOCOLS.has(url.protocol)) return { ok: false, reason: 'script' };
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: 'invalid' };
  if (url.origin !== new URL(origin).origin && !options.allowExternal) return { ok: false, reason: 'external' };
  return { ok: true, url };
}

/** The path without slashes, as the loaded-screen event reports it (spec §2): '/news/abc/' → 'newsabc'. */
export const screenName = (path: string) => path.replace(/\//g, '');

/** Window of the chunk-reload rule, in ms (spec §8). */
export const CHUNK_RELOAD_WINDOW_MS = 10_000;

/**
 * Decides whether a failed page-chunk load may reload the target page: at most once per path within
 * 10 000 ms (spec §8). `history` maps a path to the time of its last reload; returns the new history.
 */
export function chunkReloadDecision(
  history: Record<string, number>,
  path: string,
  now: number,
): { reload: boolean; history: Record<string, number> } {
  const last = history[path];
  if (last !== undefined && now - last < CHUNK_RELOAD_WINDOW_MS) return { reload: false, history };
  return { reload: true, history: { ...history, [path]: now } };
}
