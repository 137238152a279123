import { sql } from 'kysely';
import type { FleetFine, FleetFinesReply } from '../../src/api/structs/organization.ts';
import { toKopecks } from '../../src/api/structs/fields.ts';
import { addDays } from '../../src/lib/isoDate.ts';
import { maskDocument, maskPlace, maskPlate, maskUin } from '../../src/lib/masking.ts';
import { subscriptionState } from '../../src/lib/subscription.ts';
import type { AppDeps } from '../appDeps.ts';
import { notFound } from '../http/apiError.ts';
import { lookupSubject, todayOf } from '../fines/fineStore.ts';
import type { FineSubject } from '../providers/fines/provider.ts';
import { listOrganizations } from './organizationStore.ts';
import { matchOrganizationFines } from './drivers/driverMatching.ts';
import { exportMarks } from './paymentOrders/paymentOrderStore.ts';

/** What the fleet's fines are filtered by. */
export type FleetFilters = { organization?: number | undefined; vehicle?: number | undefined; driver?: number | 'none' | undefined; paid?: 0 | 1 | undefined; discount?: boolean | undefined; page: number; showBy: number };

/** How long one request may spend looking up fleet documents the source has not been asked about yet. */
const LOOKUP_BUDGET_MS = 1_500;

/** A fine of the fleet before paging: enough to filter, sort, total. */
type Light = { id: number; organizationId: number; vehicleId: number | null; driverId: number | null; whoId: number | null; bearer: string | null; rulingDate: string; paid: boolean; fullAmount: number; amountToPay: number; discountActive: boolean; discountLastDay: string | null };

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
  if (typeof filters.driver === 'number') {
    const own = await deps.db.selectFrom('fleet_drivers').select('id').where('id', '=', filters.driver).where('organization_id', 'in', ids.length > 0 ? ids : [0]).executeTakeFirst();
    if (own === undefined) throw notFound();
  }
  const isWait = await lookUpPending(deps, ids);
  // Fines seen for the first time get their driver (issue 26); assignments' changes rematch their own.
  for (const id of ids) await matchOrganizationFines(deps.db, id, now, today, { onlyNew: true });
  const cents = (kopecks: unknown) => Number(kopecks ?? 0) / 100;
  let page: Light[] = [];
  let totals = { count: 0, unpaid: 0, toPay: 0, discounted: 0, savings: 0 };
  if (ids.length > 0) {
    // Discount terms are stored with each fine (server/fines/discountTerms.ts): here only today's date
    // is compared with the ruling date (moved for pinned sandbox fines) plus the discount's days.
    const branch = (table: 'fleet_vehicles' | 'fleet_drivers') => sql`
      select f.id, d.organization_id, ${table === 'fleet_vehicles' ? sql`d.id` : sql`null::integer`} as vehicle_id,
        ${table === 'fleet_drivers' ? sql`d.id` : sql`null::integer`} as driver_id,
        e.eff, f.paid, f.discount_days, f.discount_kopecks, f.full_kopecks,
        (not f.paid and f.discount_days > 0 and ${today}::date <= e.eff + f.discount_days) as active
      from ${sql.table(table)} d
      join fines f on f.subject_key = d.subject_key
      cross join lateral (select case when f.days_ago is null then f.ruling_date::date else ${today}::date - f.days_ago end as eff) e
      where d.organization_id in (${sql.join(ids)})${table === 'fleet_vehicles' && filters.vehicle !== undefined ? sql` and d.id = ${filters.vehicle}` : sql``}`;
    const fleet = filters.vehicle === undefined ? sql`${branch('fleet_vehicles')} union all ${branch('fleet_drivers')}` : branch('fleet_vehicles');
    const matched = sql`
      with fleet as (${fleet}),
      one as (select distinct on (organization_id, id) * from fleet order by organization_id, id, vehicle_id nulls last)
      select one.*, w.driver_id as who_id, w.bearer, case when paid then 0 when active then discount_kopecks else full_kopecks end as to_pay from one
      left join fleet_fine_drivers w on w.organization_id = one.organization_id and w.fine_id = one.id
      where true${filters.driver === undefined ? sql`` : filters.driver === 'none' ? sql` and w.driver_id is null` : sql` and w.driver_id = ${filters.driver}`}${filters.paid === undefined ? sql`` : sql` and paid = ${filters.paid === 1}`}${filters.discount ? sql` and active` : sql``}`;
    const [rows, sums] = await Promise.all([
      sql<{ id: number; organization_id: number; vehicle_id: number | null; driver_id: number | null; who_id: number | null; bearer: string | null; eff: string | Date; paid: boolean; active: boolean; discount_days: number; to_pay: string; full_kopecks: string }>`
        select * from (${matched}) m order by eff desc, id desc limit ${filters.showBy} offset ${(filters.page - 1) * filters.showBy}`.execute(deps.db),
      sql<{ count: string; unpaid: string; to_pay: string | null; discounted: string; savings: string | null }>`
        select count(*) as count, count(*) filter (where not paid) as unpaid, sum(to_pay) as to_pay,
          count(*) filter (where active) as discounted, sum(full_kopecks - discount_kopecks) filter (where active) as savings
        from (${matched}) m`.execute(deps.db),
    ]);
    const isoDay = (value: string | Date) => (typeof value === 'string' ? value.slice(0, 10) : new Date(value.getTime() - value.getTimezoneOffset() * 60_000).toISOString().slice(0, 10));
    page = rows.rows.map((row) => {
      const rulingDate = isoDay(row.eff);
      return {
        id: row.id,
        organizationId: row.organization_id,
        vehicleId: row.vehicle_id,
        driverId: row.driver_id,
        whoId: row.who_id,
        bearer: row.bearer,
        rulingDate,
        paid: row.paid,
        fullAmount: cents(row.full_kopecks),
        amountToPay: cents(row.to_pay),
        discountActive: row.active,
        discountLastDay: row.discount_days > 0 ? addDays(rulingDate, row.discount_days) : null,
      };
    });
    const sum = sums.rows[0];
    totals = {
      count: Number(sum?.count ?? 0),
      unpaid: Number(sum?.unpaid ?? 0),
      toPay: cents(sum?.to_pay),
      discounted: Number(sum?.discounted ?? 0),
      savings: cents(sum?.savings),
    };
  }
  const items = await pageItems(deps, page, new Map(chosen.map((o) => [o.id, { name: o.name, masked: subscriptionState(o.subscribe_type, o.subscription_end, now).masked }])));
  return {
    items,
    total: totals.count,
    page: filters.page,
    showBy: filters.showBy,
    totals,
    ...(isWait ? { isWait: true as const } : {}),
  };
}

/** The page's fines in full, masked where the organization's subscription says so. */
async function pageItems(deps: AppDeps, page: readonly Light[], organizations: Map<number, { name: string; masked: boolean }>): Promise<FleetFine[]> {
  if (page.length === 0) return [];
  const fines = await deps.db.selectFrom('fines').select(['id', 'uin', 'article', 'article_title', 'address', 'plate_number', 'plate_region']).where('id', 'in', page.map((f) => f.id)).execute();
  const drivers = await deps.db.selectFrom('fleet_drivers').select(['id', 'number', 'full_name']).where('id', 'in', [0, ...page.flatMap((f) => [f.driverId, f.whoId].filter((id): id is number => id !== null))]).execute();
  const byId = new Map(fines.map((f) => [f.id, f]));
  const exported = await unpaidExportMarks(deps, page);
  const licence = new Map(drivers.map((d) => [d.id, d.number]));
  const named = new Map(drivers.map((d) => [d.id, d]));
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
      fullAmountKopecks: toKopecks(light.fullAmount),
      amountToPayKopecks: toKopecks(light.amountToPay),
      discountActive: light.discountActive,
      discountLastDay: light.discountLastDay,
      paid: light.paid,
      masked,
      whoDrove: whoDrove(light.whoId === null ? undefined : named.get(light.whoId)),
      bearer: light.bearer === 'company' || light.bearer === 'driver' ? light.bearer : null,
      exportedAt: exported.get(`${light.organizationId}-${light.id}`)?.toISOString() ?? null,
    };
  });
}

/** When each unpaid fine of the page went into its organization's payment order, by `organization-fine`: a paid one loses the mark. */
async function unpaidExportMarks(deps: AppDeps, page: readonly Light[]): Promise<Map<string, Date>> {
  const marks = new Map<string, Date>();
  const byOrganization = Map.groupBy(page.filter((f) => !f.paid), (f) => f.organizationId);
  for (const [organizationId, fines] of byOrganization) {
    for (const [fineId, at] of await exportMarks(deps.db, organizationId, fines.map((f) => f.id))) marks.set(`${organizationId}-${fineId}`, at);
  }
  return marks;
}

/** The driver shown on a fine: the name, or the licence when there is none (the company's own records: not masked in demo). */
function whoDrove(driver: { id: number; number: string; full_name: string | null } | undefined): { id: number; name: string } | null {
  return driver === undefined ? null : { id: driver.id, name: driver.full_name ?? `ВУ ${driver.number}` };
}
