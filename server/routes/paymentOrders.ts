import type { Context } from 'hono';
import { Hono } from 'hono';
import { organizationOfPath } from '../organizations/organizationOfPath.ts';
import { BankAccount, PaymentOrderFinesQuery, PaymentOrdersInput } from '../../src/api/structs/paymentOrders.ts';
import { subscriptionState } from '../../src/lib/subscription.ts';
import type { AppDeps } from '../appDeps.ts';
import { todayOf } from '../fines/fineStore.ts';
import { ApiError } from '../http/apiError.ts';
import type { AppEnv } from '../http/appEnv.ts';
import { requireUser, userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { bodyInput, parseInput, queryInput } from '../http/input.ts';
import { listFleetFines } from '../organizations/fleetFines.ts';
import { ordersFilename, paymentOrdersFile, paymentOrdersXlsx } from '../organizations/paymentOrders/paymentOrderFile.ts';
import type { OrderPayer } from '../organizations/paymentOrders/paymentOrderFile.ts';
import { exportMarks, finesToOrder, markExported, orderNumber, readBankAccount, reserveOrderNumbers, saveBankAccount } from '../organizations/paymentOrders/paymentOrderStore.ts';

/** Refusal of a demo or ended subscription (the screens stay, the file is not made). */
export const PAID_ONLY = 'Платёжки для банка выгружаются по оплаченной подписке. В демо-режиме показан пример на скрытых данных';

/**
 * Payment orders for the bank (issue 26 §3): the organization's bank account, its unpaid fines with
 * the day each went into a payment order, and the orders as a 1CClientBankExchange file or XLSX.
 * Another account's organization or fine: 404.
 */
export function paymentOrderRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db, clock } = deps;
  const routes = new Hono<AppEnv>();
  routes.use('/organization/:id/bank-account', requireUser(deps));
  routes.use('/organization/:id/payment-orders', requireUser(deps));
  routes.use('/organization/:id/payment-orders/*', requireUser(deps));

  const organizationOf = (c: Context<AppEnv>) => organizationOfPath(deps, c);

  routes.get('/organization/:id/bank-account', async (c) => {
    const organization = await organizationOf(c);
    return ok(c, { account: (await readBankAccount(db, organization.id)) ?? null });
  });

  routes.post('/organization/:id/bank-account', async (c) => {
    const organization = await organizationOf(c);
    const input = parseInput(BankAccount, await bodyInput(c));
    await saveBankAccount(db, organization.id, { ...input, bankName: input.bankName.trim() }, clock());
    return ok(c, { account: await readBankAccount(db, organization.id) });
  });

  // The panel's list: unpaid fines (masked in demo, as everywhere) and when each was put into an order.
  routes.get('/organization/:id/payment-orders/fines', async (c) => {
    const organization = await organizationOf(c);
    const query = parseInput(PaymentOrderFinesQuery, queryInput(c), 400);
    const fines = await listFleetFines(deps, userOf(c), { organization: organization.id, paid: 0, discount: query.discount === '1', page: Number(query.page ?? 1), showBy: 100 });
    const marks = await exportMarks(db, organization.id, fines.items.map((f) => f.id));
    return ok(c, {
      fines,
      exported: Object.fromEntries([...marks].map(([id, at]) => [String(id), at.toISOString()])),
      bankAccountSaved: (await readBankAccount(db, organization.id)) !== undefined,
      paid: !subscriptionState(organization.subscribe_type, organization.subscription_end, clock()).masked,
    });
  });

  routes.post('/organization/:id/payment-orders', async (c) => {
    const organization = await organizationOf(c);
    const input = parseInput(PaymentOrdersInput, await bodyInput(c), 400);
    if ((input.fineIds === undefined) === (input.all === undefined)) throw new ApiError(400, 'Выберите штрафы или «все неоплаченные со скидкой»');
    const now = clock();
    if (subscriptionState(organization.subscribe_type, organization.subscription_end, now).masked) throw new ApiError(403, PAID_ONLY);
    const account = await readBankAccount(db, organization.id);
    if (account === undefined) throw new ApiError(422, 'Сначала укажите расчётный счёт организации и банк');
    const fines = await finesToOrder(
      deps,
      organization.id,
      input.all === 'discounted' ? { kind: 'discounted' } : { kind: 'ids', ids: [...new Set((input.fineIds ?? '').split(',').map(Number))] },
    );
    const first = await reserveOrderNumbers(db, organization.id, fines.length);
    const orders = fines.map((fine, index) => ({ number: orderNumber(first + index), fine }));
    const payer: OrderPayer = { name: organization.name, inn: organization.inn, kpp: organization.kpp, ...account };
    const today = todayOf(deps);
    const time = new Date(now.getTime() + 3 * 3_600_000).toISOString().slice(11, 19); // Moscow, UTC+3 all year
    const body = input.format === '1c' ? paymentOrdersFile(orders, payer, today, time) : await paymentOrdersXlsx(orders, payer, today);
    await markExported(db, organization.id, orders.map((o) => ({ fineId: o.fine.fineId, number: o.number })), now);
    const filename = ordersFilename(today, input.format === '1c' ? 'txt' : 'xlsx');
    return c.body(body, 200, {
      'Content-Type': input.format === '1c' ? 'text/plain; charset=windows-1251' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'no-store',
    });
  });

  return routes;
}
