import { paymentTotals } from '../../src/lib/paymentTotals.ts';
import type { CommissionRule, PaymentTotals } from '../../src/lib/paymentTotals.ts';
import type { AppDeps } from '../appDeps.ts';
import { todayOf } from '../fines/fineStore.ts';
import { toFine } from '../fines/fineView.ts';
import { ApiError } from '../http/apiError.ts';
import { payableFines } from './payableFines.ts';

/** A fine (or a tax) as the checkout shows and charges it: today's amount, with the discount while it runs. */
export type QuotedFine = {
  fineId: number | null;
  /** The tax accrual's row, for a tax; null for a fine. */
  taxId: number | null;
  uin: string;
  title: string;
  article: string;
  amountKopecks: number;
  fullKopecks: number;
  discountActive: boolean;
  discountLastDay: string | null;
};

/** The fines (or taxes) of a payment at this moment, the totals, and what is paid. */
export type Quote = { items: QuotedFine[]; totals: PaymentTotals; recipient?: 'fines' | 'taxes' };

const kopecks = (roubles: number) => Math.round(roubles * 100);

/**
 * Quotes the user's fines now, on the server: every id must be a fine the user may see, or a fine of a
 * fleet they run with a paid subscription (else 404, the same answer as for a fine that does not
 * exist), and not paid yet (409).
 */
export async function quoteFines(deps: AppDeps, userId: number, ids: readonly number[], rule: CommissionRule): Promise<Quote> {
  const unique = [...new Set(ids)];
  const found = await payableFines(deps, userId, unique);
  if (found.length !== unique.length) throw new ApiError(404, 'Штраф не найден');
  const today = todayOf(deps);
  const byId = new Map(found.map((entry) => [entry.fine.id, entry]));
  const items = unique.map((id): QuotedFine => {
    const entry = byId.get(id);
    if (entry === undefined) throw new ApiError(404, 'Штраф не найден');
    const fine = toFine(entry.fine, today, entry.shownAs);
    if (fine.paid) throw new ApiError(409, `Штраф ${fine.uin} уже оплачен`);
    return {
      fineId: fine.id,
      taxId: null,
      uin: fine.uin,
      title: fine.articleTitle,
      article: fine.article,
      amountKopecks: kopecks(fine.amountToPay),
      fullKopecks: kopecks(fine.fullAmount),
      discountActive: fine.discountActive,
      discountLastDay: fine.discountActive ? fine.discountLastDay : null,
    };
  });
  return { items, totals: paymentTotals(items, rule) };
}
