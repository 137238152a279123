import type { Selectable } from 'kysely';
import { moscowToday } from '../../src/lib/isoDate.ts';
import { addWorkingDays } from '../../src/lib/workingDays.ts';
import { formatKopecks } from '../../src/lib/paymentTotals.ts';
import type { AppDeps } from '../appDeps.ts';
import type { PaymentPathsTable } from '../db/sbpPathTables.ts';
import { mailHtml, mailText } from '../mail/layout.ts';
import { insertTicket } from '../platform/supportTickets.ts';
import { ticketMail } from '../platform/supportMails.ts';
import { chargeRegisterOf } from './payOnce.ts';
import { receiptLink } from './receiptMail.ts';

// A paid fine's path (issue 25 §4): «Оплачено» (the gateway confirmed the payment) → «Передано в ГИС
// ГМП» (the payment's data reported to the source, with its number) → «Учтено в ГИС ГМП» (a re-check
// of the source shows the fine paid). When the source has not shown it PATH_OVERDUE_WORKING_DAYS
// working days after the payment, the payer is told what to do and support gets a ticket, once.

/** A path row as read. */
export type PathRow = Selectable<PaymentPathsTable>;

/** Working days after the payment the source may take before the payer is told and support is asked. */
export const PATH_OVERDUE_WORKING_DAYS = 5;

/** How often the source is asked again about a payment sent but not yet accounted: the job's pace, and the least gap between two reads of the page. */
export const PATH_RECHECK_MS = { job: 10 * 60_000, read: 15_000 } as const;

/** The day (Moscow) after which a payment made at `paidAt` and not accounted is overdue. */
export function overdueAfter(paidAt: Date): string {
  return addWorkingDays(moscowToday(paidAt.getTime()), PATH_OVERDUE_WORKING_DAYS);
}

/** Starts the path of every paid fine that has none (the payment settled since), oldest first; answers how many. */
async function adoptPaidFines(deps: AppDeps, fineIds: readonly number[] | undefined): Promise<number> {
  let query = deps.db
    .selectFrom('payment_items as i')
    .innerJoin('payments as p', 'p.id', 'i.payment_id')
    .leftJoin('payment_paths as path', 'path.fine_id', 'i.fine_id')
    .select(['i.fine_id', 'i.payment_id', 'i.uin', 'i.amount_kopecks', 'p.finished_at'])
    .where('p.status', '=', 'success')
    .where('i.fine_id', 'is not', null)
    .where('path.fine_id', 'is', null);
  if (fineIds !== undefined) query = query.where('i.fine_id', 'in', fineIds.length === 0 ? [-1] : fineIds);
  const rows = await query.orderBy('p.finished_at').limit(500).execute();
  for (const row of rows) {
    if (row.fine_id === null || row.finished_at === null) continue;
    await deps.db
      .insertInto('payment_paths')
      .values({ fine_id: row.fine_id, payment_id: row.payment_id, uin: row.uin, amount_kopecks: Number(row.amount_kopecks), paid_at: row.finished_at, sent_at: null, gis_number: null, accounted_at: null, checked_at: null, overdue_at: null, ticket_id: null })
      .onConflict((oc) => oc.column('fine_id').doNothing())
      .execute();
  }
  return rows.length;
}

/** The mail that tells the payer what to do when the source has not shown their payment in time. */
function overdueMail(deps: AppDeps, to: string, path: PathRow, receiptHash: string | null, ticketId: number) {
  const paidOn = path.paid_at.toLocaleString('ru-RU', { timeZone: 'Europe/Moscow', dateStyle: 'short' });
  const content = {
    heading: 'Оплата ещё не учтена в ГИС ГМП',
    paragraphs: [
      `Штраф по постановлению ${path.uin} оплачен ${paidOn} (${formatKopecks(Number(path.amount_kopecks))}), сведения переданы в ГИС ГМП${path.gis_number === null ? '' : ` под номером ${path.gis_number}`}, но за ${PATH_OVERDUE_WORKING_DAYS} рабочих дней штраф там так и не отмечен оплаченным.`,
      'Что делать: сохраните квитанцию — она подтверждает, что штраф оплачен вовремя. Если придёт напоминание или штраф передадут приставам, покажите квитанцию подразделению, которое вынесло постановление (оно указано в постановлении), или приставам.',
      `Мы уже открыли обращение №${ticketId} и выясняем у банка и ГИС ГМП, где задержка. Ответим на этот адрес.`,
    ],
    ...(receiptHash === null ? {} : { action: { label: 'Открыть квитанцию', url: receiptLink(deps.siteUrl, receiptHash) } }),
    note: 'Письмо пришло, потому что этот адрес указали для квитанции при оплате.',
    siteUrl: deps.siteUrl,
  };
  return { to, subject: `Оплата штрафа ${path.uin} ещё не учтена`, text: mailText(content), html: mailHtml(content), ...(receiptHash === null ? {} : { link: receiptLink(deps.siteUrl, receiptHash) }) };
}

/** Opens the support ticket of an overdue path and tells the payer, once (the row is claimed by a conditional update first). */
async function raiseOverdue(deps: AppDeps, path: PathRow): Promise<boolean> {
  const now = deps.clock();
  const claimed = await deps.db.updateTable('payment_paths').set({ overdue_at: now }).where('fine_id', '=', path.fine_id).where('overdue_at', 'is', null).where('accounted_at', 'is', null).returning('fine_id').executeTakeFirst();
  if (claimed === undefined) return false;
  const payment = await deps.db.selectFrom('payments').select(['user_id', 'email', 'receipt_hash']).where('id', '=', path.payment_id).executeTakeFirstOrThrow();
  const ticket = {
    userId: payment.user_id,
    email: payment.email,
    content: `Автоматически: оплата не учтена в ГИС ГМП за ${PATH_OVERDUE_WORKING_DAYS} рабочих дней.\n\nПостановление: ${path.uin}\nПлатёж: ${path.payment_id}\nОплачено: ${path.paid_at.toISOString()}, ${formatKopecks(Number(path.amount_kopecks))}\nПередано в ГИС ГМП: ${path.sent_at?.toISOString() ?? 'нет'}, номер ${path.gis_number ?? '—'}`,
    platform: 'web',
    appVersion: 'payment-path',
  };
  const id = await insertTicket(deps.db, ticket, now);
  await deps.db.updateTable('payment_paths').set({ ticket_id: id }).where('fine_id', '=', path.fine_id).execute();
  deps.mail.sendLater(ticketMail(deps.supportEmail ?? 'support@localhost.localdomain', deps.siteUrl, id, ticket));
  deps.mail.sendLater(overdueMail(deps, payment.email, path, payment.receipt_hash, id));
  return true;
}

/** What one pass moved: paths started, payments reported, payments accounted, overdue payments raised. */
export type PathProgress = { adopted: number; sent: number; accounted: number; overdue: number };

/**
 * Moves paths on: starts those of newly paid fines, reports unreported payments to the source, asks
 * the source about those not accounted (at most every `recheckMs`), and raises the overdue ones. Every
 * step is a conditional update, so two processes (or the job and a page) never do one twice. With
 * `fineIds`, only those fines (a page being read); else everything due (the job).
 */
export async function advancePaths(deps: AppDeps, options: { fineIds?: readonly number[]; recheckMs?: number } = {}): Promise<PathProgress> {
  const register = chargeRegisterOf(deps);
  const progress: PathProgress = { adopted: await adoptPaidFines(deps, options.fineIds), sent: 0, accounted: 0, overdue: 0 };
  let query = deps.db.selectFrom('payment_paths').selectAll().where('accounted_at', 'is', null);
  if (options.fineIds !== undefined) query = query.where('fine_id', 'in', options.fineIds.length === 0 ? [-1] : options.fineIds);
  const open = await query.orderBy('paid_at').limit(500).execute();
  const recheckMs = options.recheckMs ?? PATH_RECHECK_MS.job;
  for (let path of open) {
    const now = deps.clock();
    if (path.sent_at === null) {
      const { number } = await register.reportPayment({ uin: path.uin, amountKopecks: Number(path.amount_kopecks), paidAt: path.paid_at, paymentId: path.payment_id }, now);
      const sent = await deps.db.updateTable('payment_paths').set({ sent_at: now, gis_number: number }).where('fine_id', '=', path.fine_id).where('sent_at', 'is', null).returningAll().executeTakeFirst();
      if (sent === undefined) continue;
      progress.sent += 1;
      path = sent;
    }
    if (path.checked_at === null || path.checked_at.getTime() + recheckMs <= now.getTime()) {
      const state = await register.chargeState(path.uin, now).catch(() => ({ state: 'unknown' }) as const);
      const update = state.state === 'paid' ? { checked_at: now, accounted_at: now } : { checked_at: now };
      const moved = await deps.db.updateTable('payment_paths').set(update).where('fine_id', '=', path.fine_id).where('accounted_at', 'is', null).returning('accounted_at').executeTakeFirst();
      if (moved?.accounted_at != null) {
        progress.accounted += 1;
        continue;
      }
    }
    if (path.overdue_at === null && moscowToday(now.getTime()) > overdueAfter(path.paid_at) && (await raiseOverdue(deps, path))) progress.overdue += 1;
  }
  return progress;
}

/** One step of the path as the page shows it: done (when) or not yet. */
export type PathStepView = { step: 'paid' | 'sent' | 'accounted'; title: string; at: string | null; detail: string | null };

/** A fine's path: its steps, and when the source is late, what the payer should do and the support ticket. */
export type PathView = { fineId: number; uin: string; steps: PathStepView[]; overdue: { since: string; ticketId: number | null; advice: string; receiptHash: string | null } | null };

/** The path of a fine as read, or undefined when it has none (not paid through us). */
export async function pathView(deps: AppDeps, fineId: number): Promise<PathView | undefined> {
  const path = await deps.db.selectFrom('payment_paths').selectAll().where('fine_id', '=', fineId).executeTakeFirst();
  if (path === undefined) return undefined;
  const payment = await deps.db.selectFrom('payments').select(['receipt_hash', 'payment_system']).where('id', '=', path.payment_id).executeTakeFirst();
  const steps: PathStepView[] = [
    { step: 'paid', title: 'Оплачено', at: path.paid_at.toISOString(), detail: `${formatKopecks(Number(path.amount_kopecks))}, банк подтвердил платёж` },
    { step: 'sent', title: 'Передано в ГИС ГМП', at: path.sent_at?.toISOString() ?? null, detail: path.gis_number === null ? null : `Номер платежа (УИП) ${path.gis_number}` },
    { step: 'accounted', title: 'Учтено в ГИС ГМП', at: path.accounted_at?.toISOString() ?? null, detail: path.accounted_at === null ? null : 'Штраф в ГИС ГМП отмечен оплаченным' },
  ];
  const overdue =
    path.overdue_at === null || path.accounted_at !== null
      ? null
      : {
          since: path.overdue_at.toISOString(),
          ticketId: path.ticket_id,
          receiptHash: payment?.receipt_hash ?? null,
          advice: `За ${PATH_OVERDUE_WORKING_DAYS} рабочих дней ГИС ГМП так и не отметила штраф оплаченным. Сохраните квитанцию: она подтверждает оплату. Если придёт напоминание или штраф передадут приставам, покажите квитанцию подразделению, которое вынесло постановление, или приставам. Мы уже выясняем причину у банка${path.ticket_id === null ? '' : ` (обращение №${path.ticket_id})`} и напишем вам.`,
        };
  return { fineId, uin: path.uin, steps, overdue };
}
