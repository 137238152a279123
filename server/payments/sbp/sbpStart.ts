import type { AppDeps } from '../../appDeps.ts';
import type { PaymentRow } from '../paymentStore.ts';
import { closeUnpaid, readPayment, recordPaymentEvent, setGatewayPage, settlePaid } from '../paymentStore.ts';
import { holdMinutes } from '../holds.ts';
import { holdMsOf } from '../settings.ts';
import { mailReceiptLater } from '../receiptJob.ts';
import type { GatewayRequest } from '../gatewayStart.ts';
import { MerchantApiError, createSbpInvoice, operationStatus } from './protocol.ts';
import type { SbpSettings } from './sbpSettings.ts';

/** Why an СБП payment closed unpaid: the bank declined it or its link ran out. */
export const SBP_CANCELLED_REASON = 'Оплата по СБП не прошла: банк отклонил её или время на оплату истекло. Деньги не списаны';

/** The site's page that shows a payment's СБП link (QR code on a computer, the bank's app on a phone). */
export function sbpPageUrl(deps: Pick<AppDeps, 'siteUrl'>, paymentId: string): string {
  return `${deps.siteUrl}/prepayment/sbp/?paymentId=${paymentId}`;
}

/**
 * Issues the СБП invoice of a started payment at moneta and keeps its link; the link pays for as long
 * as the payment holds its fines. Answers our СБП page, or undefined when the MerchantAPI did not take
 * it (the payment is then closed unpaid and its fines are free again).
 */
export async function openSbp(deps: AppDeps, sbp: SbpSettings, request: GatewayRequest): Promise<string | undefined> {
  const now = deps.clock();
  try {
    const invoice = await createSbpInvoice(sbp.api, sbp.fetch, {
      transactionId: request.paymentId,
      amountKopecks: request.totalKopecks,
      description: request.description,
      ttlMinutes: Math.max(1, holdMinutes(holdMsOf(deps.payments))),
      redirectUrl: `${deps.siteUrl}/prepayment/wait/?paymentId=${request.paymentId}`,
    });
    await deps.db.insertInto('sbp_payments').values({ payment_id: request.paymentId, operation_id: invoice.operationId, payload: invoice.payload, created_at: now }).execute();
    await recordPaymentEvent(deps.db, request.paymentId, 'sbp.invoice', 'created', now);
    const page = sbpPageUrl(deps, request.paymentId);
    await setGatewayPage(deps.db, request.paymentId, 'moneta', page);
    return page;
  } catch (error) {
    if (!(error instanceof MerchantApiError)) throw error;
    await recordPaymentEvent(deps.db, request.paymentId, 'sbp.invoice', 'failed', now);
    await closeUnpaid(deps.db, request.paymentId, 'error', 'СБП сейчас недоступна: деньги не списаны. Попробуйте через несколько минут или оплатите картой', now);
    return undefined;
  }
}

/** A payment's СБП link and operation, or undefined for a card payment. */
export function sbpLinkOf(deps: Pick<AppDeps, 'db'>, paymentId: string) {
  return deps.db.selectFrom('sbp_payments').select(['operation_id', 'payload']).where('payment_id', '=', paymentId).executeTakeFirst();
}

/** When each waiting СБП payment was last asked about, in this process: the wait page polls often, the gateway is asked at most every 5 s. */
const askedAt = new Map<string, number>();

/**
 * Asks moneta about a waiting СБП payment (a page that polls, or the job): a declined or expired
 * operation closes it unpaid; a paid one is settled by the same exactly-once step as the Pay URL
 * notification (which may be late). Answers the payment as it is now.
 */
export async function refreshSbp(deps: AppDeps, payment: PaymentRow, options: { force?: boolean } = {}): Promise<PaymentRow> {
  const sbp = deps.payments.sbp;
  if (sbp === undefined || payment.status !== 'wait') return payment;
  const link = await sbpLinkOf(deps, payment.id);
  if (link === undefined) return payment;
  const now = deps.clock().getTime();
  if (options.force !== true && now - (askedAt.get(payment.id) ?? -Infinity) < 5_000) return payment;
  askedAt.set(payment.id, now);
  if (askedAt.size > 10_000) askedAt.clear();
  let status;
  try {
    status = await operationStatus(sbp.api, sbp.fetch, link.operation_id);
  } catch (error) {
    if (!(error instanceof MerchantApiError)) throw error;
    await recordPaymentEvent(deps.db, payment.id, 'sbp.status', 'unreachable', deps.clock());
    return payment;
  }
  if (status === 'SUCCEED') {
    const outcome = await settlePaid(deps.db, payment.id, link.operation_id, deps.clock());
    await recordPaymentEvent(deps.db, payment.id, 'sbp.status', outcome === 'settled' ? 'paid' : outcome, deps.clock());
    if (outcome === 'settled') await mailReceiptLater(deps, payment.id);
  } else if (status === 'CANCELED' && (await closeUnpaid(deps.db, payment.id, 'error', SBP_CANCELLED_REASON, deps.clock()))) {
    await recordPaymentEvent(deps.db, payment.id, 'sbp.status', 'cancelled', deps.clock());
  }
  return (await readPayment(deps.db, payment.id)) ?? payment;
}

/** Asks about the СБП payments still waiting a minute after they started (their notification may be lost); answers how many it resolved. */
export async function pollSbp(deps: AppDeps): Promise<number> {
  if (deps.payments.sbp === undefined) return 0;
  const rows = await deps.db
    .selectFrom('payments')
    .innerJoin('sbp_payments', 'sbp_payments.payment_id', 'payments.id')
    .selectAll('payments')
    .where('payments.status', '=', 'wait')
    .where('payments.created_at', '<', new Date(deps.clock().getTime() - 60_000))
    .orderBy('payments.created_at')
    .limit(100)
    .execute();
  let resolved = 0;
  for (const row of rows) if ((await refreshSbp(deps, row, { force: true })).status !== 'wait') resolved += 1;
  return resolved;
}
