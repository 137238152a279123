import { Hono } from 'hono';
import { AdminInvoicesQuery } from '../../src/api/structs/paymentOrders.ts';
import { OPERATOR } from '../../src/lib/operator.ts';
import type { AppDeps } from '../appDeps.ts';
import { ApiError, notFound } from '../http/apiError.ts';
import type { AppEnv } from '../http/appEnv.ts';
import { requireUser, userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { parseInput, queryInput } from '../http/input.ts';
import { pathId } from '../http/pathId.ts';
import { importBankStatement } from '../organizations/bankStatement.ts';
import { invoiceIdByHash, listInvoicesForAdmin, markInvoicePaid } from '../organizations/invoicePayment.ts';
import { requireAdmin } from './admin.ts';

/** Largest bank statement accepted: a month of an account's statement is far below it. */
export const STATEMENT_MAX_BYTES = 2 * 1024 * 1024;

/** A link to an invoice: 22 base64url characters. */
const INVOICE_HASH = /^[A-Za-z0-9_-]{22}$/;

/**
 * Settling invoices (issue 26 §0): the operator (ADMIN_EMAILS) lists invoices, marks one paid, or
 * imports the bank's statement; with SANDBOX_CONTROL=1 a call pays an invoice by its link, so the
 * paid cabinet can be tried locally. Every marking is audited (invoicePayment.ts).
 */
export function invoicePaymentRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const admin = [requireUser(deps), requireAdmin(deps)] as const;

  routes.get('/admin/invoices', ...admin, async (c) => {
    const { q } = parseInput(AdminInvoicesQuery, queryInput(c), 400);
    return ok(c, { items: await listInvoicesForAdmin(deps.db, (q ?? '').slice(0, 100), 200) });
  });

  routes.post('/admin/invoices/:id/paid', ...admin, async (c) => {
    const outcome = await markInvoicePaid(deps.db, pathId(c), { source: 'admin', actorId: userOf(c), requestId: c.get('requestId') }, deps.clock());
    if (outcome === undefined) throw notFound();
    return ok(c, outcome.kind === 'paid' ? { outcome: 'paid', subscriptionEnd: outcome.subscriptionEnd.toISOString() } : { outcome: 'alreadyPaid' });
  });

  routes.post('/admin/bank-statement', ...admin, async (c) => {
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch {
      throw new ApiError(400, 'Не удалось прочитать файл');
    }
    const file = form['file'];
    if (!(file instanceof File)) throw new ApiError(400, 'Приложите выписку (файл 1CClientBankExchange) в поле «file»');
    if (file.size > STATEMENT_MAX_BYTES) throw new ApiError(413, 'Выписка больше 2 МБ: выгрузите из банка период короче');
    const bytes = new Uint8Array(await file.arrayBuffer());
    return ok(c, await importBankStatement(deps.db, bytes, OPERATOR, userOf(c), deps.clock(), c.get('requestId')));
  });

  if (deps.sandboxControl) {
    // Test-only (refused in production by server/env.ts): pays an invoice as if its transfer arrived.
    routes.post('/sandbox/invoice/:hash/pay', async (c) => {
      const hash = c.req.param('hash');
      const id = INVOICE_HASH.test(hash) ? await invoiceIdByHash(deps.db, hash) : undefined;
      if (id === undefined) throw notFound();
      const outcome = await markInvoicePaid(deps.db, id, { source: 'sandbox', actorId: null, requestId: c.get('requestId') }, deps.clock());
      if (outcome === undefined) throw notFound();
      return ok(c, outcome.kind === 'paid' ? { outcome: 'paid', subscriptionEnd: outcome.subscriptionEnd.toISOString() } : { outcome: 'alreadyPaid' });
    });
  }

  return routes;
}
