import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { InvoiceDocument } from '../../src/api/structs/invoice.ts';
import { OPERATOR } from '../../src/lib/operator.ts';
import type { Operator } from '../../src/lib/operator.ts';
import type { Database } from '../db/schema.ts';

/** What the invoice's line says it is for. */
const SERVICE_TITLE = 'Доступ к кабинету организации «Штрафы Онлайн»: проверка штрафов автопарка';

/** The invoice's number: the year and its row number ('2026-00012'). */
export const invoiceNumber = (id: number, createdAt: Date) => `${createdAt.getUTCFullYear()}-${String(id).padStart(5, '0')}`;

/**
 * Issues an invoice for an organization's subscription: `vehicles` × `months` × the tariff, kept with
 * a 128-bit link (the invoice is read by its link alone, to be sent to the company's accountant).
 */
export async function createInvoice(db: Kysely<Database>, organizationId: number, vehicles: number, months: number, priceKopecks: number, now: Date): Promise<string> {
  const hash = randomBytes(16).toString('base64url');
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('invoices')
      .values({ organization_id: organizationId, hash, number: '', vehicles, months, price_kopecks: priceKopecks, total_kopecks: vehicles * months * priceKopecks, created_at: now, paid_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.updateTable('invoices').set({ number: invoiceNumber(id, now) }).where('id', '=', id).execute();
    return hash;
  });
}

/** An invoice by its link, if its organization belongs to `ownerId`, with the buyer (its organization) and the seller (the operator's settings). */
export async function readInvoice(db: Kysely<Database>, hash: string, ownerId: number, seller: Operator = OPERATOR): Promise<InvoiceDocument | undefined> {
  const row = await db
    .selectFrom('invoices')
    .innerJoin('organizations', 'organizations.id', 'invoices.organization_id')
    .select(['invoices.number', 'invoices.hash', 'invoices.vehicles', 'invoices.months', 'invoices.price_kopecks', 'invoices.total_kopecks', 'invoices.created_at', 'invoices.paid_at'])
    .select(['organizations.name', 'organizations.inn', 'organizations.kpp', 'organizations.address'])
    .where('invoices.hash', '=', hash)
    .where('organizations.user_id', '=', ownerId)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  return {
    number: row.number,
    hash: row.hash,
    createdAt: new Date(row.created_at).toISOString(),
    paidAt: row.paid_at === null ? null : new Date(row.paid_at).toISOString(),
    seller: { name: seller.name, inn: seller.inn, kpp: seller.kpp || null, address: seller.address, bank: { ...seller.bank } },
    buyer: { name: row.name, inn: row.inn, kpp: row.kpp, address: row.address },
    item: { title: SERVICE_TITLE, vehicles: row.vehicles, months: row.months, priceKopecks: Number(row.price_kopecks) },
    totalKopecks: Number(row.total_kopecks),
    vat: seller.vat,
    test: seller.test,
  };
}
