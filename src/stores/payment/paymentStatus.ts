import { map } from 'nanostores';
import { cancelPayment, fetchPayment } from '../../api/payment.ts';
import type { PaymentState } from '../../api/structs/payment.ts';
import { ApiReplyError } from '../../api/errors.ts';
import { userMessage } from '../../api/userMessage.ts';
import { $credentials } from '../authData.ts';

/** How often the wait page asks for the payment's state (spec §9: 2 s polling). */
export const POLL_MS = 2_000;

/** A payment as the result pages see it. */
export type PaymentView = { state: 'loading' } | { state: 'ready'; payment: PaymentState } | { state: 'notFound' } | { state: 'error'; message: string };

/** The payment of /prepayment/wait|success|error/. */
export const $payment = map<{ current: PaymentView; cancelling: boolean; cancelError?: string }>({ current: { state: 'loading' }, cancelling: false });

/** The paymentId of the page's address, when it looks like one. */
export function paymentIdFromQuery(search: string): string | undefined {
  const id = new URLSearchParams(search).get('paymentId') ?? '';
  return /^[0-9a-f]{32}$/.test(id) ? id : undefined;
}

/** Loads the payment once. */
export async function loadPayment(paymentId: string | undefined): Promise<PaymentState | undefined> {
  const auth = $credentials.get();
  if (paymentId === undefined || auth === undefined) {
    $payment.setKey('current', { state: 'notFound' });
    return undefined;
  }
  try {
    const payment = await fetchPayment(auth, paymentId);
    $payment.setKey('current', { state: 'ready', payment });
    return payment;
  } catch (error) {
    $payment.setKey('current', error instanceof ApiReplyError && [400, 401, 404].includes(error.status) ? { state: 'notFound' } : { state: 'error', message: userMessage(error) });
    return undefined;
  }
}

/** The address of a finished payment's page: success or error. */
export function resultPage(payment: PaymentState): string | undefined {
  if (payment.status === 'success') return `/prepayment/success/?paymentId=${payment.paymentId}`;
  if (payment.status === 'error' || payment.status === 'cancelled') return `/prepayment/error/?paymentId=${payment.paymentId}`;
  return undefined;
}

/** Cancels the payment (the payer gave up, or wants to try again); answers whether it is cancelled now. */
export async function cancelCurrentPayment(): Promise<boolean> {
  const current = $payment.get().current;
  const auth = $credentials.get();
  if (current.state !== 'ready' || auth === undefined) return false;
  $payment.set({ current, cancelling: true });
  try {
    await cancelPayment(auth, current.payment.paymentId);
    $payment.set({ current: { state: 'ready', payment: { ...current.payment, status: 'cancelled' } }, cancelling: false });
    return true;
  } catch (error) {
    $payment.set({ current, cancelling: false, cancelError: userMessage(error) });
    return false;
  }
}

/** The page to pay the same fines again. */
export function retryHref(payment: PaymentState): string {
  if (payment.recipient === 'taxes') return `/prepayment/?type=tax&uin=${payment.items[0]?.uin ?? ''}`;
  return `/prepayment/?fineIds=${payment.items.map((item) => item.fineId).join(',')}`;
}
