import type { Tax } from '../../../src/api/structs/tax.ts';

/** A tax accrual as the source reports it: the API's Tax without the kopeck field the API adds. */
export type SourceTax = Omit<Tax, 'amountKopecks'>;
