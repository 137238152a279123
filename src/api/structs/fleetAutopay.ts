import { array, nullable, object, string, type, union, literal } from 'superstruct';
import type { Infer } from 'superstruct';
import { AutopayCard, AutopayCharge, LimitRub } from './autopay.ts';
import { Kopecks } from './fields.ts';

/** `PUT /105/api/organization/{id}/autopay` body: turn the fleet's autopay on (or change its limits), whole roubles. */
export const FleetAutopayInput = object({ maxFineRub: LimitRub, monthlyRub: LimitRub });
/** The body above, as sent. */
export type FleetAutopayInput = Infer<typeof FleetAutopayInput>;

/** The fleet's autopay when on: its limits and since when fines are paid. */
export const FleetAutopayRule = type({ maxFineKopecks: Kopecks, monthlyKopecks: Kopecks, since: string() });

/**
 * `GET /105/api/organization/{id}/autopay` reply: whether autopay is offered, the owner's bound card
 * (bound in the profile), the fleet's rule (null: off), whether the subscription lets it run, and the
 * fleet's fines autopay found.
 */
export const FleetAutopayState = type({
  available: union([literal(true), literal(false)]),
  card: nullable(AutopayCard),
  rule: nullable(FleetAutopayRule),
  subscriptionPaid: union([literal(true), literal(false)]),
  charges: array(AutopayCharge),
});
/** The reply above. */
export type FleetAutopayState = Infer<typeof FleetAutopayState>;
