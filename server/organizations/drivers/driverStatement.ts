import { sql } from 'kysely';
import type { DriverStatement, StatementFine } from '../../../src/lib/driverStatement.ts';
import { plateRegionTimeZone } from '../../../src/lib/legalFacts/regionTimeZones.ts';
import { maskPlace, maskPlate, maskUin } from '../../../src/lib/masking.ts';
import { subscriptionState } from '../../../src/lib/subscription.ts';
import { zonedLocal } from '../../../src/lib/zonedTime.ts';
import { articleLabel } from '../../../src/lib/koapCitation.ts';
import type { AppDeps } from '../../appDeps.ts';
import type { FleetDriverRow } from '../fleetStore.ts';
import type { OrganizationRow } from '../organizationStore.ts';
import { matchOrganizationFines } from './driverMatching.ts';
import { todayOf } from '../../fines/fineStore.ts';

/** 'DD.MM.YYYY ЧЧ:ММ' from 'YYYY-MM-DDTHH:MM'. */
const ruDateTime = (local: string) => `${local.slice(0, 10).split('-').reverse().join('.')} ${local.slice(11, 16)}`;

/**
 * The statement of `driver` for `month` ('YYYY-MM'): the fleet fines matched to them whose violation
 * falls in that month in the vehicle region's time, with what the company paid (its payment orders;
 * for a fine the source shows paid without one, the least it could have cost: the discounted sum).
 * The fines' data is masked like the fines list while the organization is in demo or its subscription has ended.
 */
export async function driverStatement(deps: AppDeps, organization: OrganizationRow, driver: FleetDriverRow, month: string, payKopecks: number | null): Promise<DriverStatement> {
  const now = deps.clock();
  await matchOrganizationFines(deps.db, organization.id, now, todayOf(deps), { onlyNew: true });
  const from = new Date(`${month}-01T00:00:00Z`);
  const to = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1));
  // A day either side covers every Russian zone (UTC+2…+12); the exact month is taken below.
  const rows = await sql<{ violation_at: Date; uin: string; article: string; article_title: string; address: string; plate_number: string; plate_region: string; full_kopecks: string; discount_kopecks: string; paid: boolean; bearer: string | null; ordered: string | null }>`
    select m.violation_at, f.uin, f.article, f.article_title, f.address, f.plate_number, f.plate_region, f.full_kopecks, f.discount_kopecks, f.paid, m.bearer,
      (select sum(o.amount_kopecks) from orders o where o.fine_id = f.id) as ordered
    from fleet_fine_drivers m join fines f on f.id = m.fine_id
    where m.organization_id = ${organization.id} and m.driver_id = ${driver.id}
      and m.violation_at >= ${new Date(from.getTime() - 86_400_000)} and m.violation_at < ${new Date(to.getTime() + 86_400_000)}
    order by m.violation_at, f.id`.execute(deps.db);
  const masked = subscriptionState(organization.subscribe_type, organization.subscription_end, now).masked;
  const fines: StatementFine[] = rows.rows.flatMap((row) => {
    const local = zonedLocal(new Date(row.violation_at), plateRegionTimeZone(row.plate_region));
    if (local.slice(0, 7) !== month) return [];
    const paidKopecks = row.ordered !== null ? Number(row.ordered) : row.paid ? Number(row.discount_kopecks) : 0;
    return [
      {
        when: ruDateTime(local),
        uin: masked ? maskUin(row.uin) : row.uin,
        article: `${articleLabel(row.article)}: ${row.article_title}`,
        place: masked ? maskPlace(row.address) : row.address,
        vehiclePlate: `${masked ? maskPlate(row.plate_number) : row.plate_number} ${row.plate_region}`,
        fullKopecks: Number(row.full_kopecks),
        paidKopecks,
        bearer: row.bearer === 'driver' || row.bearer === 'company' ? row.bearer : null,
      },
    ];
  });
  const name = driver.full_name ?? '____________________';
  return {
    organizationName: organization.name,
    driverName: name,
    driverLicense: driver.number,
    month,
    fines,
    payKopecks,
    masked,
  };
}
