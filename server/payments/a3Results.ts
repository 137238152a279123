import type { AppDeps } from '../appDeps.ts';
import { readOrderState } from './gateways/a3/protocol.ts';
import { readSignedA3Body } from './a3SignedBody.ts';
import type { A3OrderState } from './gateways/a3/protocol.ts';
import { closeUnpaid, readPayment, recordPaymentEvent, settlePaid } from './paymentStore.ts';
import { mailReceiptLater } from './receiptJob.ts';
import type { A3Gateway } from './settings.ts';

/** What the bank said when it refused the card (shown on the error page). */
export const A3_DECLINED_REASON = 'Банк отклонил оплату: деньги не списаны. Попробуйте другую карту';

/** Whether an order state was taken into account ('ignored': not final yet, or about nothing of ours). */
export type A3Outcome = 'paid' | 'duplicate' | 'refund_required' | 'declined' | 'ignored' | 'amount-mismatch' | 'unknown-payment';

/**
 * Applies an A3 order state to its payment, exactly once: 'paid' settles it (the amount must be the one
 * the order was created for), 'declined' closes it unpaid; a repeat, a replay or ten at once change it
 * once, because both go through one conditional update. Recorded as `kind` (callback or poll).
 */
export async function applyA3State(deps: AppDeps, a3: A3Gateway, state: A3OrderState, kind: 'a3.callback' | 'a3.poll'): Promise<A3Outcome> {
  const now = deps.clock();
  const payment = /^[0-9a-f]{32}$/.test(state.orderId) ? await readPayment(deps.db, state.orderId) : undefined;
  if (payment === undefined || payment.payment_system !== 'A3' || state.merchantId !== a3.merchant.merchantId) {
    await recordPaymentEvent(deps.db, null, kind, 'unknown-payment', now);
    return 'unknown-payment';
  }
  let outcome: A3Outcome = 'ignored';
  if (state.status === 'paid') {
    if (state.amount !== Number(payment.total_kopecks)) outcome = 'amount-mismatch';
    else {
      const settled = await settlePaid(deps.db, payment.id, (state.operationId ?? 'a3').slice(0, 64), now);
      outcome = settled === 'settled' ? 'paid' : settled === 'already' ? 'duplicate' : 'refund_required';
    }
  } else if (state.status === 'declined') {
    outcome = (await closeUnpaid(deps.db, payment.id, 'error', A3_DECLINED_REASON, now)) ? 'declined' : 'duplicate';
  }
  if (outcome !== 'ignored') await recordPaymentEvent(deps.db, payment.id, kind, outcome, now);
  if (outcome === 'paid') await mailReceiptLater(deps, payment.id);
  return outcome;
}

/** A callback's verdict: accepted (answer 200) or refused (400: bad signature, malformed, not ours). */
export type A3CallbackReply = { accepted: boolean; outcome: A3Outcome | 'bad-signature' | 'malformed' };

/** A3's signed callback: the signature over the exact body first, then the state applied once. */
export async function handleA3Callback(deps: AppDeps, a3: A3Gateway, body: string, signature: string | null): Promise<A3CallbackReply> {
  const now = deps.clock();
  const read = await readSignedA3Body(deps, a3, body, signature, 'a3.callback');
  if (!read.signed) return { accepted: false, outcome: 'bad-signature' };
  const state = readOrderState(read.parsed);
  if (state === undefined) {
    await recordPaymentEvent(deps.db, null, 'a3.callback', 'malformed', now);
    return { accepted: false, outcome: 'malformed' };
  }
  const outcome = await applyA3State(deps, a3, state, 'a3.callback');
  return { accepted: !['unknown-payment', 'amount-mismatch'].includes(outcome), outcome };
}
