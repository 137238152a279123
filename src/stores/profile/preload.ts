import { persistentAtom } from '@nanostores/persistent';
import { preload } from '../../api/account.ts';
import { ApiReplyError, NetworkError, ValidationError } from '../../api/errors.ts';
import { $credentials } from '../authData.ts';

/** Spec §3 local storage `preloaded`: the user ids whose tax list is ready. */
export const $preloaded = persistentAtom<string[]>('preloaded', [], {
  encode: JSON.stringify,
  decode: (text) => {
    try {
      const value: unknown = JSON.parse(text);
      return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
    } catch {
      return [];
    }
  },
});

/** Spec §8: what a failed preload says when the server gave no reason. */
export const PRELOAD_FAILED = 'Ошибка запроса';

/** A preload that failed, with the spec §8 text for the visitor as its message. */
export class PreloadError extends Error {
  override readonly name = 'PreloadError';
}

/** Waits; a separate function so tests can run it with fake timers. */
const pause = (seconds: number) => new Promise<void>((resolve) => setTimeout(resolve, seconds * 1000));

/**
 * Spec §4 Preload: asks the server to prepare the tax list; while it answers `wait` (seconds), asks
 * again after that long; once ready, the user id joins the stored preloaded list. Spec §8: no reply
 * or an unexpected one fails with 'Ошибка запроса', an error reply with the server's errorDesc.
 */
export async function preloadTaxes(): Promise<void> {
  const auth = $credentials.get();
  if (auth === undefined) throw new PreloadError(PRELOAD_FAILED);
  for (;;) {
    let reply;
    try {
      reply = await preload(auth);
    } catch (error) {
      if (error instanceof ApiReplyError) throw new PreloadError(error.errorDesc || PRELOAD_FAILED);
      if (error instanceof NetworkError || error instanceof ValidationError) throw new PreloadError(PRELOAD_FAILED);
      throw error;
    }
    if ('taxeslist' in reply && reply.taxeslist) {
      if (!$preloaded.get().includes(auth.userId)) $preloaded.set([...$preloaded.get(), auth.userId]);
      return;
    }
    if (!('wait' in reply) || !(reply.wait > 0)) throw new PreloadError(PRELOAD_FAILED);
    await pause(reply.wait);
  }
}
