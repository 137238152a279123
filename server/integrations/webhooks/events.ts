import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import { addDays, moscowToday } from '../../../src/lib/isoDate.ts';
import { fleetFineViews } from '../fleetFineView.ts';
import type { Database } from '../../db/schema.ts';
import type { WebhookEventType } from './eventTypes.ts';

/** The event types (kept in eventTypes.ts, which the fleet fine view also reads). */
export { WEBHOOK_EVENTS } from './eventTypes.ts';
export type { WebhookEventType } from './eventTypes.ts';

/** A database or a transaction: events are written inside the transaction that made them happen. */
type Db = Kysely<Database> | Transaction<Database>;

/** An organization that may receive events: a paid subscription that has not ended. */
export const paidOrganization = (now: Date) => sql<boolean>`o.subscribe_type <> 0 and o.subscription_end > ${now}::timestamptz`;

/**
 * Records an event once (by `uniqueKey`) and a pending delivery to each live endpoint of the
 * organization that takes this type; answers the event's id, or undefined when it was recorded
 * before (a second process, a repeated job) or nobody takes it. Call it inside the transaction of
 * what happened, so the event exists exactly when that did.
 */
export async function emitEvent(db: Db, organizationId: number, type: WebhookEventType, uniqueKey: string, data: unknown, now: Date, onlyEndpoint?: number): Promise<string | undefined> {
  let endpoints = db
    .selectFrom('webhook_endpoints')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null);
  endpoints = onlyEndpoint === undefined ? endpoints.where(sql<boolean>`events @> ${JSON.stringify([type])}::jsonb`) : endpoints.where('id', '=', onlyEndpoint);
  const targets = await endpoints.execute();
  if (targets.length === 0) return undefined;
  const event = await db
    .insertInto('integration_events')
    .values({ organization_id: organizationId, type, unique_key: uniqueKey, data: JSON.stringify(data), created_at: now })
    .onConflict((oc) => oc.column('unique_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (event === undefined) return undefined;
  await db
    .insertInto('webhook_deliveries')
    .values(targets.map((t) => ({ event_id: event.id, endpoint_id: t.id, status: 'pending' as const, next_attempt_at: now, created_at: now, last_status_code: null, last_error: null, locked_until: null, delivered_at: null })))
    .execute();
  return event.id;
}

/** `fine.new`: called where a re-check stores rulings it had not stored (server/notifications/recheck.ts), in its transaction. */
export async function emitNewFleetFines(tx: Db, fineIds: readonly number[], now: Date): Promise<void> {
  if (fineIds.length === 0) return;
  // A document checked for the first time only tells what it holds: its rulings are not news (as for people's notifications).
  const news = await tx.selectFrom('fines as f').innerJoin('fine_subjects as s', 's.key', 'f.subject_key').select('f.id').where('f.id', 'in', [...fineIds]).where('s.generated_at', '<', now).execute();
  for (const { organizationId, fine } of await fleetFineViews(tx, news.map((row) => row.id), now, { takes: 'fine.new' })) {
    await emitEvent(tx, organizationId, 'fine.new', `fine.new:${organizationId}:${fine.id}`, { fine }, now);
  }
}

/** `fine.paid`: called where a payment settles (server/payments/paymentStore.ts settlePaid), in its transaction. */
export async function emitPaidFleetFines(tx: Db, fineIds: readonly number[], now: Date): Promise<void> {
  for (const { organizationId, fine } of await fleetFineViews(tx, fineIds, now, { takes: 'fine.paid' })) {
    await emitEvent(tx, organizationId, 'fine.paid', `fine.paid:${organizationId}:${fine.id}`, { fine: { ...fine, paid: true, amountToPayKopecks: 0 }, paidAt: now.toISOString() }, now);
  }
}

/** How many days before its last day a running discount is announced. */
export const DISCOUNT_ENDING_DAYS = 3;

/** `discount.ending` (the daily job): unpaid fleet fines whose discount ends within 3 days, once per fine and organization. */
export async function emitDiscountEnding(db: Kysely<Database>, now: Date): Promise<number> {
  const today = moscowToday(now.getTime());
  const ids = await sql<{ id: number }>`
    select f.id from fines f
    cross join lateral (select case when f.days_ago is null then f.ruling_date::date else ${today}::date - f.days_ago end as eff) e
    where not f.paid and f.discount_days > 0
      and e.eff + f.discount_days between ${today}::date and ${addDays(today, DISCOUNT_ENDING_DAYS)}::date
      and exists (select 1 from fleet_vehicles v join organizations o on o.id = v.organization_id where v.subject_key = f.subject_key and ${paidOrganization(now)}
                  union all select 1 from fleet_drivers d join organizations o on o.id = d.organization_id where d.subject_key = f.subject_key and ${paidOrganization(now)})
    limit 5000`.execute(db);
  let emitted = 0;
  for (const { organizationId, fine } of await fleetFineViews(db, ids.rows.map((r) => r.id), now, { takes: 'discount.ending' })) {
    await db.transaction().execute(async (tx) => {
      if ((await emitEvent(tx, organizationId, 'discount.ending', `discount.ending:${organizationId}:${fine.id}`, { fine, discountLastDay: fine.discountLastDay }, now)) !== undefined) emitted += 1;
    });
  }
  return emitted;
}

/** What autopay tells integrators it will pay: the fine, when, and how much. */
export type AutopayScheduled = { fineId: number; payAt: Date; amountKopecks: number; autopayId?: string | number };

/**
 * `autopay.scheduled`, for the autopay feature (issue 25): call it inside the transaction that
 * schedules the payment. Once per organization, fine and payment date; answers the event's id or
 * undefined (already emitted, or nobody listens).
 */
export async function emitAutopayScheduled(tx: Db, organizationId: number, scheduled: AutopayScheduled, now: Date): Promise<string | undefined> {
  const [described] = await fleetFineViews(tx, [scheduled.fineId], now, { takes: 'autopay.scheduled', organizationId });
  if (described === undefined) return undefined;
  const payAt = scheduled.payAt.toISOString();
  return emitEvent(tx, organizationId, 'autopay.scheduled', `autopay.scheduled:${organizationId}:${scheduled.fineId}:${payAt}`, {
    fine: described.fine,
    payAt,
    amountKopecks: scheduled.amountKopecks,
    ...(scheduled.autopayId === undefined ? {} : { autopayId: scheduled.autopayId }),
  }, now);
}
