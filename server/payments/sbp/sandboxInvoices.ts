import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { SbpSandboxInvoicesTable } from '../../db/sbpPathTables.ts';

// The invoices our MerchantAPI sandbox holds for its «bank app» (105_sbp), in the database so every
// API process serves the same link.

/** An invoice as read. */
export type SandboxInvoice = Selectable<SbpSandboxInvoicesTable>;

/** A new invoice. */
export type NewSandboxInvoice = { qrId: string; operationId: string; transactionId: string; amountKopecks: number; description: string; redirectUrl: string; expiresAt: Date; now: Date };

/** Stores an invoice; false when one was issued for this transaction already (the MerchantAPI refuses a second). */
export async function insertSandboxInvoice(db: Kysely<Database>, invoice: NewSandboxInvoice): Promise<boolean> {
  const inserted = await db
    .insertInto('sbp_sandbox_invoices')
    .values({ qr_id: invoice.qrId, operation_id: invoice.operationId, transaction_id: invoice.transactionId, amount_kopecks: invoice.amountKopecks, description: invoice.description, redirect_url: invoice.redirectUrl, status: 'created', expires_at: invoice.expiresAt, created_at: invoice.now })
    .onConflict((oc) => oc.column('transaction_id').doNothing())
    .returning('qr_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The invoice of a QR id (only well-formed ids are looked up). */
export function sandboxInvoiceByQr(db: Kysely<Database>, qrId: string): Promise<SandboxInvoice | undefined> {
  return /^AD1[A-Z0-9]{29}$/.test(qrId) ? db.selectFrom('sbp_sandbox_invoices').selectAll().where('qr_id', '=', qrId).executeTakeFirst() : Promise.resolve(undefined);
}

/** The invoice of an operation. */
export function sandboxInvoiceByOperation(db: Kysely<Database>, operationId: string): Promise<SandboxInvoice | undefined> {
  return db.selectFrom('sbp_sandbox_invoices').selectAll().where('operation_id', '=', operationId).executeTakeFirst();
}

/** Decides an open invoice (paid, declined, expired), once: false when it was decided already or its time is over. */
export async function decideSandboxInvoice(db: Kysely<Database>, qrId: string, status: 'paid' | 'declined' | 'expired', now: Date): Promise<boolean> {
  const moved = await db.updateTable('sbp_sandbox_invoices').set({ status }).where('qr_id', '=', qrId).where('status', '=', 'created').where('expires_at', '>', now).returning('qr_id').executeTakeFirst();
  return moved !== undefined;
}
