import type { AppDeps } from '../../appDeps.ts';
import { addDays } from '../../../src/lib/isoDate.ts';
import { todayOf } from '../../fines/fineStore.ts';
import { toFine } from '../../fines/fineView.ts';
import { sendScheduledNotice } from './autopayMails.ts';
import { scheduleCharges } from './chargeStore.ts';
import type { NewCharge } from './chargeStore.ts';
import { activeRules } from './ruleStore.ts';

/** The latest moment a fine may be charged: noon in Moscow, `marginDays` before the discount's last day. */
export function latestChargeAt(discountLastDay: string, marginDays: number): Date {
  return new Date(`${addDays(discountLastDay, -marginDays)}T09:00:00Z`);
}

/**
 * Schedules the fines found on autopay documents since autopay was turned on for them, unpaid and with
 * a running discount, each once: AUTOPAY_DELAY after now, never later than latestChargeAt (a fine whose
 * discount ends sooner than that is left to the reminders). Each new one gets its mail and push with
 * the cancel link. Answers how many were scheduled.
 */
export async function scheduleNewFines(deps: AppDeps, userIds?: readonly number[]): Promise<number> {
  const rules = await activeRules(deps.db, userIds);
  const now = deps.clock();
  const today = todayOf(deps);
  let scheduled = 0;
  for (const rule of rules) {
    const rows = await deps.db.selectFrom('fines').selectAll().where('subject_key', '=', rule.subject_key).where('paid', '=', false).where('created_at', '>', rule.created_at).execute();
    const charges: NewCharge[] = [];
    for (const row of rows) {
      const fine = toFine(row, today);
      if (!fine.discountActive || fine.discountLastDay === null) continue;
      const latest = latestChargeAt(fine.discountLastDay, deps.autopay.marginDays);
      if (latest.getTime() <= now.getTime()) continue;
      const chargeAt = new Date(Math.min(now.getTime() + deps.autopay.delayMs, latest.getTime()));
      charges.push({ userId: rule.user_id, ruleId: rule.id, fineId: fine.id, uin: fine.uin, amountKopecks: fine.amountToPayKopecks, discountLastDay: fine.discountLastDay, chargeAt });
    }
    for (const charge of await scheduleCharges(deps.db, charges, now)) {
      scheduled += 1;
      await sendScheduledNotice(deps, charge);
    }
  }
  return scheduled;
}
