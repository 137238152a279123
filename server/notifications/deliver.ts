import type { AppDeps } from '../appDeps.ts';
import { readUser } from '../accounts/accountStore.ts';
import type { MailMessage } from '../mail/message.ts';
import { makeNotifyToken } from './notifyTokens.ts';
import type { MailLinks } from './notificationMails.ts';
import type { PushMessage } from './push.ts';

/** How a notification went out. */
export type Delivery = { mailed: boolean; pushed: number };

/** Whether the user wants notifications and can get them by mail: a confirmed address and doNotify = 1. */
export async function notifiable(deps: Pick<AppDeps, 'db'>, userId: number): Promise<{ email: string } | undefined> {
  const user = await readUser(deps.db, userId);
  if (user === undefined || user.email === null || user.email_confirmed_at === null || user.do_notify !== 1) return undefined;
  return { email: user.email };
}

/** The links of a notification mail: the site, and the user's own signed unsubscribe link. */
export function mailLinks(deps: Pick<AppDeps, 'siteUrl' | 'notifySecret' | 'clock'>, userId: number): MailLinks {
  return { siteUrl: deps.siteUrl, unsubscribeUrl: `${deps.siteUrl}/email/unsubscrib/?token=${makeNotifyToken(deps.notifySecret, userId, 'unsubscribe', deps.clock())}` };
}

/**
 * Sends a recorded notification: the mail, and a push to every browser the user subscribed (a
 * subscription the push service no longer knows is deleted). Marks the row as mailed once it is.
 */
export async function deliver(deps: AppDeps, notificationId: number, userId: number, mail: MailMessage, push: PushMessage): Promise<Delivery> {
  await deps.db
    .updateTable('notifications')
    .set((eb) => ({ mail_attempts: eb('mail_attempts', '+', 1) }))
    .where('id', '=', notificationId)
    .execute();
  try {
    await deps.mail.send(mail);
  } catch (error) {
    // The row stays unmailed: notifications.deliverPending tries again later.
    deps.onUnexpectedError?.(new Error('Notification mail was not sent', { cause: error }));
    return { mailed: false, pushed: 0 };
  }
  await deps.db.updateTable('notifications').set({ mailed_at: deps.clock() }).where('id', '=', notificationId).execute();
  let pushed = 0;
  if (deps.push !== undefined) {
    const targets = await deps.db.selectFrom('push_subscriptions').select(['id', 'endpoint', 'p256dh', 'auth']).where('user_id', '=', userId).execute();
    for (const target of targets) {
      try {
        const result = await deps.push.send(target, push);
        if (result === 'gone') await deps.db.deleteFrom('push_subscriptions').where('id', '=', target.id).execute();
        else pushed += 1;
      } catch (error) {
        deps.onUnexpectedError?.(new Error('Push was not delivered', { cause: error }));
      }
    }
    await deps.db.updateTable('notifications').set({ pushed }).where('id', '=', notificationId).execute();
  }
  return { mailed: true, pushed };
}
