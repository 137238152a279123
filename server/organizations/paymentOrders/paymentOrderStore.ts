import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { BankAccount } from '../../../src/api/structs/paymentOrders.ts';
import type { AppDeps } from '../../appDeps.ts';
import type { Database, PayeeJson } from '../../db/schema.ts';
import { ApiError, notFound } from '../../http/apiError.ts';
import { todayOf } from '../../fines/fineStore.ts';
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
 * The organization's unpaid fines to pay (what is due today: the discounted amount while the
 * discount runs, as the cabinet's list counts it) and their payees. A chosen id that is not an unpaid
 * fine of this organization's fleet (its vehicles' or drivers' documents) is a 404, as for any object
 * not the account's. One query, so a thousand chosen fines cost one round trip.
 */
export async function finesToOrder(deps: AppDeps, organizationId: number, selection: OrderSelection): Promise<OrderFine[]> {
  const today = todayOf(deps);
  const ids = selection.kind === 'ids' ? [...new Set(selection.ids)] : [];
  const rows = await sql<{ id: number; uin: string; article: string; plate_number: string; plate_region: string; payee: PayeeJson | string; eff: string | Date; active: boolean; discount_kopecks: string; full_kopecks: string }>`
    select f.id, f.uin, f.article, f.plate_number, f.plate_region, f.payee, e.eff, f.discount_kopecks, f.full_kopecks,
      (f.discount_days > 0 and ${today}::date <= e.eff + f.discount_days) as active
    from fines f
    cross join lateral (select case when f.days_ago is null then f.ruling_date::date else ${today}::date - f.days_ago end as eff) e
    where not f.paid
      and f.subject_key in (
        select subject_key from fleet_vehicles where organization_id = ${organizationId}
        union select subject_key from fleet_drivers where organization_id = ${organizationId})
      ${selection.kind === 'ids' ? sql`and f.id in (${sql.join(ids.length > 0 ? ids : [0])})` : sql``}
    order by e.eff desc, f.id desc`.execute(deps.db);
  const found = selection.kind === 'discounted' ? rows.rows.filter((row) => row.active) : rows.rows;
  if (selection.kind === 'ids' && found.length !== ids.length) throw notFound();
  if (found.length === 0) throw new ApiError(422, selection.kind === 'discounted' ? 'Неоплаченных штрафов со скидкой нет' : 'Выберите штрафы');
  if (found.length > ORDERS_MAX) throw new ApiError(422, `В одном файле — не больше ${ORDERS_MAX} платёжек`);
  // The chosen order, as the accountant ticked them; «all with a discount» newest first, as the list.
  const position = new Map(ids.map((id, index) => [id, index]));
  if (selection.kind === 'ids') found.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
  const missing: string[] = [];
  const fines: OrderFine[] = [];
  for (const row of found) {
    const payee = (typeof row.payee === 'string' ? JSON.parse(row.payee) : row.payee) as PayeeJson;
    if (payee.correspondentAccount === undefined || payee.correspondentAccount === '') {
      missing.push(row.uin);
      continue;
    }
    const rulingDate = typeof row.eff === 'string' ? row.eff.slice(0, 10) : new Date(row.eff.getTime() - row.eff.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
    fines.push({
      fineId: row.id,
      uin: row.uin,
      rulingDate,
      article: row.article,
      plate: `${row.plate_number} ${row.plate_region}`,
      amountKopecks: Number(row.active ? row.discount_kopecks : row.full_kopecks),
      payee: { ...payee, correspondentAccount: payee.correspondentAccount },
    });
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
