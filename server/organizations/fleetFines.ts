import { sql } from 'kysely';
import type { FleetFine, FleetFinesReply } from '../../src/api/structs/organization.ts';
import { fineAmounts } from '../../src/lib/discounts.ts';
import { addDays } from '../../src/lib/isoDate.ts';
import { maskDocument, maskPlace, maskPlate, maskUin } from '../../src/lib/masking.ts';
import { subscriptionState } from '../../src/lib/subscription.ts';
import type { AppDeps } from '../appDeps.ts';
import { notFound } from '../http/apiError.ts';
import { dateShift } from '../fines/fineView.ts';
import { lookupSubject, todayOf } from '../fines/fineStore.ts';
import type { FineSubject } from '../providers/fines/provider.ts';
import { listOrganizations } from './organizationStore.ts';

/** What the fleet's fines are filtered by. */
export type FleetFilters = { organization?: number | undefined; vehicle?: number | undefined; paid?: 0 | 1 | undefined; discount?: boolean | undefined; page: number; showBy: number };

/** How long one request may spend looking up fleet documents the source has not been asked about yet. */
const LOOKUP_BUDGET_MS = 1_500;

/** A fine of the fleet before paging: enough to filter, sort, total. */
type Light = { id: number; organizationId: number; vehicleId: number | null; driverId: number | null; rulingDate: string; paid: boolean; fullAmount: number; amountToPay: number; discountActive: boolean; discountLastDay: string | null };

/**
 * Asks the source about fleet documents it has not been asked about (at most for LOOKUP_BUDGET_MS);
 * answers whether some are left for the next request.
 */
async function lookUpPending(deps: AppDeps, organizationIds: readonly number[]): Promise<boolean> {
  if (organizationIds.length === 0) return false;
  const started = performance.now();
  const pending = await sql<{ kind: string; sts: string | null; plate_number: string | null; plate_region: string | null; number: string | null }>`
    select 'sts' as kind, v.sts, v.plate_number, v.plate_region, null as number from fleet_vehicles v
      where v.organization_id in (${sql.join(organizationIds)}) and not exists (select 1 from fine_subjects s where s.key = v.subject_key)
    union all
    select 'dl' as kind, null, null, null, d.number from fleet_drivers d
      where d.organization_id in (${sql.join(organizationIds)}) and not exists (select 1 from fine_subjects s where s.key = d.subject_key)
    limit 1000`.execute(deps.db);
  for (const row of pending.rows) {
    if (performance.now() - started > LOOKUP_BUDGET_MS) return true;
    const subject: FineSubject =
      row.kind === 'dl' ? { kind: 'dl', driverLicense: row.number ?? '' } : { kind: 'sts', sts: row.sts ?? '', plateNumber: row.plate_number ?? '', plateRegion: row.plate_region ?? '' };
    await lookupSubject(deps, subject);
  }
  return pending.rows.length === 1000;
}

/**
 * The fines of the account's fleets (one organization, one vehicle, paid or not, discount running),
 * newest first, one page, with totals over everything matched. An organization in demo or with an
 * ended subscription gets its fines with asterisks (spec §3): the masking happens here, so hidden
 * data never leaves the server. Another account's organization or vehicle: 404.
 */
export async function listFleetFines(deps: AppDeps, userId: number, filters: FleetFilters): Promise<FleetFinesReply> {
  const now = deps.clock();
  const today = todayOf(deps);
  const organizations = await listOrganizations(deps.db, userId);
  const chosen = filters.organization === undefined ? organizations : organizations.filter((o) => o.id === filters.organization);
  if (chosen.length === 0 && filters.organization !== undefined) throw notFound();
  const ids = chosen.map((o) => o.id);
  if (filters.vehicle !== undefined) {
    const own = await deps.db.selectFrom('fleet_vehicles').select('id').where('id', '=', filters.vehicle).where('organization_id', 'in', ids.length > 0 ? ids : [0]).executeTakeFirst();
    if (own === undefined) throw notFound();
  }
  const isWait = await lookUpPending(deps, ids);
  const light: Light[] = [];
  if (ids.length > 0) {
    const rows = await sql<{ id: number; organization_id: number; vehicle_id: number | null; driver_id: number | null; article: string; amount: number; ruling_date: string; days_ago: number | null; paid: boolean }>`
      select f.id, v.organization_id, v.id as vehicle_id, null::integer as driver_id, f.article, f.amount, f.ruling_date, f.days_ago, f.paid
        from fleet_vehicles v join fines f on f.subject_key = v.subject_key
        where v.organization_id in (${sql.join(ids)}) ${filters.vehicle === undefined ? sql`` : sql`and v.id = ${filters.vehicle}`}
      ${
        filters.vehicle === undefined
          ? sql`union all
      select f.id, d.organization_id, null::integer, d.id, f.article, f.amount, f.ruling_date, f.days_ago, f.paid
        from fleet_drivers d join fines f on f.subject_key = d.subject_key
        where d.organization_id in (${sql.join(ids)})`
          : sql``
      }`.execute(deps.db);
    const seen = new Set<string>();
    for (const row of rows.rows) {
      const key = `${row.organization_id}:${row.id}`;
      if (seen.has(key)) continue; // found by a vehicle and by its driver: once
      seen.add(key);
      const rulingDate = addDays(row.ruling_date, dateShift(row, today));
      const amounts = fineAmounts({ rulingDate, article: row.article, amount: row.amount, today });
      light.push({
        id: row.id,
        organizationId: row.organization_id,
        vehicleId: row.vehicle_id,
        driverId: row.driver_id,
        rulingDate,
        paid: row.paid,
        fullAmount: amounts.fullAmount,
        amountToPay: row.paid ? 0 : amounts.amountToPay,
        discountActive: !row.paid && amounts.discountActive,
        discountLastDay: amounts.discountLastDay,
      });
    }
  }
  const matched = light
    .filter((f) => (filters.paid === undefined ? true : f.paid === (filters.paid === 1)) && (!filters.discount || f.discountActive))
    .sort((a, b) => (a.rulingDate < b.rulingDate ? 1 : a.rulingDate > b.rulingDate ? -1 : b.id - a.id));
  const cents = (values: number[]) => values.reduce((sum, v) => sum + Math.round(v * 100), 0) / 100;
  const unpaid = matched.filter((f) => !f.paid);
  const page = matched.slice((filters.page - 1) * filters.showBy, filters.page * filters.showBy);
  const items = await pageItems(deps, page, new Map(chosen.map((o) => [o.id, { name: o.name, masked: subscriptionState(o.subscribe_type, o.subscription_end, now).masked }])));
  return {
    items,
    total: matched.length,
    page: filters.page,
    showBy: filters.showBy,
    totals: {
      count: matched.length,
      unpaid: unpaid.length,
      toPay: cents(unpaid.map((f) => f.amountToPay)),
      discounted: unpaid.filter((f) => f.discountActive).length,
      savings: cents(unpaid.filter((f) => f.discountActive).map((f) => f.fullAmount - f.amountToPay)),
    },
    ...(isWait ? { isWait: true as const } : {}),
  };
}

/** The page's fines in full, masked where the organization's subscription says so. */
async function pageItems(deps: AppDeps, page: readonly Light[], organizations: Map<number, { name: string; masked: boolean }>): Promise<FleetFine[]> {
  if (page.length === 0) return [];
  const fines = await deps.db.selectFrom('fines').select(['id', 'uin', 'article', 'article_title', 'address', 'plate_number', 'plate_region']).where('id', 'in', page.map((f) => f.id)).execute();
  const drivers = await deps.db.selectFrom('fleet_drivers').select(['id', 'number']).where('id', 'in', [0, ...page.flatMap((f) => (f.driverId === null ? [] : [f.driverId]))]).execute();
  const byId = new Map(fines.map((f) => [f.id, f]));
  const licence = new Map(drivers.map((d) => [d.id, d.number]));
  return page.map((light) => {
    const fine = byId.get(light.id);
    const organization = organizations.get(light.organizationId);
    const masked = organization?.masked ?? true;
    const plate = fine === undefined ? '' : `${masked ? maskPlate(fine.plate_number) : fine.plate_number} ${fine.plate_region}`;
    const driver = light.driverId === null ? undefined : licence.get(light.driverId);
    return {
      id: light.id,
      organizationId: light.organizationId,
      organizationName: organization?.name ?? '',
      vehicleId: light.vehicleId,
      driverId: light.driverId,
      foundBy: driver === undefined ? plate : `ВУ ${masked ? maskDocument(driver) : driver}`,
      uin: masked ? maskUin(fine?.uin ?? '') : (fine?.uin ?? ''),
      article: fine?.article ?? '',
      articleTitle: fine?.article_title ?? '',
      rulingDate: light.rulingDate,
      place: masked ? maskPlace(fine?.address ?? '') : (fine?.address ?? ''),
      fullAmount: light.fullAmount,
      amountToPay: light.amountToPay,
      discountActive: light.discountActive,
      discountLastDay: light.discountLastDay,
      paid: light.paid,
      masked,
    };
  });
}
