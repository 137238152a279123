import { CHECKED } from './facts.ts';
import type { LegalFact } from './facts.ts';

// What an employer may withhold from an employee's pay, for the drivers' monthly statement
// (server/organizations/drivers/statement*.ts). A fine the company paid for a driver's violation is
// recovered either by the employer's order within the limits of ТК РФ ст. 248 and 138, or by the
// driver's written consent to repay (ст. 248 ч. 4). The statement proposes no more than ст. 138 allows
// from each payment, whatever the driver owes.

const fact = (value: number | string, unit: LegalFact['unit'], source: string): LegalFact => ({ value, unit, source, checked: CHECKED });

/** The withholding figures and rules, by id. */
export const WITHHOLDING_FACTS = {
  /** All deductions together from one payment of wages, in general. */
  generalCapPercent: fact(20, 'percent', 'ТК РФ ст. 138 ч. 1'),
  /** The cap where federal laws allow more (e.g. under writs of execution). */
  federalLawCapPercent: fact(50, 'percent', 'ТК РФ ст. 138 ч. 1'),
  /** The cap for alimony for minors, harm to health, a breadwinner's death, damage by a crime. */
  specialCapPercent: fact(70, 'percent', 'ТК РФ ст. 138 ч. 3'),
  /** Deductions only on the grounds ТК РФ and federal laws name. */
  grounds: fact('Удержания из заработной платы производятся только в случаях, предусмотренных ТК РФ и иными федеральными законами.', 'text', 'ТК РФ ст. 137 ч. 1'),
  /** Damage up to average monthly earnings: by the employer's order, within a month of when its amount is known. */
  byOrder: fact(
    'Ущерб, не превышающий среднего месячного заработка, взыскивается по распоряжению работодателя, сделанному не позднее одного месяца со дня окончательного установления его размера.',
    'text',
    'ТК РФ ст. 248 ч. 1',
  ),
  /** The employee may repay voluntarily, in full or in parts, by a written obligation. */
  voluntary: fact('Работник может добровольно возместить ущерб полностью или частично, в том числе в рассрочку, дав письменное обязательство с указанием конкретных сроков платежей.', 'text', 'ТК РФ ст. 248 ч. 4'),
  /** Pay from which the share is counted: what is due after tax (НДФЛ) is withheld. */
  base: fact('Предел считается от суммы, причитающейся работнику к выплате, то есть после удержания НДФЛ.', 'text', 'ТК РФ ст. 138; Федеральный закон № 229-ФЗ ст. 99 ч. 1'),
} as const satisfies Record<string, LegalFact>;

/** The share of one payment the statement proposes to withhold at most (ст. 138 ч. 1: 20 %). */
export const WITHHOLDING_CAP_PERCENT: number = Number(WITHHOLDING_FACTS.generalCapPercent.value);

/**
 * What may be withheld from one payment of `payKopecks` (after tax) toward `owedKopecks`: never more
 * than what is owed, never more than 20 % of the payment (rounded down to the kopeck).
 */
export function withholdingFromPayment(owedKopecks: number, payKopecks: number): number {
  if (owedKopecks <= 0 || payKopecks <= 0) return 0;
  return Math.min(owedKopecks, Math.floor((payKopecks * WITHHOLDING_CAP_PERCENT) / 100));
}
