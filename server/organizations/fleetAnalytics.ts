import { sql } from 'kysely';
import type { AnalyticsBar, FleetAnalyticsReply } from '../../src/api/structs/fleetAnalytics.ts';
import type { FleetFine } from '../../src/api/structs/organization.ts';
import type { AppDeps } from '../appDeps.ts';
import { allFleetFines } from './fleetExport.ts';
import { articleLabel } from '../../src/lib/koapCitation.ts';
import { todayOf } from '../fines/fineStore.ts';

/** Bars a chart of articles, vehicles or drivers shows (the most fined first); months show every month. */
const TOP = 10;

/** Roubles summed without float drift. */
const roubles = (values: readonly number[]) => values.reduce((sum, v) => sum + Math.round(v * 100), 0) / 100;

/** Groups fines into bars by a key, with a label for each key. */
function bars(fines: readonly FleetFine[], keyOf: (fine: FleetFine) => string | undefined, labelOf: (fine: FleetFine) => string): AnalyticsBar[] {
  const groups = new Map<string, { label: string; amounts: number[] }>();
  for (const fine of fines) {
    const key = keyOf(fine);
    if (key === undefined) continue;
    const group = groups.get(key) ?? { label: labelOf(fine), amounts: [] };
    group.amounts.push(fine.fullAmount);
    groups.set(key, group);
  }
  return [...groups].map(([key, { label, amounts }]) => ({ key, label, count: amounts.length, amount: roubles(amounts) }));
}

/** The most fined first, at most TOP. */
const top = (list: AnalyticsBar[]) => list.sort((a, b) => b.count - a.count || b.amount - a.amount || a.label.localeCompare(b.label, 'ru')).slice(0, TOP);

/** 'YYYY-MM' as 'ноябрь 2026'. */
function monthLabel(month: string): string {
  return new Date(`${month}-15T12:00:00Z`).toLocaleDateString('ru-RU', { month: 'long', year: 'numeric', timeZone: 'UTC' }).replace(' г.', '');
}

/** Months the chart by month shows at most: the last two years. */
export const MONTHS_SHOWN = 24;

/** Every month from `first` to `last` ('YYYY-MM', both included), in order. */
export function monthRange(first: string, last: string): string[] {
  const months: string[] = [];
  let [year, month] = first.split('-').map(Number) as [number, number];
  for (let key = first; key <= last; ) {
    months.push(key);
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
    key = `${year}-${String(month).padStart(2, '0')}`;
  }
  return months;
}

/**
 * The fines by month as a continuous run from the first month with a fine to this month: a month
 * without fines is a bar of zero, not a gap that makes two far months look adjacent. At most the last
 * MONTHS_SHOWN months.
 */
export function monthBars(fines: readonly FleetFine[], thisMonth: string): AnalyticsBar[] {
  const found = new Map(bars(fines, (f) => f.rulingDate.slice(0, 7), () => '').map((bar) => [bar.key, bar]));
  if (found.size === 0) return [];
  const keys = [...found.keys()].sort();
  const last = [keys.at(-1) ?? thisMonth, thisMonth].sort().at(-1) ?? thisMonth;
  return monthRange(keys[0] ?? last, last)
    .slice(-MONTHS_SHOWN)
    .map((key) => ({ key, label: monthLabel(key), count: found.get(key)?.count ?? 0, amount: found.get(key)?.amount ?? 0 }));
}

/**
 * /fine-analytics/: the fines of the account's fleets (or one organization's) by month, article,
 * vehicle and driver, what paying within the discount saved (from the payment orders: the full sum
 * less what was paid), and what paying the fines whose discount still runs would save now. Masked as
 * the list is; another account's organization is a 404 (allFleetFines checks it).
 */
export async function fleetAnalytics(deps: AppDeps, userId: number, organization: number | undefined): Promise<FleetAnalyticsReply> {
  const fines = await allFleetFines(deps, userId, { organization });
  const running = fines.filter((f) => !f.paid && f.discountActive);
  let saved = 0;
  let paidWithDiscount = 0;
  const paidIds = fines.filter((f) => f.paid).map((f) => f.id);
  if (paidIds.length > 0) {
    const row = await sql<{ saved: string | null; count: string }>`
      select sum(f.full_kopecks - o.amount_kopecks) as saved, count(*) as count
      from orders o join fines f on f.id = o.fine_id
      where o.fine_id in (${sql.join(paidIds)}) and o.amount_kopecks < f.full_kopecks`.execute(deps.db);
    saved = Number(row.rows[0]?.saved ?? 0) / 100;
    paidWithDiscount = Number(row.rows[0]?.count ?? 0);
  }
  return {
    total: { count: fines.length, amount: roubles(fines.map((f) => f.fullAmount)) },
    byMonth: monthBars(fines, todayOf(deps).slice(0, 7)),
    byArticle: top(bars(fines, (f) => f.article, (f) => `${articleLabel(f.article)}: ${f.articleTitle}`)),
    byVehicle: top(bars(fines, (f) => (f.vehicleId === null ? undefined : String(f.vehicleId)), (f) => f.foundBy)),
    byDriver: top(bars(fines, (f) => (f.driverId === null ? undefined : String(f.driverId)), (f) => f.foundBy)),
    savings: { saved, paidWithDiscount, canSaveNow: roubles(running.map((f) => f.fullAmount - f.amountToPay)), discountRunning: running.length },
    masked: fines.some((f) => f.masked),
  };
}
