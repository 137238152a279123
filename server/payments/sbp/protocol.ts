import { timingSafeEqual } from 'node:crypto';
import { monetaAmount } from '../gateways/moneta/protocol.ts';

// СБП through moneta (docs.moneta.ru/sbp/c2b-invoice-for-qr): the merchant issues an invoice over the
// MerchantAPI (JSON, the Envelope/Header/Security/Body form, user name and password of the account's
// API user), payer = the account's СБП unit; CUSTOMFIELD:QRTTL sets how many minutes the link pays. The
// InvoiceResponse names the operation and carries `qrpayload`, the СБП payment link
// (https://qr.nspk.ru/…), which a page shows as a QR code or opens in the bank's app. moneta then tells
// the merchant of the payment by the same Pay URL notification as a card payment (MNT_* fields, signed
// with the integrity code), so settling stays in one place; GetOperationDetailsByIdRequest answers an
// operation's state when no notification comes (declined, expired). The real adapter and our sandbox
// (routes/sbpSandbox.ts) both go through this module.

/** The account's MerchantAPI user (MONETA_API_URL, MONETA_API_USERNAME, MONETA_API_PASSWORD) and its СБП unit (MONETA_SBP_UNIT_ID). */
export type MerchantApi = { url: string; username: string; password: string; accountId: string; sbpUnitId: string };

/** The `fetch` the adapter calls: the network, or the app itself for our sandbox. */
export type MerchantFetch = (input: string, init: RequestInit) => Promise<Response>;

/** A refused or unreadable exchange with the MerchantAPI. */
export class MerchantApiError extends Error {}

/** An operation's state as the MerchantAPI names it. */
export type OperationStatus = 'CREATED' | 'INPROGRESS' | 'SUCCEED' | 'CANCELED';

/** A key–value attribute of an operation (operationInfo.attribute). */
type Attribute = { key: string; value: string };

/** What an invoice for СБП asks: our payment id as the client transaction, the amount, what is paid, how long the link pays, and where the bank's app returns the payer. */
export type SbpInvoice = { transactionId: string; amountKopecks: number; description: string; ttlMinutes: number; redirectUrl: string };

/** The invoice the gateway made: its operation and the payment link. */
export type SbpInvoiceReply = { operationId: string; payload: string };

/** The request envelope: the API user's credentials and one method's body. */
export function envelope(api: Pick<MerchantApi, 'username' | 'password'>, method: string, body: unknown): unknown {
  return { Envelope: { Header: { Security: { UsernameToken: { Username: api.username, Password: api.password } } }, Body: { [method]: body } } };
}

/** The InvoiceRequest body of an СБП invoice. */
export function invoiceRequest(api: MerchantApi, invoice: SbpInvoice): unknown {
  const attribute: Attribute[] = [
    { key: 'CUSTOMFIELD:QRTTL', value: String(invoice.ttlMinutes) },
    { key: 'redirectUrl', value: invoice.redirectUrl },
  ];
  return envelope(api, 'InvoiceRequest', {
    version: 'VERSION_2',
    payer: api.sbpUnitId,
    payee: api.accountId,
    amount: Number(monetaAmount(invoice.amountKopecks)),
    clientTransaction: invoice.transactionId,
    description: invoice.description,
    operationInfo: { attribute },
  });
}

/** A request as the MerchantAPI reads it: refused for wrong credentials, else its one method and that method's body. */
export function readEnvelope(value: unknown, api: Pick<MerchantApi, 'username' | 'password'>): { method: string; body: unknown } | 'unauthorized' | undefined {
  const root = (value as { Envelope?: { Header?: { Security?: { UsernameToken?: { Username?: unknown; Password?: unknown } } }; Body?: Record<string, unknown> } } | null)?.Envelope;
  const token = root?.Header?.Security?.UsernameToken;
  if (typeof token?.Username !== 'string' || typeof token.Password !== 'string') return 'unauthorized';
  if (!sameText(token.Username, api.username) || !sameText(token.Password, api.password)) return 'unauthorized';
  const methods = root?.Body === null || typeof root?.Body !== 'object' ? [] : Object.keys(root.Body);
  const method = methods[0];
  return methods.length === 1 && method !== undefined ? { method, body: root?.Body?.[method] } : undefined;
}

/** Equal texts, compared in constant time. */
function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The attributes of an operationInfo as a map. */
export function attributesOf(value: unknown): Map<string, string> {
  const list = (value as { attribute?: unknown } | null)?.attribute;
  const found = new Map<string, string>();
  if (!Array.isArray(list)) return found;
  for (const item of list as Partial<Attribute>[]) if (typeof item?.key === 'string' && typeof item.value === 'string') found.set(item.key, item.value);
  return found;
}

/** A reply's body of this method, or the MerchantAPI's fault text. */
function replyBody(value: unknown, method: string): Record<string, unknown> {
  const body = (value as { Envelope?: { Body?: Record<string, unknown> } } | null)?.Envelope?.Body;
  const fault = body?.['fault'] as { faultstring?: unknown } | undefined;
  if (fault !== undefined) throw new MerchantApiError(`MerchantAPI fault: ${String(fault.faultstring ?? '')}`.slice(0, 200));
  const reply = body?.[method];
  if (reply === null || typeof reply !== 'object') throw new MerchantApiError(`MerchantAPI ${method} is missing`);
  return reply as Record<string, unknown>;
}

/** Whether a text is an СБП payment link as NSPK issues them: https://qr.nspk.ru/{32 letters and digits}?… */
export function isSbpLink(text: string): boolean {
  return /^https:\/\/qr\.nspk\.ru\/[A-Z0-9]{32}(\?[A-Za-z0-9=&%._-]{0,300})?$/.test(text);
}

/** The link's QR id (its 32 characters after the host), or undefined for anything else. */
export function sbpLinkId(text: string): string | undefined {
  return isSbpLink(text) ? text.slice('https://qr.nspk.ru/'.length, 'https://qr.nspk.ru/'.length + 32) : undefined;
}

/** A well-formed InvoiceResponse, or a MerchantApiError. */
export function readInvoiceReply(value: unknown): SbpInvoiceReply {
  const reply = replyBody(value, 'InvoiceResponse');
  const operationId = typeof reply['transaction'] === 'number' || typeof reply['transaction'] === 'string' ? String(reply['transaction']) : '';
  const payload = attributesOf(reply['operationInfo']).get('qrpayload') ?? '';
  if (!/^[1-9]\d{0,19}$/.test(operationId) || !isSbpLink(payload)) throw new MerchantApiError('MerchantAPI InvoiceResponse is malformed');
  return { operationId, payload };
}

/** A well-formed GetOperationDetailsByIdResponse: the operation's status. */
export function readOperationStatus(value: unknown, operationId: string): OperationStatus {
  const operation = replyBody(value, 'GetOperationDetailsByIdResponse')['operation'] as { id?: unknown; attribute?: unknown } | undefined;
  const status = attributesOf(operation).get('statusid');
  if (String(operation?.id ?? '') !== operationId || !['CREATED', 'INPROGRESS', 'SUCCEED', 'CANCELED'].includes(status ?? '')) throw new MerchantApiError('MerchantAPI operation reply is malformed');
  return status as OperationStatus;
}

/** One MerchantAPI call: the JSON envelope posted, the parsed reply answered (or MerchantApiError). */
export async function merchantCall(api: MerchantApi, fetch: MerchantFetch, message: unknown): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(api.url, { method: 'POST', headers: { 'Content-Type': 'application/json;charset=UTF-8' }, body: JSON.stringify(message), signal: AbortSignal.timeout(15_000) });
  } catch (error) {
    throw new MerchantApiError(`MerchantAPI unreachable: ${(error as Error).message}`);
  }
  if (!response.ok) throw new MerchantApiError(`MerchantAPI answered ${response.status}`);
  try {
    return (await response.json()) as unknown;
  } catch {
    throw new MerchantApiError('MerchantAPI reply is not JSON');
  }
}

/** Issues the СБП invoice; answers its operation and payment link. */
export async function createSbpInvoice(api: MerchantApi, fetch: MerchantFetch, invoice: SbpInvoice): Promise<SbpInvoiceReply> {
  return readInvoiceReply(await merchantCall(api, fetch, invoiceRequest(api, invoice)));
}

/** Asks an operation's state. */
export async function operationStatus(api: MerchantApi, fetch: MerchantFetch, operationId: string): Promise<OperationStatus> {
  return readOperationStatus(await merchantCall(api, fetch, envelope(api, 'GetOperationDetailsByIdRequest', Number(operationId))), operationId);
}
