import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { WebhookEndpointsTable } from '../../db/integrationTables.ts';
import type { Database } from '../../db/schema.ts';
import { emitEvent } from './events.ts';
import type { WebhookEventType } from './events.ts';

/** A webhook endpoint row. */
export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;

/** Endpoints an organization may have at once. */
export const MAX_WEBHOOKS = 10;

/** A new signing secret: `whsec_` and 256 random bits. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** Registers an endpoint; answers it with its secret (shown once), or 'tooMany'. */
export async function createWebhook(db: Kysely<Database>, organizationId: number, url: string, events: readonly string[], now: Date): Promise<WebhookEndpointRow | 'tooMany'> {
  return db.transaction().execute(async (tx) => {
    await tx.selectFrom('organizations').select('id').where('id', '=', organizationId).forUpdate().execute();
    const live = await tx.selectFrom('webhook_endpoints').select((eb) => eb.fn.countAll<string>().as('n')).where('organization_id', '=', organizationId).where('deleted_at', 'is', null).executeTakeFirstOrThrow();
    if (Number(live.n) >= MAX_WEBHOOKS) return 'tooMany' as const;
    return tx.insertInto('webhook_endpoints').values({ organization_id: organizationId, url, events: JSON.stringify(events), secret: newWebhookSecret(), created_at: now }).returningAll().executeTakeFirstOrThrow();
  });
}

/** The organization's live endpoints, oldest first. */
export function listWebhooks(db: Kysely<Database>, organizationId: number): Promise<WebhookEndpointRow[]> {
  return db.selectFrom('webhook_endpoints').selectAll().where('organization_id', '=', organizationId).where('deleted_at', 'is', null).orderBy('id').execute();
}

/** The organization's live endpoint (undefined for another organization's). */
export function ownWebhook(db: Kysely<Database>, organizationId: number, id: number): Promise<WebhookEndpointRow | undefined> {
  return db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).where('organization_id', '=', organizationId).where('deleted_at', 'is', null).executeTakeFirst();
}

/** Removes an endpoint (its deliveries stay in the log, pending ones end as failed); false when there was none. */
export async function deleteWebhook(db: Kysely<Database>, organizationId: number, id: number, now: Date): Promise<boolean> {
  const done = await db.updateTable('webhook_endpoints').set({ deleted_at: now }).where('id', '=', id).where('organization_id', '=', organizationId).where('deleted_at', 'is', null).executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0) return false;
  await db.updateTable('webhook_deliveries').set({ status: 'failed', last_error: 'Вебхук удалён' }).where('endpoint_id', '=', id).where('status', '=', 'pending').execute();
  return true;
}

/** A test event (`ping`) to one endpoint: the cabinet's «Проверить». */
export async function pingWebhook(db: Kysely<Database>, organizationId: number, endpointId: number, now: Date): Promise<string> {
  const eventId = await emitEvent(db, organizationId, 'ping' satisfies WebhookEventType, `ping:${endpointId}:${now.getTime()}:${randomBytes(8).toString('hex')}`, { message: 'Проверка вебхука' }, now, endpointId);
  if (eventId === undefined) throw new Error('The ping event was not recorded');
  const row = await db.selectFrom('webhook_deliveries').select('id').where('event_id', '=', eventId).executeTakeFirstOrThrow();
  return String(row.id);
}

/** A delivery as the cabinet lists it. */
export type DeliveryListed = { id: string; eventId: string; type: string; endpointId: number; url: string; status: string; attempts: number; lastStatusCode: number | null; lastError: string | null; createdAt: Date; deliveredAt: Date | null; nextAttemptAt: Date | null; manual: boolean };

/** The organization's deliveries, newest first, one page. */
export async function listDeliveries(db: Kysely<Database>, organizationId: number, page: number, showBy: number): Promise<{ items: DeliveryListed[]; total: number }> {
  const base = db.selectFrom('webhook_deliveries as d').innerJoin('webhook_endpoints as w', 'w.id', 'd.endpoint_id').innerJoin('integration_events as e', 'e.id', 'd.event_id').where('w.organization_id', '=', organizationId);
  const [rows, count] = await Promise.all([
    base
      .select(['d.id', 'd.event_id', 'e.type', 'd.endpoint_id', 'w.url', 'd.status', 'd.attempts', 'd.last_status_code', 'd.last_error', 'd.created_at', 'd.delivered_at', 'd.next_attempt_at', 'd.manual'])
      .orderBy('d.id', 'desc')
      .limit(showBy)
      .offset((page - 1) * showBy)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    items: rows.map((r) => ({
      id: String(r.id), eventId: String(r.event_id), type: r.type, endpointId: r.endpoint_id, url: r.url, status: r.status, attempts: r.attempts,
      lastStatusCode: r.last_status_code, lastError: r.last_error, createdAt: r.created_at, deliveredAt: r.delivered_at,
      nextAttemptAt: r.status === 'pending' ? r.next_attempt_at : null, manual: r.manual,
    })),
  };
}

/** Sends an event again to the same endpoint as a new delivery (its own tries); undefined for another organization's delivery or a removed endpoint. */
export async function resendDelivery(db: Kysely<Database>, organizationId: number, deliveryId: string, now: Date): Promise<string | undefined> {
  const found = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as w', 'w.id', 'd.endpoint_id')
    .select(['d.event_id', 'd.endpoint_id'])
    .where('d.id', '=', deliveryId)
    .where('w.organization_id', '=', organizationId)
    .where('w.deleted_at', 'is', null)
    .executeTakeFirst();
  if (found === undefined) return undefined;
  const row = await db
    .insertInto('webhook_deliveries')
    .values({ event_id: found.event_id, endpoint_id: found.endpoint_id, manual: true, status: 'pending', next_attempt_at: now, created_at: now, last_status_code: null, last_error: null, locked_until: null, delivered_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}
