import { formatRub } from './money.ts';
import { FINE_FORMS, plural } from './plural.ts';

// The words and sizes of /fine-analytics/: numbers agreed with their words («1 штраф оплачен», «2 штрафа
// оплачены»), bars as long as their share of the largest.

/** '1 штраф', '3 штрафа', '0 штрафов' (the number bound to its word). */
export const finesCount = (n: number) => `${n}\u00a0${plural(n, FINE_FORMS)}`;

/** What the discount saved, in words: '1 штраф оплачен со скидкой', '2 штрафа оплачены со скидкой', '5 штрафов оплачено со скидкой'. */
export function paidWithDiscountText(n: number): string {
  if (n === 0) return 'со скидкой пока ничего не оплачено';
  return `${finesCount(n)} ${plural(n, ['оплачен', 'оплачены', 'оплачено'])} со скидкой`;
}

/** A bar's figures: '3 штрафа · 2 500,00 ₽'; a month without fines: '0 штрафов'. */
export const barValueText = (count: number, amount: number) => (count === 0 ? finesCount(0) : `${finesCount(count)} · ${formatRub(amount)}`);

/** A bar's length as a share of the track: its value over the largest value of the chart, in percent (0 for none). */
export function barWidth(value: number, largest: number): number {
  if (!(largest > 0) || !(value > 0)) return 0;
  return Math.min(100, (value / largest) * 100);
}
