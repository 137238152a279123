import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { TRACKING_EVENTS, TRACKING_FORMS } from '../../src/lib/trackingNames.ts';

/** One day of the team's dashboard (Moscow days). */
export type AnalyticsDay = {
  day: string;
  /** Screens viewed, and distinct visitors who viewed any. */
  screens: number;
  visitors: number;
  /** Search forms sent. */
  searches: number;
  /** The funnel, in distinct visitors: searched → a search found a fine → opened the payment page → paid. */
  funnel: { searched: number; found: number; payment: number; paid: number };
};

/** The most viewed screens over the period. */
export type TopScreen = { name: string; views: number };

/** The analytics of the last `days` days up to `now`, from the events table (one scan, grouped by day). */
export async function analyticsByDay(db: Kysely<Database>, now: Date, days: number): Promise<{ days: AnalyticsDay[]; topScreens: TopScreen[] }> {
  const from = new Date(now.getTime() - days * 86_400_000);
  // The search form and its outcome under the names the site sends them (src/lib/trackingNames.ts).
  // A visitor is their tracking id, or their user id for events sent without one (POST /tracking).
  const visitor = sql`coalesce(tracking_id::text, 'u' || user_id::text)`;
  const rows = await sql<{ day: string; screens: string; visitors: string; searches: string; searched: string; found: string; payment: string; paid: string }>`
    select to_char(created_at at time zone 'Europe/Moscow', 'YYYY-MM-DD') as day,
      count(*) filter (where kind = 'screen') as screens,
      count(distinct ${visitor}) filter (where kind = 'screen') as visitors,
      count(*) filter (where kind = 'form' and name = ${TRACKING_FORMS.fineSearch}) as searches,
      count(distinct ${visitor}) filter (where kind = 'form' and name = ${TRACKING_FORMS.fineSearch}) as searched,
      count(distinct ${visitor}) filter (where kind = 'event' and name = ${TRACKING_EVENTS.searchResult} and (params->>'found') ~ '^[0-9]+$' and (params->>'found')::int > 0) as found,
      count(distinct ${visitor}) filter (where kind = 'screen' and name in ('prepayment', 'paymentchromeExtension', 'webviewpayment')) as payment,
      count(distinct ${visitor}) filter (where kind = 'screen' and name = 'prepaymentsuccess') as paid
    from tracking_events
    where created_at >= ${from} and created_at <= ${now}
    group by 1 order by 1`.execute(db);
  const top = await db
    .selectFrom('tracking_events')
    .select(['name', (eb) => eb.fn.countAll<string>().as('views')])
    .where('kind', '=', 'screen')
    .where('created_at', '>=', from)
    .where('created_at', '<=', now)
    .groupBy('name')
    .orderBy('views', 'desc')
    .orderBy('name')
    .limit(10)
    .execute();
  return {
    days: rows.rows.map((r) => ({
      day: r.day,
      screens: Number(r.screens),
      visitors: Number(r.visitors),
      searches: Number(r.searches),
      funnel: { searched: Number(r.searched), found: Number(r.found), payment: Number(r.payment), paid: Number(r.paid) },
    })),
    topScreens: top.map((t) => ({ name: t.name, views: Number(t.views) })),
  };
}
