import type { AppDeps } from '../../appDeps.ts';
import { readUser } from '../../accounts/accountStore.ts';
import { ApiError } from '../../http/apiError.ts';
import type { FineSubject } from '../../providers/fines/provider.ts';
import { closeUnpaid, createPayment, lastPayer, recordPaymentEvent, settlePaid } from '../paymentStore.ts';
import { quoteFines } from '../quote.ts';
import { mailReceiptLater } from '../receiptJob.ts';
import { sendAskNotice, sendDeclinedNotice } from './autopayMails.ts';
import { boundCard } from './cardStore.ts';
import { attachPayment, chargedSince, claimCharge, dueCharges, finishCharge, retryCharge } from './chargeStore.ts';
import type { ChargeRow } from './chargeStore.ts';
import { TokenGatewayUnavailable, tokenGateway } from './tokenGateway.ts';
import { readRule } from './ruleStore.ts';
import { latestChargeAt } from './scheduleFines.ts';
import { askSource } from './sourceCheck.ts';
import { fleetSubject } from './fleetSchedule.ts';
import { alreadySettled } from '../payOnce.ts';

/** How one charge ended in this run. */
export type ChargeOutcome = 'paid' | 'declined' | 'retry' | 'paid_elsewhere' | 'cancelled' | 'over_limit' | 'expired' | 'busy' | 'unreachable' | 'taken';

/** What a run of the autopay job did, by outcome. */
export type AutopayReport = Record<ChargeOutcome, number>;

/** Two tries in all: the first and one retry after AUTOPAY_RETRY. */
const MAX_ATTEMPTS = 2;

/** The first moment of the month (Moscow) `now` is in: the monthly limit counts from it. */
export function monthStart(now: Date): Date {
  const moscow = new Date(now.getTime() + 3 * 3_600_000);
  return new Date(Date.UTC(moscow.getUTCFullYear(), moscow.getUTCMonth(), 1) - 3 * 3_600_000);
}

/**
 * Charges one due fine, if this process takes it (claimCharge: one of two processes does): asks the
 * source again (paid or cancelled there: nothing is charged), checks the limits (above them: the user
 * is asked), makes a payment that holds the fine like a card payment, charges the token with the
 * payment's id as moneta's clientTransaction, and settles it through settlePaid — once — with the
 * receipt mailed. A declined charge is tried once more after AUTOPAY_RETRY, then the user is told.
 */
export async function chargeOne(deps: AppDeps, chargeId: number): Promise<ChargeOutcome> {
  const now = deps.clock();
  const charge = await claimCharge(deps.db, chargeId, now);
  if (charge === undefined) return 'taken';
  const card = await boundCard(deps.db, charge.user_id);
  const rule = charge.rule_id === null ? undefined : await readRule(deps.db, charge.rule_id);
  // The token belongs to the gateway that bound the card: its charges go there.
  const gateway = card === undefined ? undefined : tokenGateway(deps, card.gateway);
  if (card === undefined || card.token === null || rule === undefined || gateway === undefined) {
    await finishCharge(deps.db, charge.id, 'cancelled', 'Автооплата выключена или карта отвязана', now);
    return 'cancelled';
  }
  let paymentId = charge.payment_id;
  if (paymentId === null) {
    // A fleet's fine is asked about by the vehicle or driver it was found on (the rule covers the whole fleet).
    const subject = rule.organization_id === null ? (rule.subject as FineSubject) : await fleetSubject(deps.db, rule.organization_id, charge.fine_id);
    if (subject === undefined) {
      await finishCharge(deps.db, charge.id, 'cancelled', 'Машины или водителя больше нет в автопарке', now);
      return 'cancelled';
    }
    const verdict = await askSource(deps, subject, { id: charge.fine_id, uin: charge.uin });
    if (verdict.kind !== 'unpaid') {
      await finishCharge(deps.db, charge.id, 'paid_elsewhere', verdict.kind === 'paid' ? 'Штраф уже оплачен: списывать нечего' : 'Постановление отменено: платить не нужно', now);
      return 'paid_elsewhere';
    }
    // The same pay-once rule as a payment by hand (issue 25 §3): paid through us, or paid or cancelled in ГИС ГМП's register.
    const settled = await alreadySettled(deps, charge.user_id, [charge.fine_id]);
    if (settled !== undefined) {
      await finishCharge(deps.db, charge.id, 'paid_elsewhere', settled.message, now);
      return 'paid_elsewhere';
    }
    let quote;
    try {
      quote = await quoteFines(deps, charge.user_id, [charge.fine_id], deps.payments.commission);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      await finishCharge(deps.db, charge.id, error.status === 409 ? 'paid_elsewhere' : 'cancelled', error.message, now);
      return error.status === 409 ? 'paid_elsewhere' : 'cancelled';
    }
    const item = quote.items[0];
    if (item === undefined || !item.discountActive) {
      await finishCharge(deps.db, charge.id, 'expired', 'Скидка закончилась', now);
      await sendDeclinedNotice(deps, charge, 'скидка закончилась до списания');
      return 'expired';
    }
    if (item.amountKopecks > Number(rule.max_fine_kopecks)) return overLimit(deps, charge, 'он больше лимита на один штраф');
    if ((await chargedSince(deps.db, charge.user_id, monthStart(now), charge.organization_id)) + quote.totals.totalKopecks > Number(rule.monthly_kopecks)) return overLimit(deps, charge, 'с ним будет превышен месячный лимит автооплаты');
    const user = await readUser(deps.db, charge.user_id);
    try {
      const payment = await createPayment(deps.db, { userId: charge.user_id, email: user?.email ?? '', payer: { fio: (await lastPayer(deps.db, charge.user_id))?.fio ?? '' }, quote, now, paymentSystem: gateway.id, holdMs: 60 * 60_000 });
      paymentId = payment.id;
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 409) throw error;
      // The user is paying it by hand right now: look again later.
      await retryCharge(deps.db, charge.id, new Date(now.getTime() + 30 * 60_000), error.message);
      return 'busy';
    }
    await attachPayment(deps.db, charge.id, paymentId);
  }
  const payment = await deps.db.selectFrom('payments').select(['total_kopecks', 'status']).where('id', '=', paymentId).executeTakeFirstOrThrow();
  let result;
  try {
    result = await gateway.charge({ token: card.token, paymentId, amountKopecks: Number(payment.total_kopecks), description: `Автооплата штрафа ${charge.uin}` });
  } catch (error) {
    if (!(error instanceof TokenGatewayUnavailable)) throw error;
    // The charge stays taken: after the lease another run asks again with the same clientTransaction.
    await recordPaymentEvent(deps.db, paymentId, 'autopay.charge', 'unreachable', now);
    return 'unreachable';
  }
  if (result.kind === 'paid') {
    const settled = await settlePaid(deps.db, paymentId, result.operationId, now);
    await recordPaymentEvent(deps.db, paymentId, 'autopay.charge', settled === 'settled' ? 'paid' : settled === 'already' ? 'duplicate' : 'refund_required', now);
    await finishCharge(deps.db, charge.id, 'paid', null, now);
    if (settled === 'settled') await mailReceiptLater(deps, paymentId);
    return 'paid';
  }
  await closeUnpaid(deps.db, paymentId, 'error', `Банк отклонил списание: ${result.reason}`, now);
  await recordPaymentEvent(deps.db, paymentId, 'autopay.charge', 'declined', now);
  const attempts = charge.attempts + (charge.payment_id === null ? 1 : 0);
  const retryAt = new Date(now.getTime() + deps.autopay.retryMs);
  if (attempts < MAX_ATTEMPTS && retryAt.getTime() <= latestChargeAt(charge.discount_last_day, 0).getTime()) {
    await retryCharge(deps.db, charge.id, retryAt, result.reason);
    return 'retry';
  }
  await finishCharge(deps.db, charge.id, 'declined', result.reason, now);
  await sendDeclinedNotice(deps, charge, result.reason.toLowerCase());
  return 'declined';
}

/** The job that mailed an autopay receipt before receipts had one job of their own (kept for jobs already queued under it). */
export const AUTOPAY_RECEIPT_JOB = 'autopay.receipt';

/** Above a limit: nothing is charged, the user is asked. */
async function overLimit(deps: AppDeps, charge: ChargeRow, why: string): Promise<ChargeOutcome> {
  await finishCharge(deps.db, charge.id, 'over_limit', `Не оплачен автоматически: ${why}`, deps.clock());
  await sendAskNotice(deps, charge, why);
  return 'over_limit';
}

/** One run of the autopay job: every due charge (at most `limit`), one after another. */
export async function runAutopay(deps: AppDeps, options: { limit?: number } = {}): Promise<AutopayReport> {
  const report: AutopayReport = { paid: 0, declined: 0, retry: 0, paid_elsewhere: 0, cancelled: 0, over_limit: 0, expired: 0, busy: 0, unreachable: 0, taken: 0 };
  for (const id of await dueCharges(deps.db, deps.clock(), options.limit ?? 500)) report[await chargeOne(deps, id)] += 1;
  return report;
}
