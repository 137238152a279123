import { createHash, timingSafeEqual } from 'node:crypto';

// The MONETA.Assistant protocol (docs.moneta.ru/assistant/v1): the payment request the payer is sent
// to, the Pay URL notification moneta sends when the money has come, and the signed answer to it.
// The real gateway and our sandbox both speak it through this module.

/** A merchant account at moneta: its number and the integrity code shared with moneta only. */
export type MonetaAccount = { accountId: string; integrityCode: string; testMode: boolean };

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/** Kopecks as moneta writes amounts: '1234.50'. */
export function monetaAmount(kopecks: number): string {
  return `${Math.floor(kopecks / 100)}.${String(kopecks % 100).padStart(2, '0')}`;
}

/** A payment request's fields. */
export type MonetaRequest = { transactionId: string; amountKopecks: number; description: string; successUrl: string; failUrl: string; inProgressUrl: string; returnUrl: string };

/** The request's signature: md5(MNT_ID + MNT_TRANSACTION_ID + MNT_AMOUNT + MNT_CURRENCY_CODE + MNT_SUBSCRIBER_ID + MNT_TEST_MODE + code). */
export function requestSignature(account: MonetaAccount, transactionId: string, amount: string, subscriberId = ''): string {
  return md5(`${account.accountId}${transactionId}${amount}RUB${subscriberId}${account.testMode ? '1' : '0'}${account.integrityCode}`);
}

/** The address the payer is sent to: the Assistant URL with the signed request in its query. */
export function paymentRedirectUrl(assistantUrl: string, account: MonetaAccount, request: MonetaRequest): string {
  const amount = monetaAmount(request.amountKopecks);
  const url = new URL(assistantUrl);
  const params: Record<string, string> = {
    MNT_ID: account.accountId,
    MNT_TRANSACTION_ID: request.transactionId,
    MNT_AMOUNT: amount,
    MNT_CURRENCY_CODE: 'RUB',
    MNT_TEST_MODE: account.testMode ? '1' : '0',
    MNT_DESCRIPTION: request.description,
    MNT_SUCCESS_URL: request.successUrl,
    MNT_FAIL_URL: request.failUrl,
    MNT_INPROGRESS_URL: request.inProgressUrl,
    MNT_RETURN_URL: request.returnUrl,
    MNT_SIGNATURE: requestSignature(account, request.transactionId, amount),
  };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

/** A Pay URL notification's fields (names as moneta sends them). */
export type MonetaNotification = {
  MNT_ID: string;
  MNT_TRANSACTION_ID: string;
  MNT_OPERATION_ID: string;
  MNT_AMOUNT: string;
  MNT_CURRENCY_CODE: string;
  MNT_SUBSCRIBER_ID?: string | undefined;
  MNT_TEST_MODE: string;
  MNT_SIGNATURE: string;
};

/** A notification's signature: md5(MNT_ID + MNT_TRANSACTION_ID + MNT_OPERATION_ID + MNT_AMOUNT + MNT_CURRENCY_CODE + MNT_SUBSCRIBER_ID + MNT_TEST_MODE + code). */
export function notificationSignature(n: Omit<MonetaNotification, 'MNT_SIGNATURE'>, integrityCode: string): string {
  return md5(`${n.MNT_ID}${n.MNT_TRANSACTION_ID}${n.MNT_OPERATION_ID}${n.MNT_AMOUNT}${n.MNT_CURRENCY_CODE}${n.MNT_SUBSCRIBER_ID ?? ''}${n.MNT_TEST_MODE}${integrityCode}`);
}

/** A notification signed as moneta signs it (the sandbox sends these). */
export function signedNotification(account: MonetaAccount, transactionId: string, operationId: string, amountKopecks: number): MonetaNotification {
  const fields = { MNT_ID: account.accountId, MNT_TRANSACTION_ID: transactionId, MNT_OPERATION_ID: operationId, MNT_AMOUNT: monetaAmount(amountKopecks), MNT_CURRENCY_CODE: 'RUB', MNT_SUBSCRIBER_ID: '', MNT_TEST_MODE: account.testMode ? '1' : '0' };
  return { ...fields, MNT_SIGNATURE: notificationSignature(fields, account.integrityCode) };
}

/** The fields of a notification as received, or undefined when one is missing or not text. */
export function readNotification(input: Record<string, unknown>): MonetaNotification | undefined {
  const field = (name: string) => (typeof input[name] === 'string' ? (input[name] as string) : undefined);
  const required = ['MNT_ID', 'MNT_TRANSACTION_ID', 'MNT_OPERATION_ID', 'MNT_AMOUNT', 'MNT_CURRENCY_CODE', 'MNT_TEST_MODE', 'MNT_SIGNATURE'] as const;
  const values: Record<string, string> = {};
  for (const name of required) {
    const value = field(name);
    if (value === undefined || value.length > 200) return undefined;
    values[name] = value;
  }
  return { ...(values as Omit<MonetaNotification, 'MNT_SUBSCRIBER_ID'>), MNT_SUBSCRIBER_ID: field('MNT_SUBSCRIBER_ID') ?? '' };
}

/** Why a received notification is not one moneta sent for our account: its fields, or its signature. */
export type NotificationProblem = 'unexpected-fields' | 'bad-signature';

/**
 * Checks a notification before anything is read from the database: it names our account, roubles, no
 * subscriber (we never send one), our test mode, an amount as moneta writes it and a numeric operation
 * id; then its signature, compared in constant time. The operation id is what tells a notification's
 * signature from a request's: with it empty the two signed strings are the same, and the payer sees the
 * request's signature in the address they are sent to.
 */
export function notificationProblem(n: MonetaNotification, account: MonetaAccount): NotificationProblem | undefined {
  const expected =
    n.MNT_ID === account.accountId &&
    /^[1-9]\d{0,19}$/.test(n.MNT_OPERATION_ID) &&
    n.MNT_CURRENCY_CODE === 'RUB' &&
    (n.MNT_SUBSCRIBER_ID ?? '') === '' &&
    n.MNT_TEST_MODE === (account.testMode ? '1' : '0') &&
    /^\d{1,9}\.\d{2}$/.test(n.MNT_AMOUNT);
  if (!expected) return 'unexpected-fields';
  if (!/^[0-9a-f]{32}$/i.test(n.MNT_SIGNATURE)) return 'bad-signature';
  const signature = Buffer.from(notificationSignature(n, account.integrityCode), 'hex');
  return timingSafeEqual(signature, Buffer.from(n.MNT_SIGNATURE.toLowerCase(), 'hex')) ? undefined : 'bad-signature';
}

/** Whether the notification is one moneta sent for our account (notificationProblem finds nothing). */
export function isAuthentic(n: MonetaNotification, account: MonetaAccount): boolean {
  return notificationProblem(n, account) === undefined;
}

/** The XML answer to a notification: 200 accepted, 500 not (moneta repeats it); signed md5(code + MNT_ID + MNT_TRANSACTION_ID + integrity code). */
export function notificationAnswer(account: MonetaAccount, transactionId: string, accepted: boolean): string {
  const code = accepted ? '200' : '500';
  const signature = md5(`${code}${account.accountId}${transactionId}${account.integrityCode}`);
  const safe = transactionId.replace(/[^A-Za-z0-9_-]/g, '');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<MNT_RESPONSE>\n<MNT_ID>${account.accountId}</MNT_ID>\n<MNT_TRANSACTION_ID>${safe}</MNT_TRANSACTION_ID>\n<MNT_RESULT_CODE>${code}</MNT_RESULT_CODE>\n<MNT_SIGNATURE>${signature}</MNT_SIGNATURE>\n</MNT_RESPONSE>\n`;
}
