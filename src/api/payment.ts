import { okEnvelope } from './structs/envelope.ts';
import { CashbackReply, PaymentCancelledReply, PaymentCreatedReply, PaymentQuoteReply, PaymentStateReply, ReceiptReply, UnfinishedPaymentsReply } from './structs/payment.ts';
import type { PaymentCreated, PaymentQuote, PaymentState, Receipt, UnfinishedPayments } from './structs/payment.ts';
import type { Credentials } from './structs/credentials.ts';
import { apiCall } from './client.ts';

const quoteReply = okEnvelope(PaymentQuoteReply);
const createdReply = okEnvelope(PaymentCreatedReply);
const stateReply = okEnvelope(PaymentStateReply);
const cancelledReply = okEnvelope(PaymentCancelledReply);
const receiptReply = okEnvelope(ReceiptReply);
const unfinishedReply = okEnvelope(UnfinishedPaymentsReply);

/** What a payment pays: some of the user's fines, or one tax by its УИН. */
export type PaymentTarget = { kind: 'fines'; fineIds: readonly number[] } | { kind: 'tax'; uin: string };

/** `GET /105/api/payment/info`: the fines (or the tax) at today's amounts, the commission and the total (kopecks). */
export function fetchPaymentQuote(auth: Credentials, target: PaymentTarget): Promise<PaymentQuote> {
  const query = target.kind === 'tax' ? { uin: target.uin, type: 'taxes' } : { fineIds: target.fineIds.join(','), type: 'fines' };
  return apiCall('/105/api/payment/info', quoteReply, { query, auth });
}

/** What the payer typed, and the total the page showed (the server charges nothing else). The site names no payment system: the service picks the gateway. */
export type PaymentStart = { email: string; fio: string; total: number; /** СБП instead of a card (issue 25); a card when absent. */ method?: 'card' | 'sbp' };

/**
 * `POST /105/api/multipayment` (fines) or `POST /105/api/payment` with type=tax: starts the payment
 * (cancelling the payer's own unfinished one of the same fines); answers where to send the payer.
 */
export function startPayment(auth: Credentials, target: PaymentTarget, input: PaymentStart): Promise<PaymentCreated> {
  const payer = { email: input.email, fio: input.fio, total: String(input.total), ...(input.method === 'sbp' ? { method: 'sbp' } : {}) };
  if (target.kind === 'tax') return apiCall('/105/api/payment', createdReply, { method: 'POST', auth, body: { uin: target.uin, type: 'tax', ...payer } });
  return apiCall('/105/api/multipayment', createdReply, { method: 'POST', auth, body: { fineIds: target.fineIds.join(','), ...payer } });
}

/** `GET /105/api/payment/{paymentId}`: the payment's state. */
export function fetchPayment(auth: Credentials, paymentId: string): Promise<PaymentState> {
  return apiCall(`/105/api/payment/${encodeURIComponent(paymentId)}`, stateReply, { auth });
}

/** `GET /105/api/payment/unfinished`: the commission rule and the user's payments still waiting for the gateway. */
export function fetchUnfinishedPayments(auth: Credentials): Promise<UnfinishedPayments> {
  return apiCall('/105/api/payment/unfinished', unfinishedReply, { auth });
}

/** `POST /105/api/payment/cancel`: cancels a payment that has not finished. */
export async function cancelPayment(auth: Credentials, paymentId: string): Promise<void> {
  await apiCall('/105/api/payment/cancel', cancelledReply, { method: 'POST', auth, body: { paymentId, type: 'fines' } });
}

/** `GET /105/api/payment/receipt/{hash}`: a paid payment's receipt, by its link alone. */
export function fetchReceipt(hash: string): Promise<Receipt> {
  return apiCall(`/105/api/payment/receipt/${encodeURIComponent(hash)}`, receiptReply);
}

const cashbackReply = okEnvelope(CashbackReply);

/** `PATCH /105/api/order/{paymentId}`: the payer asks for cashback on a paid payment (e-mail and a note). */
export async function requestCashback(auth: Credentials, paymentId: string, input: { email: string; description: string }): Promise<string> {
  return (await apiCall(`/105/api/order/${encodeURIComponent(paymentId)}`, cashbackReply, { method: 'PATCH', auth, body: input })).createdAt;
}
