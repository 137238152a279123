import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import { addDays, moscowToday } from '../../src/lib/isoDate.ts';
import type { Database } from '../db/schema.ts';
import type { WebhookEventType } from './webhooks/eventTypes.ts';

/** A fleet fine as the integrator API and webhook events describe it (amounts in kopecks, as of `now`'s day in Moscow). */
export type ApiFine = {
  id: number;
  uin: string;
  article: string;
  articleTitle: string;
  rulingDate: string;
  place: string;
  vehicleId: number | null;
  driverId: number | null;
  vehiclePlate: string;
  fullAmountKopecks: number;
  amountToPayKopecks: number;
  discountActive: boolean;
  discountLastDay: string | null;
  paid: boolean;
};

/**
 * The fleet fines among `fineIds`, one per organization whose fleet has them: of one organization
 * (`organizationId`), or of every organization that takes the event `takes` now (a paid subscription
 * and a live endpoint for that event).
 */
export async function fleetFineViews(
  db: Kysely<Database> | Transaction<Database>,
  fineIds: readonly number[],
  now: Date,
  filter: { organizationId?: number; takes?: WebhookEventType },
): Promise<{ organizationId: number; fine: ApiFine }[]> {
  if (fineIds.length === 0) return [];
  const today = moscowToday(now.getTime());
  const takes = filter.takes;
  const rows = await sql<{
    organization_id: number; vehicle_id: number | null; driver_id: number | null; id: number; uin: string; article: string; article_title: string; ruling_date: string;
    days_ago: number | null; address: string; plate_number: string; plate_region: string; paid: boolean; discount_days: number; discount_kopecks: string; full_kopecks: string;
  }>`
    select distinct on (m.organization_id, f.id) m.organization_id, m.vehicle_id, m.driver_id, f.id, f.uin, f.article, f.article_title, f.ruling_date, f.days_ago, f.address,
      f.plate_number, f.plate_region, f.paid, f.discount_days, f.discount_kopecks, f.full_kopecks
    from fines f
    join (select organization_id, subject_key, id as vehicle_id, null::integer as driver_id from fleet_vehicles
          union all select organization_id, subject_key, null::integer, id from fleet_drivers) m on m.subject_key = f.subject_key
    join organizations o on o.id = m.organization_id
    where f.id in (${sql.join([...fineIds])})
      ${filter.organizationId === undefined ? sql`` : sql`and o.id = ${filter.organizationId}`}
      ${takes === undefined ? sql`` : sql`and o.subscribe_type <> 0 and o.subscription_end > ${now}::timestamptz
        and exists (select 1 from webhook_endpoints e where e.organization_id = o.id and e.deleted_at is null and e.events @> ${JSON.stringify([takes])}::jsonb)`}
    order by m.organization_id, f.id, m.vehicle_id nulls last`.execute(db);
  return rows.rows.map((row) => {
    const ruling = row.days_ago === null ? String(row.ruling_date).slice(0, 10) : addDays(today, -row.days_ago);
    const lastDay = row.discount_days > 0 ? addDays(ruling, row.discount_days) : null;
    const active = !row.paid && lastDay !== null && today <= lastDay;
    return {
      organizationId: row.organization_id,
      fine: {
        id: row.id,
        uin: row.uin,
        article: row.article,
        articleTitle: row.article_title,
        rulingDate: ruling,
        place: row.address,
        vehicleId: row.vehicle_id,
        driverId: row.driver_id,
        vehiclePlate: `${row.plate_number} ${row.plate_region}`,
        fullAmountKopecks: Number(row.full_kopecks),
        amountToPayKopecks: row.paid ? 0 : Number(active ? row.discount_kopecks : row.full_kopecks),
        discountActive: active,
        discountLastDay: lastDay,
        paid: row.paid,
      },
    };
  });
}
