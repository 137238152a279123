import type { Kysely, Transaction } from 'kysely';
import type { AppDeps } from '../../appDeps.ts';
import type { Database } from '../../db/schema.ts';
import { todayOf } from '../../fines/fineStore.ts';
import { toFine } from '../../fines/fineView.ts';
import { emitAutopayScheduled } from '../../integrations/webhooks/events.ts';
import type { FineSubject } from '../../providers/fines/provider.ts';
import { sendScheduledNotice } from './autopayMails.ts';
import { scheduleCharges } from './chargeStore.ts';
import type { ChargeRow, NewCharge } from './chargeStore.ts';
import { activeFleetRules } from './fleetRuleStore.ts';
import type { RuleRow } from './ruleStore.ts';
import { latestChargeAt } from './scheduleFines.ts';

/**
 * New fines of a fleet since its autopay was on: unpaid, of a vehicle or driver of the organization,
 * and news — stored after the rule, after the vehicle or driver joined the fleet, and after the source
 * was first asked about it (what a document holds when it is first checked is not news, as for fine.new).
 */
function newFleetFines(db: Kysely<Database>, rule: RuleRow) {
  const organizationId = rule.organization_id ?? 0;
  return db
    .selectFrom('fines as f')
    .innerJoin('fine_subjects as s', 's.key', 'f.subject_key')
    .selectAll('f')
    .where('f.paid', '=', false)
    .where('f.created_at', '>', rule.created_at)
    .whereRef('f.created_at', '>', 's.generated_at')
    .where((eb) =>
      eb.or([
        eb.exists(eb.selectFrom('fleet_vehicles as v').select('v.id').where('v.organization_id', '=', organizationId).whereRef('v.subject_key', '=', 'f.subject_key').whereRef('v.created_at', '<', 'f.created_at')),
        eb.exists(eb.selectFrom('fleet_drivers as d').select('d.id').where('d.organization_id', '=', organizationId).whereRef('d.subject_key', '=', 'f.subject_key').whereRef('d.created_at', '<', 'f.created_at')),
      ]),
    )
    .where((eb) => eb.not(eb.exists(eb.selectFrom('autopay_charges as a').select('a.id').where('a.user_id', '=', rule.user_id).whereRef('a.fine_id', '=', 'f.id'))))
    .orderBy('f.id')
    .limit(1000)
    .execute();
}

/**
 * Schedules the new fines of every fleet with autopay on (the owner's card, the same timing as a
 * person's), each once; the integrators' `autopay.scheduled` event is written in the same transaction
 * as the charge, so it exists exactly when the charge does. Each new charge then gets the owner's mail
 * and push with the cancel link. Answers how many were scheduled.
 */
export async function scheduleFleetFines(deps: AppDeps): Promise<number> {
  const now = deps.clock();
  const today = todayOf(deps);
  let scheduled = 0;
  for (const rule of await activeFleetRules(deps.db, now)) {
    const organizationId = rule.organization_id;
    if (organizationId === null) continue;
    const charges: NewCharge[] = [];
    for (const row of await newFleetFines(deps.db, rule)) {
      const fine = toFine(row, today);
      if (!fine.discountActive || fine.discountLastDay === null) continue;
      const latest = latestChargeAt(fine.discountLastDay, deps.autopay.marginDays);
      if (latest.getTime() <= now.getTime()) continue;
      const chargeAt = new Date(Math.min(now.getTime() + deps.autopay.delayMs, latest.getTime()));
      charges.push({ userId: rule.user_id, ruleId: rule.id, fineId: fine.id, uin: fine.uin, amountKopecks: fine.amountToPayKopecks, discountLastDay: fine.discountLastDay, chargeAt, organizationId });
    }
    const made = await deps.db.transaction().execute(async (tx): Promise<ChargeRow[]> => {
      const rows = await scheduleCharges(tx, charges, now);
      for (const charge of rows) await emitAutopayScheduled(tx, organizationId, { fineId: charge.fine_id, payAt: charge.charge_at, amountKopecks: Number(charge.amount_kopecks), autopayId: charge.id }, now);
      return rows;
    });
    for (const charge of made) {
      scheduled += 1;
      await sendScheduledNotice(deps, charge);
    }
  }
  return scheduled;
}

/** The document a fleet fine was found on, as the source is asked about it again before charging; undefined once it left the fleet. */
export async function fleetSubject(db: Kysely<Database> | Transaction<Database>, organizationId: number, fineId: number): Promise<FineSubject | undefined> {
  const fine = await db.selectFrom('fines').select('subject_key').where('id', '=', fineId).executeTakeFirst();
  if (fine === undefined) return undefined;
  const vehicle = await db.selectFrom('fleet_vehicles').select(['sts', 'plate_number', 'plate_region']).where('organization_id', '=', organizationId).where('subject_key', '=', fine.subject_key).executeTakeFirst();
  if (vehicle !== undefined) return { kind: 'sts', sts: vehicle.sts, plateNumber: vehicle.plate_number, plateRegion: vehicle.plate_region };
  const driver = await db.selectFrom('fleet_drivers').select('number').where('organization_id', '=', organizationId).where('subject_key', '=', fine.subject_key).executeTakeFirst();
  return driver === undefined ? undefined : { kind: 'dl', driverLicense: driver.number };
}
