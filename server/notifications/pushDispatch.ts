import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { PushMessage, PushSender } from './push.ts';

/** Pushes in flight at once, across all notifications of the process. */
export const PUSH_CONCURRENCY = 32;

/**
 * How notifications reach browsers: in the background, never in the path of the job that found the
 * news, so a push service that is slow or never answers delays nobody's re-check.
 */
export type PushDispatch = {
  /**
   * Starts pushing `message` to every browser the user subscribed and answers at once how many pushes
   * it started. When they have ended, the notification's `pushed` says how many arrived, and
   * subscriptions the push service no longer knows are deleted.
   */
  sendLater(notificationId: number, userId: number, message: PushMessage): Promise<number>;
  /** Resolves when every push started has arrived, failed or timed out (tests, shutdown). */
  idle(): Promise<void>;
};

/**
 * A dispatch over a sender. Pushes are best effort and only worth anything soon (the mail is the
 * durable channel, retried by notifications.deliverPending), so they are not queued in the database:
 * each goes out at once, at most `concurrency` at a time, each bounded by the sender's timeout.
 */
export function createPushDispatch(options: { db: Kysely<Database>; sender: PushSender; onError?: (error: unknown) => void; concurrency?: number }): PushDispatch {
  const { db, sender } = options;
  const limit = options.concurrency ?? PUSH_CONCURRENCY;
  const pending = new Set<Promise<void>>();
  const waiting: (() => void)[] = [];
  let active = 0;

  /** Waits for a free slot; a slot that is let go passes straight to the next waiter. */
  const acquire = async () => {
    if (active < limit) {
      active += 1;
      return;
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const release = () => {
    const next = waiting.shift();
    if (next === undefined) active -= 1;
    else next();
  };

  /** One push; answers whether it arrived. */
  const pushOne = async (target: { id: number; endpoint: string; p256dh: string; auth: string }, message: PushMessage): Promise<boolean> => {
    await acquire();
    try {
      const result = await sender.send(target, message);
      if (result === 'gone') await db.deleteFrom('push_subscriptions').where('id', '=', target.id).execute();
      // Kept, not deleted: a name that points inward for a while is suspicious, not proof the browser is gone.
      if (result === 'refused') options.onError?.(new Error('Push not sent: the endpoint\'s host does not resolve to public addresses only'));
      return result === 'sent';
    } catch (error) {
      options.onError?.(new Error('Push was not delivered', { cause: error }));
      return false;
    } finally {
      release();
    }
  };

  return {
    async sendLater(notificationId, userId, message) {
      const targets = await db.selectFrom('push_subscriptions').select(['id', 'endpoint', 'p256dh', 'auth']).where('user_id', '=', userId).execute();
      if (targets.length === 0) return 0;
      const sending = (async () => {
        const arrived = await Promise.all(targets.map((target) => pushOne(target, message)));
        const pushed = arrived.filter(Boolean).length;
        await db.updateTable('notifications').set({ pushed }).where('id', '=', notificationId).execute();
      })()
        .catch((error: unknown) => options.onError?.(error))
        .finally(() => pending.delete(sending));
      pending.add(sending);
      return targets.length;
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
