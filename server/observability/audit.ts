import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { MiddlewareHandler } from 'hono';
import type { Database } from '../db/schema.ts';
import type { AppEnv } from '../http/appEnv.ts';
import { routePattern } from '../http/observe.ts';
import { addressSubject, clientAddress } from '../http/rateLimit.ts';

/** One line of the audit log. */
export type AuditEntry = {
  userId: number | null;
  action: string;
  objectType?: string | null;
  objectId?: string | null;
  outcome: 'ok' | 'refused';
  addressHash?: string | null;
  requestId?: string | null;
};

/** Writes one line of the audit log (also for actions no route carries, such as a payment notification). */
export async function recordAudit(db: Kysely<Database>, entry: AuditEntry, at: Date): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at,
      user_id: entry.userId,
      action: entry.action,
      object_type: entry.objectType ?? null,
      object_id: entry.objectId ?? null,
      outcome: entry.outcome,
      address_hash: entry.addressHash ?? null,
      request_id: entry.requestId ?? null,
    })
    .execute();
}

/** An audited call: the action's name, the kind of object, and whether refusals are kept too. */
type AuditedCall = { action: string; object?: string; refusals?: boolean };

/** The calls that change sign-ins, passwords, documents, accounts and organizations ("METHOD pattern" → what is written). */
export const AUDITED_CALLS: Readonly<Record<string, AuditedCall>> = {
  'POST /105/api/login': { action: 'session.signIn', refusals: true },
  'POST /105/api/logout': { action: 'session.signOut' },
  'POST /105/api/user/register': { action: 'account.register' },
  'POST /105/api/user/type': { action: 'account.typeChange' },
  'POST /105/api/password/reset': { action: 'password.reset', refusals: true },
  'POST /105/api/password/change': { action: 'password.change', refusals: true },
  'POST /105/api/email': { action: 'email.set' },
  'POST /105/api/email/edit': { action: 'email.change' },
  'POST /105/api/sts': { action: 'document.add', object: 'sts' },
  'POST /105/api/sts/import': { action: 'document.import', object: 'sts' },
  'PUT /105/api/sts/:id': { action: 'document.update', object: 'sts' },
  'DELETE /105/api/sts': { action: 'document.remove', object: 'sts' },
  'POST /105/api/driverLicense': { action: 'document.add', object: 'driverLicense' },
  'PUT /105/api/dl/:id': { action: 'document.update', object: 'driverLicense' },
  'DELETE /105/api/driverLicense': { action: 'document.remove', object: 'driverLicense' },
  'POST /105/api/inn': { action: 'document.add', object: 'inn' },
  'PUT /105/api/inn/:id': { action: 'document.update', object: 'inn' },
  'DELETE /105/api/inn/:id': { action: 'document.remove', object: 'inn' },
  'POST /105/api/organization': { action: 'organization.create', object: 'organization' },
  'POST /105/api/organization/:id': { action: 'organization.update', object: 'organization' },
  'DELETE /105/api/organization/:id': { action: 'organization.remove', object: 'organization' },
  'POST /105/api/organization/:id/vehicles': { action: 'fleet.vehicleAdd', object: 'organization' },
  'POST /105/api/organization/:id/vehicles/import': { action: 'fleet.vehicleImport', object: 'organization' },
  'DELETE /105/api/organization/:id/vehicles/:vehicleId': { action: 'fleet.vehicleRemove', object: 'fleetVehicle' },
  'POST /105/api/organization/:id/drivers': { action: 'fleet.driverAdd', object: 'organization' },
  'DELETE /105/api/organization/:id/drivers/:driverId': { action: 'fleet.driverRemove', object: 'fleetDriver' },
  'POST /105/api/payment': { action: 'payment.start', object: 'fine' },
  'POST /105/api/multipayment': { action: 'payment.start', object: 'fine' },
  'POST /105/api/payment/cancel': { action: 'payment.cancel', object: 'payment' },
  'PATCH /105/api/order/:paymentId': { action: 'payment.cashbackRequest', object: 'payment' },
  'POST /105/api/organization/:id/api-keys': { action: 'integration.keyCreate', object: 'organization' },
  'DELETE /105/api/organization/:id/api-keys/:keyId': { action: 'integration.keyRevoke', object: 'apiKey' },
  'POST /105/api/organization/:id/webhooks': { action: 'integration.webhookCreate', object: 'organization' },
  'DELETE /105/api/organization/:id/webhooks/:webhookId': { action: 'integration.webhookRemove', object: 'webhook' },
  'POST /105/api/organization/:id/webhooks/deliveries/:deliveryId/resend': { action: 'integration.deliveryResend', object: 'webhookDelivery' },
  'POST /105/api/organization/:id/bank-account': { action: 'organization.bankAccount', object: 'organization' },
  'POST /105/api/organization/:id/payment-orders': { action: 'fleet.paymentOrders', object: 'organization' },
  'POST /105/api/admin/bank-statement': { action: 'invoice.statementImport', refusals: true },
  'POST /105/api/phone/login': { action: 'session.signIn', refusals: true },
  'POST /105/api/phone/link': { action: 'phone.link', refusals: true },
  'DELETE /105/api/user/phone': { action: 'phone.unlink', refusals: true },
  'POST /105/api/oauth/:provider/finish': { action: 'session.signInProvider', object: 'provider', refusals: true },
  'DELETE /105/api/user/identities/:provider': { action: 'provider.unlink', object: 'provider', refusals: true },
};

/** The last `:param` of a pattern filled from the path ('/organization/:id' + '/organization/7' → '7'). */
function objectIdOf(pattern: string, path: string): string | null {
  const names = pattern.split('/');
  const values = path.split('/');
  for (let i = names.length - 1; i >= 0; i -= 1) {
    if (names[i]?.startsWith(':')) return (values[i] ?? '').slice(0, 40) || null;
  }
  return null;
}

/** Who acted: the session's user, or (signing in, registering) the user the reply names. */
async function actorOf(c: Parameters<MiddlewareHandler<AppEnv>>[0]): Promise<number | null> {
  const fromSession = c.get('userId');
  if (fromSession !== undefined) return fromSession;
  if (!(c.res.headers.get('content-type') ?? '').includes('json')) return null;
  try {
    const body = (await c.res.clone().json()) as { response?: { userId?: unknown } };
    return typeof body.response?.userId === 'number' ? body.response.userId : null;
  } catch {
    return null;
  }
}

/**
 * Writes an audit line after each audited call that succeeded (and, for sign-in and passwords, after a
 * refusal too): the user, the action, the object's id, a keyed hash of the address and the request id.
 */
export function auditTrail(deps: { db: Kysely<Database>; clock: () => Date; trustProxy: boolean; notifySecret: string }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const pattern = routePattern(c);
    const call = AUDITED_CALLS[`${c.req.method} ${pattern}`];
    if (call === undefined) return;
    const ok = c.res.status < 300;
    if (!ok && !(call.refusals === true && c.res.status < 500)) return;
    const address = addressSubject(clientAddress(c, deps.trustProxy));
    await recordAudit(
      deps.db,
      {
        userId: await actorOf(c),
        action: call.action,
        objectType: call.object ?? null,
        objectId: objectIdOf(pattern, c.req.path),
        outcome: ok ? 'ok' : 'refused',
        addressHash: createHmac('sha256', deps.notifySecret).update(`audit:${address}`).digest('hex').slice(0, 32),
        requestId: c.get('requestId'),
      },
      deps.clock(),
    );
  };
}
