import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { moscowToday } from '../../../src/lib/isoDate.ts';
import type { Database } from '../../db/schema.ts';
import type { ChargeRegister } from './chargeRegister.ts';

/** How long the sandbox source takes to show a payment reported to it, when GISGMP_SANDBOX_DELAY_SECONDS is unset. */
export const DEFAULT_GISGMP_DELAY_MS = 3 * 60_000;

/** The sandbox participant's code in a payment number (УИП: 32 characters, the participant first). */
const SANDBOX_PARTICIPANT = '10A1B2C3';

/**
 * The sandbox source's register, in the database (every API process sees the same): a charge is
 * unpaid unless the sandbox controls said it was paid elsewhere or cancelled, or a payment reported
 * by us has been there for `delayMs` (ГИС ГМП takes its time to match a payment to its charge).
 */
export function sandboxChargeRegister(db: Kysely<Database>, options: { delayMs?: number } = {}): ChargeRegister {
  const delayMs = options.delayMs ?? DEFAULT_GISGMP_DELAY_MS;
  return {
    sandbox: true,
    async chargeState(uin, now) {
      const set = await db.selectFrom('sandbox_charge_states').select(['state', 'since']).where('uin', '=', uin).executeTakeFirst();
      if (set !== undefined) return { state: set.state, since: set.since };
      const reported = await db.selectFrom('sandbox_gisgmp_payments').select(['paid_at', 'received_at']).where('uin', '=', uin).executeTakeFirst();
      if (reported !== undefined && reported.received_at.getTime() + delayMs <= now.getTime()) return { state: 'paid', since: moscowToday(reported.paid_at.getTime()) };
      return { state: 'unpaid' };
    },
    async reportPayment(report, now) {
      const day = moscowToday(report.paidAt.getTime()).replaceAll('-', '');
      const number = `${SANDBOX_PARTICIPANT}${day}${String(randomInt(0, 1e8)).padStart(8, '0')}${String(randomInt(0, 1e8)).padStart(8, '0')}`;
      await db.insertInto('sandbox_gisgmp_payments').values({ uin: report.uin, number, amount_kopecks: report.amountKopecks, paid_at: report.paidAt, received_at: now }).onConflict((oc) => oc.column('uin').doNothing()).execute();
      const row = await db.selectFrom('sandbox_gisgmp_payments').select('number').where('uin', '=', report.uin).executeTakeFirstOrThrow();
      return { number: row.number };
    },
  };
}

/** Sandbox control: the source shows the charge paid elsewhere (or cancelled) since a day. */
export async function setSandboxChargeState(db: Kysely<Database>, uin: string, state: 'paid' | 'cancelled', since: string): Promise<void> {
  await db.insertInto('sandbox_charge_states').values({ uin, state, since }).onConflict((oc) => oc.column('uin').doUpdateSet({ state, since })).execute();
}
