import { randomBytes, randomInt } from 'node:crypto';
import { Hono } from 'hono';
import type { AppDeps } from '../appDeps.ts';
import type { AppEnv } from '../http/appEnv.ts';
import { signedNotification } from '../payments/gateways/moneta/protocol.ts';
import { handleMonetaNotification } from '../payments/monetaNotifications.ts';
import { recordPaymentEvent } from '../payments/paymentStore.ts';
import { attributesOf, readEnvelope } from '../payments/sbp/protocol.ts';
import { sandboxBankPage } from '../payments/sbp/sandboxBankPage.ts';
import { decideSandboxInvoice, insertSandboxInvoice, sandboxInvoiceByOperation, sandboxInvoiceByQr } from '../payments/sbp/sandboxInvoices.ts';
import type { SbpSettings } from '../payments/sbp/sbpSettings.ts';
import { SBP_BANKS } from '../../src/lib/sbpBanks.ts';

const QR_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A dynamic QR's id as NSPK writes them: 'AD1' and 29 letters and digits. */
function newQrId(): string {
  const bytes = randomBytes(29);
  return `AD1${[...bytes].map((byte) => QR_ALPHABET[byte % QR_ALPHABET.length]).join('')}`;
}

/** CRC-16/CCITT-FALSE of a text, 4 hex digits (the `crc` of an СБП link). */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

const json = (value: unknown, status: 200 | 400 | 401 = 200) => new Response(JSON.stringify(value), { status, headers: { 'Content-Type': 'application/json;charset=UTF-8', 'Cache-Control': 'no-store' } });
const fault = (text: string, status: 400 | 401 = 400) => json({ Envelope: { Body: { fault: { faultcode: 'Client', faultstring: text } } } }, status);
const html = (body: string, status: 200 | 404 = 200) => new Response(body, { status, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } });

/**
 * Our stand-in for moneta's MerchantAPI for СБП (used when no real API user is set) and for the
 * payer's bank: InvoiceRequest issues a dynamic QR link, GetOperationDetailsByIdRequest answers its
 * state, and /bank/{qrId} is the «bank app» the link opens, where the payer pays (moneta's signed Pay
 * URL notification goes to the same handler the real one reaches), declines, or lets the time run out.
 */
export function sbpSandboxRoutes(deps: AppDeps, sbp: SbpSettings): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const { account } = deps.payments.moneta;

  routes.post('/merchant-api', async (c) => {
    const text = (await c.req.text().catch(() => '')).slice(0, 20_000);
    let message: unknown;
    try {
      message = JSON.parse(text) as unknown;
    } catch {
      return fault('Запрос не JSON');
    }
    const request = readEnvelope(message, sbp.api);
    if (request === 'unauthorized') return fault('Неверный логин или пароль', 401);
    if (request?.method === 'InvoiceRequest' && request.body !== null && typeof request.body === 'object') return json(await issue(request.body as Record<string, unknown>));
    if (request?.method !== 'GetOperationDetailsByIdRequest') return fault('Неизвестный метод');
    const operationId = request.body;
    if ((typeof operationId !== 'number' && typeof operationId !== 'string') || !/^\d{1,20}$/.test(String(operationId))) return fault('Неверный номер операции');
    const row = await sandboxInvoiceByOperation(deps.db, String(operationId));
    if (row === undefined) return fault('Операция не найдена');
    const expired = row.status === 'created' && row.expires_at.getTime() <= deps.clock().getTime();
    const status = row.status === 'paid' ? 'SUCCEED' : row.status === 'created' && !expired ? 'CREATED' : 'CANCELED';
    return json({ Envelope: { Body: { GetOperationDetailsByIdResponse: { operation: { id: Number(row.operation_id), attribute: [{ key: 'statusid', value: status }] } } } } });
  });

  /** An InvoiceRequest for our account and unit, returning the payer to our site: a fresh dynamic QR link. */
  const issue = async (body: Record<string, unknown>) => {
    const attributes = attributesOf(body['operationInfo']);
    const transactionId = String(body['clientTransaction'] ?? '');
    const amount = body['amount'];
    const ttl = Number(attributes.get('CUSTOMFIELD:QRTTL') ?? '4320');
    const redirectUrl = attributes.get('redirectUrl') ?? '';
    const description = typeof body['description'] === 'string' ? body['description'].slice(0, 500) : '';
    if (body['payee'] !== account.accountId || body['payer'] !== sbp.api.sbpUnitId || !/^[0-9a-f]{32}$/.test(transactionId)) return { Envelope: { Body: { fault: { faultcode: 'Client', faultstring: 'Неверные реквизиты счёта' } } } };
    if (typeof amount !== 'number' || !(amount > 0) || amount > 1_000_000 || !Number.isInteger(ttl) || ttl < 1 || ttl > 129_600 || !redirectUrl.startsWith(`${deps.siteUrl}/prepayment/`)) {
      return { Envelope: { Body: { fault: { faultcode: 'Client', faultstring: 'Неверные поля счёта' } } } };
    }
    const now = deps.clock();
    const amountKopecks = Math.round(amount * 100);
    const qrId = newQrId();
    const operationId = String(randomInt(100_000_000, 999_999_999));
    const inserted = await insertSandboxInvoice(deps.db, { qrId, operationId, transactionId, amountKopecks, description, redirectUrl, expiresAt: new Date(now.getTime() + ttl * 60_000), now });
    if (!inserted) return { Envelope: { Body: { fault: { faultcode: 'Client', faultstring: 'Счёт с таким номером уже выставлен' } } } };
    const link = `https://qr.nspk.ru/${qrId}?type=02&bank=100000000000&sum=${amountKopecks}&cur=RUB`;
    const payload = `${link}&crc=${crc16(link)}`;
    return { Envelope: { Body: { InvoiceResponse: { status: 'CREATED', dateTime: now.toISOString(), transaction: Number(operationId), clientTransaction: transactionId, operationInfo: { attribute: [{ key: 'qrpayload', value: payload }, { key: 'qrlink', value: `${sbp.api.url.replace(/\/merchant-api$/, '')}/bank/${qrId}` }] } } } } };
  };

  const invoiceOf = (qrId: string) => sandboxInvoiceByQr(deps.db, qrId);
  const bankName = (id: string | undefined) => SBP_BANKS.find((bank) => bank.id === id)?.name ?? 'Тестовый банк';
  const spent = (status: string) => (status === 'paid' ? 'Этот счёт уже оплачен.' : 'Время на оплату по этой ссылке истекло или банк её отклонил: вернитесь на сайт и начните оплату заново.');

  routes.get('/bank/:qrId', async (c) => {
    const invoice = await invoiceOf(c.req.param('qrId'));
    if (invoice === undefined) return html('<!doctype html><html lang="ru"><meta charset="utf-8"><title>Ссылка не найдена</title><h1>Ссылка СБП не найдена</h1></html>', 404);
    const bank = c.req.query('bank');
    const open = invoice.status === 'created' && invoice.expires_at.getTime() > deps.clock().getTime();
    return html(sandboxBankPage({ amountKopecks: Number(invoice.amount_kopecks), description: invoice.description, bankName: bankName(bank), action: `${invoice.qr_id}${bank === undefined ? '' : `?bank=${encodeURIComponent(bank)}`}`, ...(open ? {} : { note: spent(invoice.status) }) }));
  });

  routes.post('/bank/:qrId', async (c) => {
    const invoice = await invoiceOf(c.req.param('qrId'));
    if (invoice === undefined) return html('<!doctype html><html lang="ru"><meta charset="utf-8"><title>Ссылка не найдена</title><h1>Ссылка СБП не найдена</h1></html>', 404);
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const outcome = form['outcome'];
    const now = deps.clock();
    const status = outcome === 'pay' ? 'paid' : outcome === 'decline' ? 'declined' : outcome === 'timeout' ? 'expired' : undefined;
    if (status === undefined) return c.redirect(`${invoice.qr_id}`, 303);
    // Once: only a link still open changes (two taps, or two devices, decide it once).
    if (!(await decideSandboxInvoice(deps.db, invoice.qr_id, status, now))) return html(sandboxBankPage({ amountKopecks: Number(invoice.amount_kopecks), description: invoice.description, bankName: bankName(c.req.query('bank')), action: invoice.qr_id, note: spent(invoice.status === 'created' ? 'expired' : invoice.status) }));
    if (status === 'paid') {
      await handleMonetaNotification(deps, signedNotification(account, invoice.transaction_id, invoice.operation_id, Number(invoice.amount_kopecks)));
    } else {
      await recordPaymentEvent(deps.db, invoice.transaction_id, 'sandbox.sbp', status, now);
    }
    // The bank's app returns the payer to the redirectUrl of the invoice: our wait page.
    return c.redirect(invoice.redirect_url, 303);
  });

  return routes;
}
