import { okEnvelope } from './structs/envelope.ts';
import { CashbackReply, PaymentCancelledReply, PaymentCreatedReply, PaymentQuoteReply, PaymentStateReply, ReceiptReply } from './structs/payment.ts';
import type { PaymentCreated, PaymentQuote, PaymentState, Receipt } from './structs/payment.ts';
import type { Credentials } from './structs/credentials.ts';
import { apiCall } from './client.ts';

const quoteReply = okEnvelope(PaymentQuoteReply);
const createdReply = okEnvelope(PaymentCreatedReply);
const stateReply = okEnvelope(PaymentStateReply);
const cancelledReply = okEnvelope(PaymentCancelledReply);
const receiptReply = okEnvelope(ReceiptReply);

/** `GET /105/api/payment/info`: the fines at today's amounts, the commission and the total (kopecks). */
export function fetchPaymentQuote(auth: Credentials, fineIds: readonly number[]): Promise<PaymentQuote> {
  return apiCall('/105/api/payment/info', quoteReply, { query: { fineIds: fineIds.join(','), type: 'fines' }, auth });
}

/** What the payer typed, and the total the page showed (the server charges nothing else). */
export type PaymentStart = { fineIds: readonly number[]; paymentSystem: string; email: string; fio: string; total: number };

/** `POST /105/api/multipayment`: starts the payment; answers where to send the payer. */
export function startPayment(auth: Credentials, input: PaymentStart): Promise<PaymentCreated> {
  return apiCall('/105/api/multipayment', createdReply, {
    method: 'POST',
    auth,
    body: { fineIds: input.fineIds.join(','), paymentSystem: input.paymentSystem, email: input.email, fio: input.fio, total: String(input.total) },
  });
}

/** `GET /105/api/payment/{paymentId}`: the payment's state. */
export function fetchPayment(auth: Credentials, paymentId: string): Promise<PaymentState> {
  return apiCall(`/105/api/payment/${encodeURIComponent(paymentId)}`, stateReply, { auth });
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
