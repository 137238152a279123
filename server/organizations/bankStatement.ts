import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { moscowToday } from '../../src/lib/isoDate.ts';
import { formatRub } from '../../src/lib/money.ts';
import type { Operator } from '../../src/lib/operator.ts';
import type { Database } from '../db/schema.ts';
import { ApiError } from '../http/apiError.ts';
import { markInvoicePaid } from './invoicePayment.ts';
import { ExchangeFormatError, readExchangeFile } from './paymentOrders/clientBankExchange.ts';

/** Most documents one statement may hold (a month of a busy account is far below it). */
export const STATEMENT_MAX_DOCUMENTS = 5_000;

/** What became of one document of a statement. */
export type StatementOutcome = 'paid' | 'alreadyPaid' | 'amountMismatch' | 'unknownNumber' | 'noNumber' | 'notIncoming';

/** One document of a statement, as the operator's page reports it. */
export type StatementRow = { document: string; payer: string; amountKopecks: number; invoiceNumber: string | null; outcome: StatementOutcome; reason: string };

/** What an import did. */
export type StatementImport = { duplicate: boolean; uploadedAt: string; documents: number; matched: number; rows: StatementRow[] };

/** An invoice number in a payment's purpose: the year and the row number, «2026-00012». */
const INVOICE_NUMBER = /(?<!\d)(\d{4}-\d{5,})(?!\d)/;

/** «5400.00», «5400,00», «5400» → kopecks; NaN for anything else. */
function kopecksOf(value: string | undefined): number {
  const match = /^(\d{1,13})(?:[.,](\d{1,2}))?$/.exec((value ?? '').trim());
  if (match === null) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/**
 * Reads a bank statement in 1CClientBankExchange and settles the invoices it pays: a document to the
 * operator's account whose purpose names an invoice number and whose amount is that invoice's total.
 * The same file a second time is recognised by its SHA-256 and changes nothing; a payment already
 * settled (by hand or by another statement) is reported, not counted twice.
 */
export async function importBankStatement(db: Kysely<Database>, bytes: Uint8Array, operator: Operator, actorId: number, now: Date, requestId?: string): Promise<StatementImport> {
  let file;
  try {
    file = readExchangeFile(bytes);
  } catch (error) {
    if (error instanceof ExchangeFormatError) throw new ApiError(422, error.message);
    throw error;
  }
  if (file.documents.length === 0) throw new ApiError(422, 'В выписке нет документов');
  if (file.documents.length > STATEMENT_MAX_DOCUMENTS) throw new ApiError(422, `В одной выписке — не больше ${STATEMENT_MAX_DOCUMENTS} документов`);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const inserted = await db
    .insertInto('bank_statements')
    .values({ sha256, uploaded_by: actorId, uploaded_at: now, documents: file.documents.length, matched: 0 })
    .onConflict((oc) => oc.column('sha256').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted === undefined) {
    const earlier = await db.selectFrom('bank_statements').select(['uploaded_at', 'documents', 'matched']).where('sha256', '=', sha256).executeTakeFirstOrThrow();
    return { duplicate: true, uploadedAt: earlier.uploaded_at.toISOString(), documents: earlier.documents, matched: earlier.matched, rows: [] };
  }
  const rows: StatementRow[] = [];
  for (const { fields } of file.documents) {
    const amountKopecks = kopecksOf(fields.get('Сумма'));
    const purpose = fields.get('НазначениеПлатежа') ?? '';
    const document = `№ ${fields.get('Номер') ?? '—'} от ${fields.get('Дата') ?? '—'}`;
    const payer = fields.get('Плательщик1') ?? fields.get('Плательщик') ?? '';
    const toOperator = fields.get('ПолучательСчет') === operator.bank.account || fields.get('ПолучательРасчСчет') === operator.bank.account;
    const number = INVOICE_NUMBER.exec(purpose)?.[1] ?? null;
    const row = (outcome: StatementOutcome, reason: string) => rows.push({ document, payer, amountKopecks: Number.isNaN(amountKopecks) ? 0 : amountKopecks, invoiceNumber: number, outcome, reason });
    if (!toOperator) {
      row('notIncoming', 'Платёж не на счёт оператора (списание или другой получатель)');
      continue;
    }
    if (number === null) {
      row('noNumber', 'В назначении платежа нет номера счёта вида 2026-00012');
      continue;
    }
    const invoice = await db.selectFrom('invoices').select(['id', 'total_kopecks']).where('number', '=', number).executeTakeFirst();
    if (invoice === undefined) {
      row('unknownNumber', `Счёта № ${number} нет`);
      continue;
    }
    if (amountKopecks !== Number(invoice.total_kopecks)) {
      row('amountMismatch', `Оплачено ${Number.isNaN(amountKopecks) ? 'неизвестно сколько' : formatRub(amountKopecks / 100)}, а счёт выставлен на ${formatRub(Number(invoice.total_kopecks) / 100)}`);
      continue;
    }
    const outcome = await markInvoicePaid(db, invoice.id, { source: 'statement', actorId, statementId: inserted.id, document, requestId: requestId ?? null }, now);
    if (outcome?.kind === 'paid') row('paid', `Счёт оплачен, подписка до ${moscowToday(outcome.subscriptionEnd.getTime()).split('-').reverse().join('.')}`);
    else row('alreadyPaid', 'Счёт уже был отмечен оплаченным — ничего не изменено');
  }
  const matched = rows.filter((r) => r.outcome === 'paid').length;
  await db.updateTable('bank_statements').set({ matched }).where('id', '=', inserted.id).execute();
  return { duplicate: false, uploadedAt: now.toISOString(), documents: file.documents.length, matched, rows };
}
