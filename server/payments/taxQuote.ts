import { paymentTotals } from '../../src/lib/paymentTotals.ts';
import type { CommissionRule } from '../../src/lib/paymentTotals.ts';
import type { AppDeps } from '../appDeps.ts';
import { todayOf } from '../fines/fineStore.ts';
import { ApiError } from '../http/apiError.ts';
import type { TaxRow } from '../ordinances/innItemStore.ts';
import type { Quote } from './quote.ts';

/** The storage key of a tax found by its УИН alone (not through one of the user's ИНН). */
const uinKey = (uin: string) => `uin:${uin}`;

/**
 * The tax accrual with this УИН: stored already (found by an ИНН, or paid before), or asked of the
 * tax service now and stored, so a payment can hold it. Undefined when the service knows no such УИН.
 */
export async function taxByUin(deps: AppDeps, uin: string): Promise<TaxRow | undefined> {
  const stored = await deps.db.selectFrom('taxes').selectAll().where('uin', '=', uin).executeTakeFirst();
  if (stored !== undefined) return stored;
  const found = await deps.fines.findTax(uin, todayOf(deps));
  if (found === undefined) return undefined;
  await deps.db
    .insertInto('taxes')
    .values({
      subject_key: uinKey(uin),
      uin: found.uin,
      title: found.title,
      period: found.period,
      amount_kopecks: Math.round(found.amount * 100),
      payment_deadline: found.paymentDeadline,
      paid_at: found.paid ? deps.clock() : null,
      tax_authority: found.taxAuthority,
      payee: JSON.stringify(found.payee),
      created_at: deps.clock(),
    })
    .onConflict((oc) => oc.column('uin').doNothing())
    .execute();
  return deps.db.selectFrom('taxes').selectAll().where('uin', '=', uin).executeTakeFirst();
}

/**
 * Quotes taxes by their УИН, on the server (a tax is paid by its УИН, as at a bank: whoever holds the
 * УИН may pay it). An unknown УИН: 404; one paid already: 409. Taxes have no discount.
 */
export async function quoteTaxes(deps: AppDeps, uins: readonly string[], rule: CommissionRule): Promise<Quote> {
  const items = [];
  for (const uin of [...new Set(uins)]) {
    const tax = await taxByUin(deps, uin);
    if (tax === undefined) throw new ApiError(404, 'Начисление с таким УИН не найдено');
    if (tax.paid_at !== null) throw new ApiError(409, `Налог ${tax.uin} уже оплачен`);
    const amount = Number(tax.amount_kopecks);
    items.push({ fineId: null, taxId: tax.id, uin: tax.uin, title: `${tax.title} за ${tax.period} год`, article: '', amountKopecks: amount, fullKopecks: amount, discountActive: false, discountLastDay: null });
  }
  return { items, totals: paymentTotals(items, rule), recipient: 'taxes' };
}
