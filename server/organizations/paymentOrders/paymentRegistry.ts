import type { Kysely, Selectable } from 'kysely';
import type { PaymentRegistry } from '../../../src/api/structs/paymentOrders.ts';
import type { AppDeps } from '../../appDeps.ts';
import type { Database, PaymentRegistriesTable } from '../../db/schema.ts';
import { todayOf } from '../../fines/fineStore.ts';
import { ApiError } from '../../http/apiError.ts';
import { ordersFilename, paymentOrdersFile, paymentOrdersXlsx } from './paymentOrderFile.ts';
import type { OrderPayer, PaymentOrder } from './paymentOrderFile.ts';
import { finesToOrder, markExported, orderNumber, readBankAccount, reserveOrderNumbers } from './paymentOrderStore.ts';
import type { OrderSelection } from './paymentOrderStore.ts';

/** A registry row. */
export type PaymentRegistryRow = Selectable<PaymentRegistriesTable>;

/** Who made the export: the cabinet (the owner's session) or an API key. */
export type RegistrySource = { kind: 'cabinet' } | { kind: 'api'; keyId: number };

/** The two files a registry is offered as. */
export type RegistryFormat = '1c' | 'xlsx';

/** What the caller chose, as a selection: chosen ids or every discounted fine, exactly one of the two (otherwise `status`). */
export function orderSelection(input: { fineIds?: string | undefined; all?: 'discounted' | undefined }, status: 400 | 422): OrderSelection {
  if ((input.fineIds === undefined) === (input.all === undefined)) throw new ApiError(status, 'Выберите штрафы или «все неоплаченные со скидкой»');
  return input.all === 'discounted' ? { kind: 'discounted' } : { kind: 'ids', ids: [...new Set((input.fineIds ?? '').split(',').map(Number))] };
}

/** A JSON column as read: PostgreSQL gives the value, a driver may give the text. */
const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/**
 * Writes payment orders for the organization's chosen unpaid fines (or all with a running discount):
 * reserves their numbers, marks the fines «выгружен в платёжку», and keeps the export as a registry
 * that can be downloaded again. The one path for the cabinet and the API; 422 without a bank account.
 */
export async function exportPaymentOrders(
  deps: AppDeps,
  organization: { id: number; name: string; inn: string; kpp: string | null },
  selection: OrderSelection,
  source: RegistrySource,
): Promise<PaymentRegistryRow> {
  const { db } = deps;
  const now = deps.clock();
  const account = await readBankAccount(db, organization.id);
  if (account === undefined) throw new ApiError(422, 'Сначала укажите расчётный счёт организации и банк');
  const fines = await finesToOrder(deps, organization.id, selection);
  const first = await reserveOrderNumbers(db, organization.id, fines.length);
  const orders: PaymentOrder[] = fines.map((fine, index) => ({ number: orderNumber(first + index), fine }));
  const payer: OrderPayer = { name: organization.name, inn: organization.inn, kpp: organization.kpp, ...account };
  const time = new Date(now.getTime() + 3 * 3_600_000).toISOString().slice(11, 19); // Moscow, UTC+3 all year
  await markExported(db, organization.id, orders.map((o) => ({ fineId: o.fine.fineId, number: o.number })), now);
  return db
    .insertInto('payment_registries')
    .values({
      organization_id: organization.id,
      source: source.kind,
      api_key_id: source.kind === 'api' ? source.keyId : null,
      order_date: todayOf(deps),
      order_time: time,
      payer: JSON.stringify(payer),
      orders: JSON.stringify(orders),
      orders_count: orders.length,
      total_kopecks: orders.reduce((total, o) => total + o.fine.amountKopecks, 0),
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The registry's file as it was written: bytes, type and name. */
export async function registryFile(row: PaymentRegistryRow, format: RegistryFormat): Promise<{ body: Uint8Array<ArrayBuffer>; contentType: string; filename: string }> {
  const orders = json<PaymentOrder[]>(row.orders);
  const payer = json<OrderPayer>(row.payer);
  if (format === '1c') {
    return { body: paymentOrdersFile(orders, payer, row.order_date, row.order_time), contentType: 'text/plain; charset=windows-1251', filename: ordersFilename(row.order_date, 'txt') };
  }
  return { body: await paymentOrdersXlsx(orders, payer, row.order_date), contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', filename: ordersFilename(row.order_date, 'xlsx') };
}

/** The headers of a file download (never cached: the file carries the payer's account). */
export const fileHeaders = (file: { contentType: string; filename: string }) => ({
  'Content-Type': file.contentType,
  'Content-Disposition': `attachment; filename="${file.filename}"`,
  'Cache-Control': 'no-store',
});

/** The reply shape of a registry: what it holds, each order's number and fine. */
export function toPaymentRegistry(row: PaymentRegistryRow): PaymentRegistry {
  const orders = json<PaymentOrder[]>(row.orders);
  return {
    id: row.id,
    createdAt: row.created_at.toISOString(),
    date: row.order_date,
    source: row.source,
    ordersCount: row.orders_count,
    totalKopecks: Number(row.total_kopecks),
    orders: orders.map((o) => ({ number: o.number, fineId: o.fine.fineId, uin: o.fine.uin, amountKopecks: o.fine.amountKopecks, payeeName: o.fine.payee.name })),
  };
}

/** A page of the organization's registries, newest first, with their count. */
export async function pageOfRegistries(db: Kysely<Database>, organizationId: number, page: number, showBy: number): Promise<{ rows: PaymentRegistryRow[]; total: number }> {
  const base = db.selectFrom('payment_registries').where('organization_id', '=', organizationId);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('id', 'desc').limit(showBy).offset((page - 1) * showBy).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The organization's registry by id (undefined for another organization's or none). */
export function ownRegistry(db: Kysely<Database>, organizationId: number, id: number): Promise<PaymentRegistryRow | undefined> {
  return db.selectFrom('payment_registries').selectAll().where('id', '=', id).where('organization_id', '=', organizationId).executeTakeFirst();
}
