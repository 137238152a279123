import { computed, map } from 'nanostores';
import { cancelPayment, fetchUnfinishedPayments } from '../../api/payment.ts';
import type { UnfinishedPayment } from '../../api/structs/payment.ts';
import { userMessage } from '../../api/userMessage.ts';
import { DEFAULT_COMMISSION, commissionKopecks, formatKopecks } from '../../lib/paymentTotals.ts';
import type { CommissionRule } from '../../lib/paymentTotals.ts';
import { $credentials } from '../authData.ts';

// Issue 24: the fine page and the lists show the service's commission beside each amount (before the
// checkout), and offer a payment the payer left unfinished (Back from the bank, a closed tab): continue
// it on the same gateway page, or cancel it and pay again.

/** The commission rule (the build's until the server's arrives) and the user's unfinished payments. */
export type PaymentTerms = {
  rule: CommissionRule;
  unfinished: readonly UnfinishedPayment[];
  /** When the reply came (Date.now()), to count the holds down from the server's figures. */
  loadedAt: number;
  /** A payment being cancelled, and why the last cancel failed. */
  cancelling: string | null;
  error?: string;
};

/** The payment terms the fine page and the lists show. */
export const $paymentTerms = map<PaymentTerms>({ rule: DEFAULT_COMMISSION, unfinished: [], loadedAt: 0, cancelling: null });

/** Where the browser goes next (the gateway's page, the checkout); tests replace it. */
export const termsNavigation = { assign: (url: string) => window.location.assign(url) };

/** Asks the server for the commission rule and the unfinished payments (nothing without a session). */
export async function loadPaymentTerms(now: () => number = Date.now): Promise<void> {
  const auth = $credentials.get();
  if (auth === undefined) return;
  try {
    const reply = await fetchUnfinishedPayments(auth);
    $paymentTerms.set({ rule: reply.commissionRule, unfinished: reply.payments, loadedAt: now(), cancelling: null });
  } catch {
    // Without the reply the page still works: the build's commission rule, and the checkout offers
    // the unfinished payment itself (its quote carries it).
  }
}

/** «+ комиссия 30 ₽» for an amount in kopecks; '' for nothing to pay. */
export function commissionLabel(amountKopecks: number, rule: CommissionRule): string {
  const commission = commissionKopecks(amountKopecks, rule);
  return commission === 0 ? '' : `+ комиссия ${formatKopecks(commission)}`;
}

/** The commission rule the labels use, kept up to date as the server's arrives. */
export const $commissionRule = computed($paymentTerms, (terms) => terms.rule);

/** The unfinished payment holding this fine, if any. */
export function unfinishedOf(terms: PaymentTerms, fineId: number): UnfinishedPayment | undefined {
  return terms.unfinished.find((payment) => payment.fineIds.includes(fineId));
}

/** Minutes the hold still lasts, counted from the server's figure (never below 1 while it lasts, 0 once over). */
export function minutesLeft(payment: Pick<UnfinishedPayment, 'holdSecondsLeft'>, loadedAt: number, now: number): number {
  const seconds = payment.holdSecondsLeft - Math.max(0, now - loadedAt) / 1000;
  return seconds <= 0 ? 0 : Math.max(1, Math.ceil(seconds / 60));
}

/** When the payment started, as the notice says it: «Сегодня в 14:02», or «25.11.2026 в 14:02» (the browser's time zone). */
export function startedLabel(createdAt: string, now: Date): string {
  const started = new Date(createdAt);
  const two = (n: number) => String(n).padStart(2, '0');
  const time = `${two(started.getHours())}:${two(started.getMinutes())}`;
  if (started.toDateString() === now.toDateString()) return `Сегодня в ${time}`;
  return `${two(started.getDate())}.${two(started.getMonth() + 1)}.${started.getFullYear()} в ${time}`;
}

/** «Платёж ждёт подтверждения банка ещё 14 мин», or what to do once the hold is over. */
export function holdLabel(minutes: number): string {
  return minutes > 0 ? `Платёж ждёт подтверждения банка ещё ${minutes}\u00a0мин` : 'Время на оплату истекло: начните оплату заново';
}

/**
 * «Отменить и оплатить заново» on the fine page: cancels the unfinished payment, then opens the
 * checkout of the fine. A payment finished meanwhile (paid, or closed) is reloaded instead, with why.
 */
export async function cancelAndPayAgain(payment: UnfinishedPayment, checkoutHref: string): Promise<void> {
  const auth = $credentials.get();
  if (auth === undefined || $paymentTerms.get().cancelling !== null) return;
  const { error: _previous, ...rest } = $paymentTerms.get();
  $paymentTerms.set({ ...rest, cancelling: payment.paymentId });
  try {
    await cancelPayment(auth, payment.paymentId);
    termsNavigation.assign(checkoutHref);
  } catch (error) {
    await loadPaymentTerms();
    $paymentTerms.set({ ...$paymentTerms.get(), cancelling: null, error: userMessage(error) });
  }
}
