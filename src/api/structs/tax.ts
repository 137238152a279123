import { array, boolean, number, string, type } from 'superstruct';
import type { Infer } from 'superstruct';
import { Payee } from './fine.ts';
import { Kopecks, Roubles } from './fields.ts';

/** A tax accrual found by its УИН (ФНС): amounts in roubles, dates YYYY-MM-DD. */
export const Tax = type({
  uin: string(),
  /** E.g. "Транспортный налог". */
  title: string(),
  /** The tax year. */
  period: number(),
  /** Roubles, and the same in kopecks. */
  amount: Roubles,
  amountKopecks: Kopecks,
  paymentDeadline: string(),
  paid: boolean(),
  /** The tax office, e.g. "Межрайонная ИФНС России № 46 по г. Москве". */
  taxAuthority: string(),
  payee: Payee,
});
/** A tax accrual. */
export type Tax = Infer<typeof Tax>;

/** `GET /105/api/tax/uinInfo?uin=` reply: zero or one accrual. */
export const TaxListReply = type({ taxes: array(Tax) });
