import type { AppDeps } from '../appDeps.ts';
import { readUser } from '../accounts/accountStore.ts';
import type { MailMessage } from '../mail/message.ts';
import { makeNotifyToken } from './notifyTokens.ts';
import type { MailLinks } from './notificationMails.ts';
import type { PushMessage } from './push.ts';

/** How a notification went out: mailed or not, and how many pushes were started (they arrive in the background). */
export type Delivery = { mailed: boolean; pushesQueued: number };

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
 * Sends a recorded notification: the mail, and then a push to every browser the user subscribed,
 * handed to the background (deps.pushes) so that no push service can hold up the caller. Marks the
 * row as mailed once it is.
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
    return { mailed: false, pushesQueued: 0 };
  }
  await deps.db.updateTable('notifications').set({ mailed_at: deps.clock() }).where('id', '=', notificationId).execute();
  const pushesQueued = deps.pushes === undefined ? 0 : await deps.pushes.sendLater(notificationId, userId, push);
  return { mailed: true, pushesQueued };
}
