import { array, number, object, optional, string, type } from 'superstruct';
import type { Infer } from 'superstruct';
import { textField } from './fields.ts';

/** `GET /105/api/admin/analytics` query: how many days back (1–90, default 30). */
export const AnalyticsQuery = object({ days: optional(textField(2)) });

/** One day of the team's analytics. */
export const AnalyticsDay = type({
  day: string(),
  screens: number(),
  visitors: number(),
  searches: number(),
  funnel: type({ searched: number(), found: number(), payment: number(), paid: number() }),
});

/** `GET /105/api/admin/analytics` reply. */
export const AnalyticsReply = type({ days: array(AnalyticsDay), topScreens: array(type({ name: string(), views: number() })) });
/** The dashboard's data. */
export type AnalyticsReply = Infer<typeof AnalyticsReply>;
