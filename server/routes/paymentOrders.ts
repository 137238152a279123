import type { Context } from 'hono';
import { Hono } from 'hono';
import { organizationOfPath } from '../organizations/organizationOfPath.ts';
import { BankAccount, PaymentOrderFinesQuery, PaymentOrdersInput } from '../../src/api/structs/paymentOrders.ts';
import { subscriptionState } from '../../src/lib/subscription.ts';
import type { AppDeps } from '../appDeps.ts';
import { ApiError } from '../http/apiError.ts';
import type { AppEnv } from '../http/appEnv.ts';
import { requireUser, userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { bodyInput, parseInput, queryInput } from '../http/input.ts';
import { listFleetFines } from '../organizations/fleetFines.ts';
import { exportMarks, readBankAccount, saveBankAccount } from '../organizations/paymentOrders/paymentOrderStore.ts';
import { exportPaymentOrders, fileHeaders, orderSelection, registryFile } from '../organizations/paymentOrders/paymentRegistry.ts';

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
    const selection = orderSelection(input, 400);
    if (subscriptionState(organization.subscribe_type, organization.subscription_end, clock()).masked) throw new ApiError(403, PAID_ONLY);
    const registry = await exportPaymentOrders(deps, organization, selection, { kind: 'cabinet' });
    const file = await registryFile(registry, input.format);
    return c.body(file.body, 200, fileHeaders(file));
  });

  return routes;
}
