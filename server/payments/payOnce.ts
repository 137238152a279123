import { fineAmounts } from '../../src/lib/discounts.ts';
import { moscowToday } from '../../src/lib/isoDate.ts';
import type { AppDeps } from '../appDeps.ts';
import type { ReadableFine } from '../fines/fineQueries.ts';
import { ApiError } from '../http/apiError.ts';
import type { ChargeRegister, ChargeState } from '../providers/gisgmp/chargeRegister.ts';
import { sandboxChargeRegister } from '../providers/gisgmp/sandboxRegister.ts';
import { payableFines } from './payableFines.ts';
import { recordPaymentEvent } from './paymentStore.ts';

// Pay once (issue 25 §3): before money is taken for a fine — by hand or automatically — the fine must
// not be paid already: not through us (whoever started that payment), and not anywhere else as far as
// the source knows. A fine the source shows paid or cancelled is marked so here and refused.

/** The source's register of charges: the one the app was given, else the sandbox over its database. */
export function chargeRegisterOf(deps: Pick<AppDeps, 'db' | 'charges'>): ChargeRegister {
  return deps.charges ?? sandboxChargeRegister(deps.db);
}

/** 'YYYY-MM-DD' as people read it: '16.03.2026'. */
const ruDay = (isoDay: string) => `${isoDay.slice(8, 10)}.${isoDay.slice(5, 7)}.${isoDay.slice(0, 4)}`;

/** Why a fine must not be paid, in the words the payer sees (with its УИН when the payment has several fines). */
export function refusal(reason: { state: 'paid' | 'cancelled'; since: string }, uin: string | undefined): string {
  const which = uin === undefined ? 'Штраф' : `Штраф ${uin}`;
  return reason.state === 'paid' ? `${which} уже оплачен ${ruDay(reason.since)} — повторно платить не нужно` : `${which} отменён ${ruDay(reason.since)} — платить не нужно`;
}

/** What is known here already: paid (through us or as the source said before), or marked cancelled. */
async function knownRefusal(deps: AppDeps, entry: ReadableFine): Promise<{ state: 'paid' | 'cancelled'; since: string } | undefined> {
  const marked = await deps.db.selectFrom('fine_source_states').select(['state', 'since']).where('fine_id', '=', entry.fine.id).executeTakeFirst();
  if (marked !== undefined) return marked;
  if (!entry.fine.paid) return undefined;
  const last = entry.orders.at(-1);
  return { state: 'paid', since: moscowToday((last?.paid_at ?? deps.clock()).getTime()) };
}

/** Keeps what the source said: a paid fine becomes paid here (with an order at the source's day, so lists show it paid), a cancelled one is marked. */
async function markFromSource(deps: AppDeps, entry: ReadableFine, state: Extract<ChargeState, { since: string }>): Promise<void> {
  const now = deps.clock();
  await deps.db.transaction().execute(async (tx) => {
    const fresh = await tx.insertInto('fine_source_states').values({ fine_id: entry.fine.id, state: state.state, since: state.since, checked_at: now }).onConflict((oc) => oc.column('fine_id').doNothing()).returning('fine_id').executeTakeFirst();
    if (fresh === undefined || state.state !== 'paid') return;
    const paidNow = await tx.updateTable('fines').set({ paid: true }).where('id', '=', entry.fine.id).where('paid', '=', false).returning('id').executeTakeFirst();
    if (paidNow === undefined) return;
    const amounts = fineAmounts({ rulingDate: entry.fine.ruling_date, article: entry.fine.article, amount: Number(entry.fine.amount), today: state.since < entry.fine.ruling_date ? entry.fine.ruling_date : state.since });
    await tx.insertInto('orders').values({ fine_id: entry.fine.id, status: 'paid', amount_kopecks: Math.round(amounts.amountToPay * 100), paid_at: new Date(`${state.since}T12:00:00+03:00`) }).execute();
  });
}

/** Why a fine must not be paid: paid (here or elsewhere) or cancelled, since a day, in the payer's words. */
export type AlreadySettled = { fineId: number; uin: string; state: 'paid' | 'cancelled'; since: string; message: string };

/**
 * The first of these fines (those the user may pay) that must not be paid: paid already — through us,
 * whoever paid it — or shown paid or cancelled by the source (which is then kept here); undefined
 * when all may be paid. A source that does not answer does not stop the payment: the check is
 * recorded, and money that reaches an already paid charge is returned by the treasury on request,
 * which beats refusing every payment while the source is down. Autopay asks this before charging.
 */
export async function alreadySettled(deps: AppDeps, userId: number, fineIds: readonly number[]): Promise<AlreadySettled | undefined> {
  const found = await payableFines(deps, userId, [...new Set(fineIds)]);
  const several = found.length > 1;
  const settled = (entry: ReadableFine, reason: { state: 'paid' | 'cancelled'; since: string }): AlreadySettled => ({ fineId: entry.fine.id, uin: entry.fine.uin, state: reason.state, since: reason.since, message: refusal(reason, several ? entry.fine.uin : undefined) });
  for (const entry of found) {
    const known = await knownRefusal(deps, entry);
    if (known !== undefined) return settled(entry, known);
  }
  const register = chargeRegisterOf(deps);
  for (const entry of found) {
    let state: ChargeState;
    try {
      state = await register.chargeState(entry.fine.uin, deps.clock());
    } catch {
      state = { state: 'unknown' };
    }
    if (state.state === 'unknown') await recordPaymentEvent(deps.db, null, 'payOnce.source', 'unknown', deps.clock());
    if (state.state !== 'paid' && state.state !== 'cancelled') continue;
    await markFromSource(deps, entry, state);
    return settled(entry, state);
  }
  return undefined;
}

/** Refuses (409, the payer's words) a payment of fines of which one must not be paid (alreadySettled); fines the user may not pay are left to the quote (404). */
export async function ensureNotPaidYet(deps: AppDeps, userId: number, fineIds: readonly number[]): Promise<void> {
  const settled = await alreadySettled(deps, userId, fineIds);
  if (settled !== undefined) throw new ApiError(409, settled.message);
}
