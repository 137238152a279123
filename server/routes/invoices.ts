import { Hono } from 'hono';
import { InvoiceInput } from '../../src/api/structs/invoice.ts';
import type { AppDeps } from '../appDeps.ts';
import { notFound } from '../http/apiError.ts';
import type { AppEnv } from '../http/appEnv.ts';
import { requireUser, userOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { bodyInput, parseInput } from '../http/input.ts';
import { pathId } from '../http/pathId.ts';
import { createInvoice, readInvoice } from '../organizations/invoiceStore.ts';
import { ownOrganization } from '../organizations/organizationStore.ts';

/** A link to an invoice: 22 base64url characters (128 bits). */
const INVOICE_HASH = /^[A-Za-z0-9_-]{22}$/;

/**
 * Invoices for organizations' subscriptions (issue 12): the owner issues one for a number of
 * vehicles and months at the tariff (TARIFF_PER_VEHICLE_MONTH) and reads it by its link while signed
 * in; another account's organization or invoice is a 404, as the issue's ownership matrix asks.
 */
export function invoiceRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  // The price the invoice form multiplies before anything is issued; public, as the offer states it too.
  routes.get('/tariff', (c) => ok(c, { perVehicleMonthKopecks: deps.tariffKopecks }));

  routes.post('/organization/:id/invoice', requireUser(deps), async (c) => {
    const id = pathId(c);
    const input = parseInput(InvoiceInput, await bodyInput(c), 400);
    const organization = await ownOrganization(deps.db, userOf(c), id);
    if (organization === undefined) throw notFound();
    const hash = await createInvoice(deps.db, organization.id, input.vehicles, input.months, deps.tariffKopecks, deps.clock());
    const invoice = await readInvoice(deps.db, hash, userOf(c));
    return ok(c, { invoice });
  });

  routes.get('/invoice/:hash', requireUser(deps), async (c) => {
    const hash = c.req.param('hash');
    const invoice = INVOICE_HASH.test(hash) ? await readInvoice(deps.db, hash, userOf(c)) : undefined;
    if (invoice === undefined) throw notFound();
    return ok(c, invoice);
  });

  return routes;
}
