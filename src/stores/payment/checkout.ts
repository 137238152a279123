import { map } from 'nanostores';
import { fetchPaymentQuote, startPayment } from '../../api/payment.ts';
import type { PaymentTarget } from '../../api/payment.ts';
import type { PaymentQuote, UnfinishedPayment } from '../../api/structs/payment.ts';
import { ApiReplyError } from '../../api/errors.ts';
import { userMessage } from '../../api/userMessage.ts';
import { validators } from '../../lib/validators.ts';
import { MAX_PAYMENT_ITEMS } from '../../lib/paymentTotals.ts';
import { $credentials } from '../authData.ts';
import { $account } from '../auth/accountState.ts';
import { initialPayer, rememberPayer } from './payer.ts';

/** The payer's fields on /prepayment/ (one card option: the service picks the gateway, issue 24). */
export type PayerForm = { fio: string; email: string };

/**
 * The checkout: the quote being loaded, ready to pay (with the form, its errors, a submit in flight,
 * and the payer's own unfinished payment of these fines to continue or replace), or failed.
 */
export type CheckoutState =
  | { state: 'loading' }
  | {
      state: 'ready';
      target: PaymentTarget;
      quote: PaymentQuote;
      form: PayerForm;
      errors: Partial<Record<keyof PayerForm, string>>;
      submitting: boolean;
      message?: string;
      /** Card (the gateway's page) or СБП (a QR code or the bank's app), issue 25. */
      method: 'card' | 'sbp';
      /** The payer's unfinished payment holding some of these fines (Back from the bank), and when it was read (Date.now()). */
      unfinished: UnfinishedPayment | null;
      loadedAt: number;
    }
  | { state: 'error'; message: string; retry: boolean };

/** The checkout of /prepayment/. */
export const $checkout = map<{ current: CheckoutState }>({ current: { state: 'loading' } });

/** Where the browser goes next (the gateway's page); tests replace it. */
export const navigation = { assign: (url: string) => window.location.assign(url) };

/** The fine ids of the page's address (?fineIds=1,2 or ?fineId=1), or undefined when it names none or too many. */
export function fineIdsFromQuery(search: string): number[] | undefined {
  const params = new URLSearchParams(search);
  const raw = params.get('fineIds') ?? params.get('fineId') ?? '';
  const ids = [...new Set(raw.split(',').map((part) => part.trim()).filter((part) => /^[1-9]\d{0,9}$/.test(part)).map(Number))];
  return ids.length === 0 || ids.length > MAX_PAYMENT_ITEMS ? undefined : ids;
}

/** What the address asks to pay: ?type=tax&uin=… (a tax), else ?fineIds=1,2 (fines); undefined when nothing valid. */
export function targetFromQuery(search: string): PaymentTarget | undefined {
  const params = new URLSearchParams(search);
  if (params.get('type') === 'tax') {
    const uin = (params.get('uin') ?? '').trim();
    return /^(\d{20}|\d{25})$/.test(uin) ? { kind: 'tax', uin } : undefined;
  }
  const fineIds = fineIdsFromQuery(search);
  return fineIds === undefined ? undefined : { kind: 'fines', fineIds };
}

/** The payer's full name: two or three Cyrillic words. */
const FIO_PATTERN = /^[А-ЯЁа-яё-]+( [А-ЯЁа-яё-]+){1,2}$/;

/** Checks the form as the server will; answers the messages by field. */
export function checkPayerForm(form: PayerForm): Partial<Record<keyof PayerForm, string>> {
  const errors: Partial<Record<keyof PayerForm, string>> = {};
  const fio = form.fio.trim().replace(/\s+/g, ' ');
  if (fio === '') errors.fio = 'Укажите фамилию, имя и отчество плательщика';
  else if (!FIO_PATTERN.test(fio)) errors.fio = 'Фамилия, имя и отчество — русскими буквами, через пробел';
  if (form.email.trim() === '') errors.email = 'Укажите e-mail: на него придёт квитанция';
  else if (validators.email(form.email.trim()) !== undefined) errors.email = 'Проверьте e-mail: в нём ошибка';
  return errors;
}

/**
 * Loads the quote of the fines (or the tax) the address names; the form starts with the payer this
 * browser, the server or the account knows (initialPayer), so a returning payer types nothing.
 */
export async function loadCheckout(search: string, now: () => number = Date.now): Promise<void> {
  const target = targetFromQuery(search);
  if (target === undefined) {
    $checkout.setKey('current', { state: 'error', message: 'Не выбраны штрафы или налог для оплаты. Вернитесь к списку и нажмите «Оплатить».', retry: false });
    return;
  }
  const auth = $credentials.get();
  if (auth === undefined) {
    $checkout.setKey('current', { state: 'error', message: 'Штрафы не найдены в этом браузере. Найдите их заново по документу — и оплатите.', retry: false });
    return;
  }
  $checkout.setKey('current', { state: 'loading' });
  try {
    const quote = await fetchPaymentQuote(auth, target);
    const account = $account.get();
    const form = initialPayer(auth.userId, quote.payer, { fio: account.name, email: account.email });
    $checkout.setKey('current', { state: 'ready', target, quote, form, errors: {}, submitting: false, method: 'card', unfinished: quote.unfinished ?? null, loadedAt: now() });
  } catch (error) {
    const gone = error instanceof ApiReplyError && [401, 404].includes(error.status);
    const goneText = target.kind === 'tax' ? 'Начисление с таким УИН не найдено: проверьте номер.' : 'Штраф не найден: найдите штрафы заново по документу.';
    $checkout.setKey('current', { state: 'error', message: gone ? goneText : userMessage(error), retry: !gone && !(error instanceof ApiReplyError && error.status === 409) });
  }
}

/** The commission and total of the chosen method: СБП has its own commission (issue 25). */
export function methodTotals(quote: PaymentQuote, method: 'card' | 'sbp'): { commission: number; total: number; rule: PaymentQuote['commissionRule'] } {
  if (method === 'sbp' && quote.sbp != null) return { commission: quote.sbp.commission, total: quote.sbp.total, rule: quote.sbp.commissionRule };
  return { commission: quote.commission, total: quote.total, rule: quote.commissionRule };
}

/** Chooses how to pay: by card or by СБП (when the service offers it). */
export function setPaymentMethod(method: 'card' | 'sbp'): void {
  const current = $checkout.get().current;
  if (current.state !== 'ready' || current.submitting || (method === 'sbp' && current.quote.sbp == null)) return;
  const { message: _previous, ...rest } = current;
  $checkout.setKey('current', { ...rest, method });
}

/** Changes a field of the form (and forgets its error). */
export function setPayerField(field: keyof PayerForm, value: string): void {
  const current = $checkout.get().current;
  if (current.state !== 'ready') return;
  const errors = { ...current.errors };
  delete errors[field];
  $checkout.setKey('current', { ...current, form: { ...current.form, [field]: value }, errors });
}

/**
 * Starts the payment at the total the page shows and sends the payer to the gateway; the payer's own
 * unfinished payment of these fines is cancelled by the server in the same step («Отменить и оплатить
 * заново»). When the amount changed meanwhile (a discount ended), the server refuses: the page shows
 * the new quote to confirm.
 */
export async function submitCheckout(): Promise<void> {
  const current = $checkout.get().current;
  const auth = $credentials.get();
  if (current.state !== 'ready' || current.submitting || auth === undefined) return;
  const errors = checkPayerForm(current.form);
  if (Object.keys(errors).length > 0) {
    $checkout.setKey('current', { ...current, errors });
    return;
  }
  const { message: _previous, ...rest } = current;
  $checkout.setKey('current', { ...rest, submitting: true });
  try {
    const created = await startPayment(auth, current.target, { email: current.form.email.trim(), fio: current.form.fio.trim(), total: methodTotals(current.quote, current.method).total, ...(current.method === 'sbp' ? { method: 'sbp' as const } : {}) });
    rememberPayer(auth.userId, current.form.fio, current.form.email);
    navigation.assign(created.redirectUrl);
  } catch (error) {
    let quote = current.quote;
    if (error instanceof ApiReplyError && error.status === 409 && /Сумма к оплате изменилась/.test(error.errorDesc)) {
      quote = await fetchPaymentQuote(auth, current.target).catch(() => current.quote);
    }
    $checkout.setKey('current', { ...rest, quote, submitting: false, message: userMessage(error) });
  }
}

/** «Продолжить оплату»: back to the gateway page of the unfinished payment (while its hold lasts). */
export function continueCheckout(): void {
  const current = $checkout.get().current;
  if (current.state !== 'ready' || current.unfinished?.continueUrl == null) return;
  navigation.assign(current.unfinished.continueUrl);
}
