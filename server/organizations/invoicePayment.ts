import { addMonths } from 'date-fns';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { recordAudit } from '../observability/audit.ts';

/** Where a payment of an invoice was learnt from. */
export type InvoicePaymentSource = 'admin' | 'statement' | 'sandbox';

/** What marking an invoice paid did. */
export type InvoicePaymentOutcome = { kind: 'paid'; invoiceId: number; organizationId: number; subscriptionEnd: Date } | { kind: 'alreadyPaid'; invoiceId: number; paidAt: Date };

/** Who marked it and from what: the operator's account, a statement's row, or nobody (the sandbox call). */
export type InvoicePaymentMark = { source: InvoicePaymentSource; actorId: number | null; statementId?: number | null; document?: string | null; requestId?: string | null };

/**
 * Settles an invoice once: paid_at is set only while it is null (a second mark, a replayed statement
 * or two operators at once change nothing), and its organization's subscription becomes paid and
 * runs for the months paid from the later of now and its current end. Every marking, a refused
 * second one included, leaves a line in the audit log.
 */
export async function markInvoicePaid(db: Kysely<Database>, invoiceId: number, mark: InvoicePaymentMark, now: Date): Promise<InvoicePaymentOutcome | undefined> {
  const outcome = await db.transaction().execute((trx) => settle(trx, invoiceId, mark, now));
  if (outcome !== undefined) {
    await recordAudit(
      db,
      { userId: mark.actorId, action: `invoice.paid.${mark.source}`, objectType: 'invoice', objectId: String(invoiceId), outcome: outcome.kind === 'paid' ? 'ok' : 'refused', requestId: mark.requestId ?? null },
      now,
    );
  }
  return outcome;
}

/** The transaction of markInvoicePaid: the invoice row is locked, so two marks queue and the second sees it paid. */
async function settle(trx: Transaction<Database>, invoiceId: number, mark: InvoicePaymentMark, now: Date): Promise<InvoicePaymentOutcome | undefined> {
  const invoice = await trx.selectFrom('invoices').select(['id', 'organization_id', 'months', 'paid_at']).where('id', '=', invoiceId).forUpdate().executeTakeFirst();
  if (invoice === undefined) return undefined;
  if (invoice.paid_at !== null) return { kind: 'alreadyPaid', invoiceId, paidAt: invoice.paid_at };
  const organization = await trx.selectFrom('organizations').select(['subscription_end']).where('id', '=', invoice.organization_id).forUpdate().executeTakeFirstOrThrow();
  const from = organization.subscription_end.getTime() > now.getTime() ? organization.subscription_end : now;
  const subscriptionEnd = addMonths(from, invoice.months);
  await trx.updateTable('invoices').set({ paid_at: now }).where('id', '=', invoiceId).execute();
  await trx.updateTable('organizations').set({ subscribe_type: 1, subscription_end: subscriptionEnd, updated_at: now }).where('id', '=', invoice.organization_id).execute();
  await trx
    .insertInto('invoice_payments')
    .values({ invoice_id: invoiceId, source: mark.source, marked_by: mark.actorId, statement_id: mark.statementId ?? null, document: mark.document ?? null, subscription_end: subscriptionEnd, created_at: now })
    .execute();
  return { kind: 'paid', invoiceId, organizationId: invoice.organization_id, subscriptionEnd };
}

/** An invoice's id by its link. */
export async function invoiceIdByHash(db: Kysely<Database>, hash: string): Promise<number | undefined> {
  return (await db.selectFrom('invoices').select('id').where('hash', '=', hash).executeTakeFirst())?.id;
}

/** One invoice as the operator's page lists it. */
export type AdminInvoiceRow = { id: number; number: string; organizationName: string; inn: string; vehicles: number; months: number; totalKopecks: number; createdAt: string; paidAt: string | null; source: InvoicePaymentSource | null };

/** The newest invoices (unpaid first), for the operator; `q` filters by number, ИНН or name. */
export async function listInvoicesForAdmin(db: Kysely<Database>, q: string, limit: number): Promise<AdminInvoiceRow[]> {
  let query = db
    .selectFrom('invoices as i')
    .innerJoin('organizations as o', 'o.id', 'i.organization_id')
    .leftJoin('invoice_payments as p', 'p.invoice_id', 'i.id')
    .select(['i.id', 'i.number', 'o.name', 'o.inn', 'i.vehicles', 'i.months', 'i.total_kopecks', 'i.created_at', 'i.paid_at', 'p.source']);
  const term = q.trim().toLowerCase();
  if (term !== '') {
    const like = `%${term.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) => eb.or([eb('i.number', 'like', like), eb('o.inn', 'like', like), eb(eb.fn('lower', ['o.name']), 'like', like)]));
  }
  const rows = await query.orderBy((eb) => eb.case().when('i.paid_at', 'is', null).then(0).else(1).end()).orderBy('i.id', 'desc').limit(limit).execute();
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    organizationName: row.name,
    inn: row.inn,
    vehicles: row.vehicles,
    months: row.months,
    totalKopecks: Number(row.total_kopecks),
    createdAt: row.created_at.toISOString(),
    paidAt: row.paid_at === null ? null : row.paid_at.toISOString(),
    source: row.source ?? null,
  }));
}
