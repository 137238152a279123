import { monetaAmount, notificationSignature, requestSignature } from '../../gateways/moneta/protocol.ts';
import type { MonetaAccount, MonetaNotification } from '../../gateways/moneta/protocol.ts';

// moneta's card binding and recurring charges (docs.moneta.ru: «Сохранение карты», «Рекуррентные
// платежи», «Холдирование»), as the real adapter and our sandbox both speak them:
// - binding: the payer opens the Assistant payment form with MNT_SUBSCRIBER_ID (our binding id) and
//   AUTHORIZEONLY=1 for a 1 ₽ hold; moneta sends the usual Pay URL notification, whose signature covers
//   MNT_SUBSCRIBER_ID. The token is not taken from the notification: the merchant reads the operation
//   over the MerchantAPI (GetOperationDetailsByIdRequest: attributes paymenttoken, cardnumber,
//   cardexpiration) and cancels the hold (CancelTransactionRequest), so no money is taken for binding;
// - a charge: MerchantAPI PaymentRequest with the operation attribute PAYMENTTOKEN and our payment id as
//   clientTransaction (moneta refuses a second operation with the same clientTransaction);
// - removal: MerchantAPI DeletePaymentTokenRequest (see README: confirm the method with moneta's manager).
// MerchantAPI is JSON over HTTPS: {Envelope: {Header: {Security: {UsernameToken: {Username, Password}}}, Body: {XxxRequest: …}}}.

/** The MerchantAPI's address and the merchant's API user (MONETA_API_URL, MONETA_API_USERNAME, MONETA_API_PASSWORD). */
export type MonetaMerchantApi = { url: string; username: string; password: string };

/** The amount a binding holds (and releases at once): 1 ₽. */
export const BINDING_HOLD_KOPECKS = 100;

/** The Assistant address the payer binds a card at. */
export function bindingRedirectUrl(assistantUrl: string, account: MonetaAccount, input: { bindingId: string; returnUrl: string; failUrl: string }): string {
  const amount = monetaAmount(BINDING_HOLD_KOPECKS);
  const url = new URL(assistantUrl);
  const params: Record<string, string> = {
    MNT_ID: account.accountId,
    MNT_TRANSACTION_ID: input.bindingId,
    MNT_AMOUNT: amount,
    MNT_CURRENCY_CODE: 'RUB',
    MNT_SUBSCRIBER_ID: input.bindingId,
    MNT_TEST_MODE: account.testMode ? '1' : '0',
    MNT_DESCRIPTION: 'Привязка карты для автооплаты штрафов (1 ₽ блокируется и сразу возвращается)',
    MNT_SUCCESS_URL: input.returnUrl,
    MNT_FAIL_URL: input.failUrl,
    MNT_INPROGRESS_URL: input.returnUrl,
    MNT_RETURN_URL: input.failUrl,
    AUTHORIZEONLY: '1',
    paymentToken: 'request',
    MNT_SIGNATURE: requestSignature(account, input.bindingId, amount, input.bindingId),
  };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

/** A binding's notification signed as moneta signs it (the sandbox sends these). */
export function signedBindingNotification(account: MonetaAccount, bindingId: string, operationId: string): MonetaNotification {
  const fields = { MNT_ID: account.accountId, MNT_TRANSACTION_ID: bindingId, MNT_OPERATION_ID: operationId, MNT_AMOUNT: monetaAmount(BINDING_HOLD_KOPECKS), MNT_CURRENCY_CODE: 'RUB', MNT_SUBSCRIBER_ID: bindingId, MNT_TEST_MODE: account.testMode ? '1' : '0' };
  return { ...fields, MNT_SIGNATURE: notificationSignature(fields, account.integrityCode) };
}

/** Whether a notification is about a binding (it names a subscriber; payments never do). */
export function isBindingNotification(input: Record<string, unknown>): boolean {
  return typeof input['MNT_SUBSCRIBER_ID'] === 'string' && input['MNT_SUBSCRIBER_ID'] !== '';
}

/** A refused or unreadable MerchantAPI exchange. */
export class MonetaApiError extends Error {}

/** The `fetch` the adapter calls: the network, or this app itself for our sandbox. */
export type MonetaFetch = (input: string, init: RequestInit) => Promise<Response>;

/** The envelope of a MerchantAPI request. */
export function merchantEnvelope(api: Pick<MonetaMerchantApi, 'username' | 'password'>, body: Record<string, unknown>) {
  return { Envelope: { Header: { Security: { UsernameToken: { Username: api.username, Password: api.password } } }, Body: body } };
}

/** Sends one MerchantAPI request; answers the body's `{name}Response`, or throws MonetaApiError (a fault, a refusal, an unreadable reply). */
async function call(api: MonetaMerchantApi, fetch: MonetaFetch, name: string, request: Record<string, unknown>): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(api.url, { method: 'POST', headers: { 'Content-Type': 'application/json;charset=UTF-8' }, body: JSON.stringify(merchantEnvelope(api, { [`${name}Request`]: request })), signal: AbortSignal.timeout(20_000) });
  } catch (error) {
    throw new MonetaApiError(`moneta unreachable: ${(error as Error).message}`);
  }
  let parsed: { Envelope?: { Body?: Record<string, unknown> } };
  try {
    parsed = (await response.json()) as typeof parsed;
  } catch {
    throw new MonetaApiError(`moneta answered ${response.status}, not JSON`);
  }
  const body = parsed.Envelope?.Body;
  const fault = body?.['fault'] as { faultstring?: unknown } | undefined;
  if (fault !== undefined) throw new MonetaApiError(`moneta fault: ${String(fault.faultstring ?? '').slice(0, 200)}`);
  const reply = body?.[`${name}Response`];
  if (reply === null || typeof reply !== 'object') throw new MonetaApiError(`moneta ${name}: no response`);
  return reply as Record<string, unknown>;
}

/** A MerchantAPI fault (the sandbox answers these for a bad login or request). */
export function merchantFault(message: string): { Envelope: { Body: { fault: { faultcode: string; faultstring: string } } } } {
  return { Envelope: { Body: { fault: { faultcode: 'Client', faultstring: message } } } };
}

/** An operation's attributes as MerchantAPI lists them: [{key, value}]. */
export type OperationAttribute = { key: string; value: string };

/** What binding gave: the token, the masked card and its expiry. */
export type BoundCard = { token: string; mask: string; expiry: string };

/** Reads the binding operation (GetOperationDetailsByIdRequest) and its card token; undefined when it has none. */
export async function bindingOperation(api: MonetaMerchantApi, fetch: MonetaFetch, operationId: string): Promise<BoundCard | undefined> {
  const reply = await call(api, fetch, 'GetOperationDetailsById', { value: operationId });
  const attributes = ((reply['operation'] as { attribute?: unknown } | undefined)?.attribute ?? []) as OperationAttribute[];
  const value = (key: string) => (Array.isArray(attributes) ? attributes.find((a) => a?.key === key)?.value : undefined);
  const token = value('paymenttoken');
  const mask = value('cardnumber');
  const expiry = value('cardexpiration');
  if (typeof token !== 'string' || !/^[\w-]{8,128}$/.test(token) || typeof mask !== 'string' || typeof expiry !== 'string' || !/^\d{2}\/\d{2}$/.test(expiry)) return undefined;
  return { token, mask: mask.slice(0, 19), expiry };
}

/** Releases the binding's hold (CancelTransactionRequest). */
export async function cancelHold(api: MonetaMerchantApi, fetch: MonetaFetch, operationId: string): Promise<void> {
  await call(api, fetch, 'CancelTransaction', { transactionId: operationId });
}

/** How a token charge ended: paid (with moneta's operation), or declined by the bank. */
export type TokenChargeResult = { kind: 'paid'; operationId: string } | { kind: 'declined'; reason: string };

/** Charges the token (PaymentRequest with PAYMENTTOKEN); `clientTransaction` makes a repeat the same operation. */
export async function chargeToken(api: MonetaMerchantApi, fetch: MonetaFetch, account: MonetaAccount, input: { token: string; clientTransaction: string; amountKopecks: number; description: string }): Promise<TokenChargeResult> {
  const reply = await call(api, fetch, 'Payment', {
    payee: account.accountId,
    amount: monetaAmount(input.amountKopecks),
    clientTransaction: input.clientTransaction,
    description: input.description,
    operationInfo: { attribute: [{ key: 'PAYMENTTOKEN', value: input.token }] },
  });
  const status = reply['status'];
  const operation = String(reply['transaction'] ?? '');
  if (status === 'SUCCEED' && /^\d{1,20}$/.test(operation)) return { kind: 'paid', operationId: operation };
  if (status === 'CANCELED') return { kind: 'declined', reason: String(reply['description'] ?? 'Банк отклонил списание').slice(0, 200) };
  throw new MonetaApiError(`moneta Payment: unexpected status ${String(status).slice(0, 40)}`);
}

/** Removes the token at moneta. */
export async function deleteToken(api: MonetaMerchantApi, fetch: MonetaFetch, token: string): Promise<void> {
  await call(api, fetch, 'DeletePaymentToken', { paymentToken: token });
}

/** Kopecks of an amount as moneta writes it ('1234.50'), or undefined when it is not one. */
export function monetaAmountKopecks(amount: string): number | undefined {
  const match = /^(\d{1,9})\.(\d{2})$/.exec(amount);
  return match === null ? undefined : Number(match[1]) * 100 + Number(match[2]);
}
