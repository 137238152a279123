import type { Kysely } from 'kysely';
import type { BankAccount } from '../../../src/api/structs/paymentOrders.ts';
import type { AppDeps } from '../../appDeps.ts';
import type { Database, PayeeJson } from '../../db/schema.ts';
import { ApiError, notFound } from '../../http/apiError.ts';
import { allFleetFines } from '../fleetExport.ts';
import type { OrderFine } from './paymentOrderFile.ts';

/** The organization's bank account for its payment orders, if saved. */
export async function readBankAccount(db: Kysely<Database>, organizationId: number): Promise<BankAccount | undefined> {
  const row = await db.selectFrom('organization_bank_accounts').selectAll().where('organization_id', '=', organizationId).executeTakeFirst();
  return row === undefined ? undefined : { account: row.account, bik: row.bik, bankName: row.bank_name, correspondentAccount: row.correspondent_account };
}

/** Saves (or replaces) the organization's bank account; the orders' numbering goes on. */
export async function saveBankAccount(db: Kysely<Database>, organizationId: number, account: BankAccount, now: Date): Promise<void> {
  const values = { account: account.account, bik: account.bik, bank_name: account.bankName, correspondent_account: account.correspondentAccount, updated_at: now };
  await db
    .insertInto('organization_bank_accounts')
    .values({ organization_id: organizationId, ...values })
    .onConflict((oc) => oc.column('organization_id').doUpdateSet(values))
    .execute();
}

/** Reserves `count` order numbers; answers the first (numbers run 1…999 999 and wrap: реквизит 3 has six digits). */
export async function reserveOrderNumbers(db: Kysely<Database>, organizationId: number, count: number): Promise<number> {
  const row = await db
    .updateTable('organization_bank_accounts')
    .set((eb) => ({ next_number: eb('next_number', '+', count) }))
    .where('organization_id', '=', organizationId)
    .returning('next_number')
    .executeTakeFirstOrThrow();
  return row.next_number - count;
}

/** The n-th order's number within six digits. */
export const orderNumber = (n: number) => ((n - 1) % 999_999) + 1;

/** Which fines to write orders for: chosen ones, or every unpaid fine whose discount runs. */
export type OrderSelection = { kind: 'ids'; ids: readonly number[] } | { kind: 'discounted' };

/** Most orders one file carries. */
export const ORDERS_MAX = 5_000;

/**
 * The organization's unpaid fines to pay (what is due today, with the discount where it runs) and
 * their payees. A chosen id that is not an unpaid fine of this organization's fleet is a 404, as for
 * any object not the account's.
 */
export async function finesToOrder(deps: AppDeps, userId: number, organizationId: number, selection: OrderSelection): Promise<OrderFine[]> {
  const unpaid = await allFleetFines(deps, userId, { organization: organizationId, paid: 0, discount: selection.kind === 'discounted' });
  let chosen = unpaid;
  if (selection.kind === 'ids') {
    const wanted = new Set(selection.ids);
    chosen = unpaid.filter((fine) => wanted.has(fine.id));
    if (chosen.length !== wanted.size) throw notFound();
  }
  if (chosen.length === 0) throw new ApiError(422, selection.kind === 'discounted' ? 'Неоплаченных штрафов со скидкой нет' : 'Выберите штрафы');
  if (chosen.length > ORDERS_MAX) throw new ApiError(422, `В одном файле — не больше ${ORDERS_MAX} платёжек`);
  const rows = await deps.db.selectFrom('fines').select(['id', 'payee', 'plate_number', 'plate_region']).where('id', 'in', chosen.map((f) => f.id)).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const missing: string[] = [];
  const fines: OrderFine[] = [];
  for (const fine of chosen) {
    const row = byId.get(fine.id);
    const payee = (typeof row?.payee === 'string' ? JSON.parse(row.payee) : row?.payee) as PayeeJson | undefined;
    if (row === undefined || payee === undefined || payee.correspondentAccount === undefined || payee.correspondentAccount === '') {
      missing.push(fine.uin);
      continue;
    }
    fines.push({ fineId: fine.id, uin: fine.uin, rulingDate: fine.rulingDate, article: fine.article, plate: `${row.plate_number} ${row.plate_region}`, amountKopecks: fine.amountToPayKopecks, payee: { ...payee, correspondentAccount: payee.correspondentAccount } });
  }
  if (missing.length > 0) throw new ApiError(422, `В постановлениях ${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ' и других' : ''} нет единого казначейского счёта получателя: обновите список штрафов и попробуйте снова`);
  return fines;
}

/** Marks the fines as put into payment orders now (a later export moves the date). */
export async function markExported(db: Kysely<Database>, organizationId: number, orders: readonly { fineId: number; number: number }[], now: Date): Promise<void> {
  for (let start = 0; start < orders.length; start += 500) {
    const values = orders.slice(start, start + 500).map((o) => ({ organization_id: organizationId, fine_id: o.fineId, order_number: o.number, exported_at: now }));
    await db
      .insertInto('fine_payment_exports')
      .values(values)
      .onConflict((oc) => oc.columns(['organization_id', 'fine_id']).doUpdateSet((eb) => ({ exported_at: eb.ref('excluded.exported_at'), order_number: eb.ref('excluded.order_number') })))
      .execute();
  }
}

/** When each of the fines last went into an exported order (only fines that were). */
export async function exportMarks(db: Kysely<Database>, organizationId: number, fineIds: readonly number[]): Promise<Map<number, Date>> {
  if (fineIds.length === 0) return new Map();
  const rows = await db.selectFrom('fine_payment_exports').select(['fine_id', 'exported_at']).where('organization_id', '=', organizationId).where('fine_id', 'in', fineIds).execute();
  return new Map(rows.map((row) => [row.fine_id, row.exported_at]));
}
