import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { postWebhook } from './network.ts';
import type { WebhookNetwork } from './network.ts';
import { SIGNATURE_HEADER, signatureHeader } from './signature.ts';

/** When each try happens, counted from the delivery's creation: at once, then 1 min, 5 min, 30 min, 2 h, 6 h, 12 h and 24 h; then it has failed. */
export const RETRY_OFFSETS_MS: readonly number[] = [0, 60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000, 12 * 3_600_000, 24 * 3_600_000];

/** How long a process holds a delivery it is sending (another may take it over after). */
const LEASE_MS = 60_000;

/** Deliveries sent at once by one process. */
const PARALLEL = 8;

/** What a run did. */
export type DeliveryReport = { sent: number; delivered: number; failed: number };

/** The JSON a delivery posts: the event's id (the same for every delivery and resend of it), type, time, organization and data. */
export function eventBody(event: { id: string; type: string; organization_id: number; data: unknown; created_at: Date }): string {
  return JSON.stringify({ id: `evt_${event.id}`, type: event.type, createdAt: event.created_at.toISOString(), organizationId: event.organization_id, data: event.data });
}

/** Takes up to `limit` due deliveries for this run (no other process gets them while the lease lasts). */
async function claim(db: Kysely<Database>, now: Date, limit: number) {
  const result = await sql<{ id: string; event_id: string; endpoint_id: number; attempts: number; created_at: Date }>`
    update webhook_deliveries set attempts = attempts + 1, locked_until = ${new Date(now.getTime() + LEASE_MS)}::timestamptz
    where id in (
      select id from webhook_deliveries
      where status = 'pending' and next_attempt_at <= ${now}::timestamptz and (locked_until is null or locked_until < ${now}::timestamptz)
      order by next_attempt_at, id
      limit ${limit}
      for update skip locked
    )
    returning id, event_id, endpoint_id, attempts, created_at`.execute(db);
  return result.rows;
}

/** Sends one claimed delivery and records the try: delivered on a 2xx, else the next try or, after 24 hours, failed. */
async function sendOne(db: Kysely<Database>, network: WebhookNetwork, clock: () => Date, delivery: Awaited<ReturnType<typeof claim>>[number]): Promise<'delivered' | 'retry' | 'failed'> {
  const target = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('integration_events as e', 'e.id', 'd.event_id')
    .innerJoin('webhook_endpoints as w', 'w.id', 'd.endpoint_id')
    .select(['e.id', 'e.type', 'e.organization_id', 'e.data', 'e.created_at', 'w.url', 'w.secret', 'w.deleted_at'])
    .where('d.id', '=', delivery.id)
    .executeTakeFirst();
  const now = clock();
  let outcome: { status: number } | { error: string };
  if (target === undefined || target.deleted_at !== null) {
    outcome = { error: 'Вебхук удалён' };
  } else {
    const body = eventBody(target);
    outcome = await postWebhook(target.url, body, {
      'Content-Type': 'application/json',
      'User-Agent': 'Shtrafy-Webhooks/1',
      [SIGNATURE_HEADER]: signatureHeader(target.secret, body, now),
      'X-Shtrafy-Event': target.type,
      'X-Shtrafy-Delivery': delivery.id,
    }, network);
  }
  const at = clock();
  const ok = 'status' in outcome && outcome.status >= 200 && outcome.status < 300;
  const next = RETRY_OFFSETS_MS[delivery.attempts];
  const gone = target === undefined || target.deleted_at !== null;
  const state = ok ? 'delivered' : next === undefined || gone ? 'failed' : 'retry';
  await db.transaction().execute(async (tx) => {
    await tx.insertInto('webhook_attempts').values({ delivery_id: delivery.id, at, status_code: 'status' in outcome ? outcome.status : null, error: 'error' in outcome ? outcome.error.slice(0, 300) : null }).execute();
    await tx
      .updateTable('webhook_deliveries')
      .set({
        status: state === 'retry' ? 'pending' : state,
        locked_until: null,
        last_status_code: 'status' in outcome ? outcome.status : null,
        last_error: 'error' in outcome ? outcome.error.slice(0, 300) : ok ? null : `Ответ ${'status' in outcome ? outcome.status : ''}`,
        ...(ok ? { delivered_at: at } : {}),
        ...(state === 'retry' && next !== undefined ? { next_attempt_at: new Date(Math.max(delivery.created_at.getTime() + next, at.getTime())) } : {}),
      })
      .where('id', '=', delivery.id)
      .where('attempts', '=', delivery.attempts)
      .execute();
  });
  return state;
}

/** Sends the due deliveries (several at once), until none is due or `limit` were tried. */
export async function deliverDue(deps: { db: Kysely<Database>; clock: () => Date; network: WebhookNetwork }, limit = 200): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, delivered: 0, failed: 0 };
  while (report.sent < limit) {
    const batch = await claim(deps.db, deps.clock(), Math.min(PARALLEL, limit - report.sent));
    if (batch.length === 0) break;
    const states = await Promise.all(batch.map((delivery) => sendOne(deps.db, deps.network, deps.clock, delivery)));
    report.sent += batch.length;
    report.delivered += states.filter((s) => s === 'delivered').length;
    report.failed += states.filter((s) => s === 'failed').length;
  }
  return report;
}

/** Sends deliveries in the background of a request (a ping, a resend), one run at a time per process. */
export type WebhookDispatch = {
  readonly network: WebhookNetwork;
  /** Starts a run now unless one is running (then that run picks the new delivery up). */
  kick(): void;
  /** Resolves when the background run has ended. */
  idle(): Promise<void>;
};

/** A dispatch over the database; failures are told to `onError`, the job retries anyway. */
export function createWebhookDispatch(deps: { db: Kysely<Database>; clock: () => Date; network: WebhookNetwork; onError?: (error: unknown) => void }): WebhookDispatch {
  let running: Promise<void> | undefined;
  let again = false;
  const run = (): Promise<void> =>
    deliverDue(deps).then(
      () => undefined,
      (error: unknown) => deps.onError?.(error),
    ).then(() => {
      if (!again) return;
      again = false;
      return run();
    });
  return {
    network: deps.network,
    kick() {
      if (running !== undefined) {
        again = true;
        return;
      }
      running = run().finally(() => {
        running = undefined;
      });
    },
    idle: async () => {
      while (running !== undefined) await running;
    },
  };
}
