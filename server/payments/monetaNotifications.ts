import type { AppDeps } from '../appDeps.ts';
import { monetaAmount, notificationProblem, notificationAnswer, readNotification } from './gateways/moneta/protocol.ts';
import { readPayment, recordPaymentEvent, settlePaid } from './paymentStore.ts';
import { mailReceiptLater } from './receiptJob.ts';

/** The answer to a notification: the body moneta reads, and whether the money was taken into account. */
export type NotificationReply = { body: string; contentType: string; accepted: boolean };

const fail: NotificationReply = { body: 'FAIL', contentType: 'text/plain; charset=utf-8', accepted: false };

/**
 * A Pay URL notification (MONETA.Assistant): checked for our account, the fields we expect and its
 * signature (notificationProblem), a known payment, the amount it was issued for; then the payment is settled exactly once (a repeat, a replay,
 * or ten at once change it once). Anything wrong changes nothing, is recorded, and is answered FAIL.
 * Money for a payment already closed unpaid is acknowledged (so moneta stops repeating) and recorded
 * as needing a refund.
 */
export async function handleMonetaNotification(deps: AppDeps, input: Record<string, unknown>): Promise<NotificationReply> {
  const { account } = deps.payments.moneta;
  const now = deps.clock();
  const notification = readNotification(input);
  if (notification === undefined) {
    await recordPaymentEvent(deps.db, null, 'moneta.notification', 'malformed', now);
    return fail;
  }
  const paymentId = /^[0-9a-f]{32}$/.test(notification.MNT_TRANSACTION_ID) ? notification.MNT_TRANSACTION_ID : null;
  const problem = notificationProblem(notification, account);
  if (problem !== undefined) {
    await recordPaymentEvent(deps.db, paymentId, 'moneta.notification', problem, now);
    return fail;
  }
  const payment = paymentId === null ? undefined : await readPayment(deps.db, paymentId);
  if (payment === undefined) {
    await recordPaymentEvent(deps.db, null, 'moneta.notification', 'unknown-payment', now);
    return fail;
  }
  if (notification.MNT_CURRENCY_CODE !== 'RUB' || notification.MNT_AMOUNT !== monetaAmount(Number(payment.total_kopecks))) {
    await recordPaymentEvent(deps.db, payment.id, 'moneta.notification', 'amount-mismatch', now);
    return fail;
  }
  const outcome = await settlePaid(deps.db, payment.id, notification.MNT_OPERATION_ID, now);
  await recordPaymentEvent(deps.db, payment.id, 'moneta.notification', outcome === 'settled' ? 'paid' : outcome === 'already' ? 'duplicate' : 'refund_required', now);
  if (outcome === 'settled') await mailReceiptLater(deps, payment.id);
  return { body: notificationAnswer(account, payment.id, true), contentType: 'application/xml; charset=utf-8', accepted: true };
}
