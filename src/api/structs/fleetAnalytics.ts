import { array, boolean, number, object, optional, string, type } from 'superstruct';
import type { Infer } from 'superstruct';
import { Id, Roubles } from './fields.ts';

/** Query of GET /105/api/organization/fines/analytics: one organization, or all of the account's. */
export const FleetAnalyticsQuery = object({ organization: optional(Id) });

/** One bar: what it counts (a month, an article, a vehicle, a driver), its label, the fines and their full sum (roubles). */
export const AnalyticsBar = type({ key: string(), label: string(), count: number(), amount: Roubles });
/** A bar. */
export type AnalyticsBar = Infer<typeof AnalyticsBar>;

/** Reply of GET /105/api/organization/fines/analytics: the fleet's fines grouped four ways, and what the discount saved. */
export const FleetAnalyticsReply = type({
  total: type({ count: number(), amount: Roubles }),
  byMonth: array(AnalyticsBar),
  byArticle: array(AnalyticsBar),
  byVehicle: array(AnalyticsBar),
  byDriver: array(AnalyticsBar),
  savings: type({
    /** Roubles saved on fines paid with the discount, and how many were. */
    saved: Roubles,
    paidWithDiscount: number(),
    /** Roubles that paying the unpaid fines with a running discount now would save, and how many there are. */
    canSaveNow: Roubles,
    discountRunning: number(),
  }),
  /** Some organizations are in demo or past their subscription: plates and licences come masked. */
  masked: boolean(),
});
/** The analytics. */
export type FleetAnalyticsReply = Infer<typeof FleetAnalyticsReply>;
