import type { AppDeps } from '../appDeps.ts';
import { formatRub } from '../../src/lib/money.ts';
import { plural } from '../../src/lib/plural.ts';
import { collectBySubject } from '../ordinances/ordinanceList.ts';
import { todayOf } from '../fines/fineStore.ts';
import { addDays } from '../../src/lib/isoDate.ts';
import { deliver, mailLinks, notifiable } from './deliver.ts';
import { recordNewItems } from './newItems.ts';
import type { NotifiedItem } from './newItems.ts';
import { discountReminderMail, itemUrl, newItemsMail } from './notificationMails.ts';
import type { ReminderFine } from './notificationMails.ts';
import { accountDocuments, recheckDue, scheduleDocuments } from './recheck.ts';
import { scheduleNewFines } from '../payments/autopay/scheduleFines.ts';
import { scheduleFleetFines } from '../payments/autopay/fleetSchedule.ts';

/** What a re-check did (also the reply of POST /sandbox/recheck); pushes are started, not awaited. */
export type RecheckReport = { checked: number; newItems: number; mailsSent: number; pushesQueued: number };

/** The push that goes with a notification about new items. */
function newItemsPush(siteUrl: string, items: readonly NotifiedItem[]) {
  const first = items[0];
  const total = items.reduce((sum, i) => sum + Math.round(i.amountToPay * 100), 0) / 100;
  return {
    title: items.length === 1 ? 'Новый штраф' : `Новых начислений: ${items.length}`,
    body: items.length === 1 && first !== undefined ? `${first.title}: ${formatRub(first.amountToPay)}` : `${items.length} ${plural(items.length, ['начисление', 'начисления', 'начислений'])} на ${formatRub(total)}`,
    url: items.length === 1 && first !== undefined ? itemUrl(siteUrl, first) : `${siteUrl}/profile/`,
  };
}

/**
 * One run of the re-check: puts new account documents on the schedule, records what each affected
 * user already knows, asks the source again about due documents (`all`: every document now), and
 * tells each user who wants it about what is new — one mail (and one push per browser) per user and run.
 * The pushes go out in the background: the run never waits for a push service.
 */
export async function runRecheck(deps: AppDeps, options: { all?: boolean; limit?: number } = {}): Promise<RecheckReport> {
  // One run at a time per database in this process: a run that started while another was under way
  // could skip a document the other had already moved to its next check before a new ruling appeared.
  const previous = runsInProgress.get(deps.db) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(() => recheckOnce(deps, options));
  runsInProgress.set(deps.db, run);
  try {
    return await run;
  } finally {
    if (runsInProgress.get(deps.db) === run) runsInProgress.delete(deps.db);
  }
}

/** The run now under way (or the last one queued) per database, so runs follow one another. */
const runsInProgress = new WeakMap<object, Promise<RecheckReport>>();

/** One re-check run; runRecheck makes sure no other run of the same database is under way. */
async function recheckOnce(deps: AppDeps, options: { all?: boolean; limit?: number }): Promise<RecheckReport> {
  const documents = await accountDocuments(deps);
  await scheduleDocuments(deps, documents);
  const now = deps.clock();
  if (options.all) await deps.db.updateTable('subject_checks').set({ next_check_at: now }).execute();
  const due = new Set(
    (await deps.db.selectFrom('subject_checks').select('subject_key').where('next_check_at', '<=', now).orderBy('next_check_at').limit(options.limit ?? 1000).execute()).map((r) => r.subject_key),
  );
  const users = [...new Set(documents.filter((d) => due.has(d.key)).map((d) => d.userId))];
  for (const userId of users) await recordNewItems(deps, userId, { baselineOnly: true });
  const checked = await recheckDue(deps, options.limit ?? 1000);
  const report: RecheckReport = { checked: checked.length, newItems: 0, mailsSent: 0, pushesQueued: 0 };
  for (const userId of users) {
    const recipient = await notifiable(deps, userId);
    const found = await recordNewItems(deps, userId, { silent: recipient === undefined });
    if (found === undefined || recipient === undefined) continue;
    report.newItems += found.items.length;
    const delivery = await deliver(deps, found.id, userId, newItemsMail(recipient.email, found.items, mailLinks(deps, userId)), newItemsPush(deps.siteUrl, found.items));
    if (delivery.mailed) report.mailsSent += 1;
    report.pushesQueued += delivery.pushesQueued;
  }
  // Автооплата: new fines of these users' autopay documents are scheduled, each with its cancel mail.
  await scheduleNewFines(deps, users);
  // A fleet's autopay: the new fines of its vehicles and drivers, with the integrators' autopay.scheduled.
  await scheduleFleetFines(deps);
  return report;
}

/**
 * Discount reminders: each user who wants notifications gets one mail (with an .ics) about the unpaid
 * fines of their documents whose discount ends within 3 days, once per fine.
 */
export async function runDiscountReminders(deps: AppDeps): Promise<{ mailsSent: number }> {
  const today = todayOf(deps);
  const soon = addDays(today, 3);
  const users = [...new Set((await accountDocuments(deps)).map((d) => d.userId))];
  let mailsSent = 0;
  for (const userId of users) {
    const recipient = await notifiable(deps, userId);
    if (recipient === undefined) continue;
    const { subjects } = await collectBySubject(deps, userId, { ignoreDelay: true });
    const ending = subjects
      .flatMap((s) => s.items)
      .filter((i) => i.kind === 'fine' && !i.paid && i.discountActive && i.discountLastDay !== null && i.discountLastDay >= today && i.discountLastDay <= soon);
    if (ending.length === 0) continue;
    const now = deps.clock();
    const fresh = await deps.db.transaction().execute(async (tx) => {
      const added = await tx
        .insertInto('discount_reminders')
        .values(ending.map((i) => ({ user_id: userId, fine_id: i.ref, created_at: now })))
        .onConflict((oc) => oc.doNothing())
        .returning('fine_id')
        .execute();
      const ids = new Set(added.map((row) => row.fine_id));
      const fines: ReminderFine[] = ending
        .filter((i) => ids.has(i.ref))
        .map((i) => ({ fineId: i.ref, uin: i.number, title: i.title, article: i.article ?? '', amount: i.amount, amountToPay: i.amountToPay, discountLastDay: i.discountLastDay ?? today }));
      if (fines.length === 0) return undefined;
      const row = await tx.insertInto('notifications').values({ user_id: userId, kind: 'discount_reminder', items: JSON.stringify(fines), created_at: now, mailed_at: null }).returning('id').executeTakeFirstOrThrow();
      return { id: row.id, fines };
    });
    if (fresh === undefined) continue;
    const mail = discountReminderMail(recipient.email, fresh.fines, mailLinks(deps, userId), now);
    await deliver(deps, fresh.id, userId, mail, { title: 'Скидка скоро закончится', body: mail.subject, url: `${deps.siteUrl}/profile/` });
    mailsSent += 1;
  }
  return { mailsSent };
}

/** Notifications whose mail failed are tried again: up to 5 tries within 2 days of being recorded. */
export async function deliverPending(deps: AppDeps): Promise<{ mailsSent: number }> {
  const now = deps.clock();
  const pending = await deps.db
    .selectFrom('notifications')
    .select(['id', 'user_id', 'kind', 'items'])
    .where('mailed_at', 'is', null)
    .where('mail_attempts', '<', 5)
    .where('created_at', '>', new Date(now.getTime() - 2 * 86_400_000))
    .orderBy('id')
    .limit(200)
    .execute();
  let mailsSent = 0;
  for (const row of pending) {
    const recipient = await notifiable(deps, row.user_id);
    if (recipient === undefined) continue;
    const links = mailLinks(deps, row.user_id);
    const delivery =
      row.kind === 'discount_reminder'
        ? await deliver(deps, row.id, row.user_id, discountReminderMail(recipient.email, row.items as ReminderFine[], links, now), { title: 'Скидка скоро закончится', body: 'Успейте оплатить со скидкой', url: `${deps.siteUrl}/profile/` })
        : await deliver(deps, row.id, row.user_id, newItemsMail(recipient.email, row.items as NotifiedItem[], links), newItemsPush(deps.siteUrl, row.items as NotifiedItem[]));
    if (delivery.mailed) mailsSent += 1;
  }
  return { mailsSent };
}
