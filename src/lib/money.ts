import { NBSP, withNbsp } from './text.ts';

// Amounts in this project are roubles as numbers with at most two decimals (kopecks).

/**
 * The space used inside formatted amounts: U+00A0 NO-BREAK SPACE, both as the thousands separator and
 * before the ₽ sign, so that an amount never wraps across lines (and it is what Intl 'ru-RU' uses).
 */
export const MONEY_SPACE = NBSP;

/** A whole number with MONEY_SPACE between thousands: 100000 → '100 000'. */
export function groupThousands(value: number | bigint): string {
  return withNbsp(String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ' '));
}

/** Rounds to whole kopecks, half away from zero, without binary-fraction surprises: 1.005 → 1.01, 0.1 + 0.2 → 0.3. */
export function roundKopecks(rubles: number): number {
  if (!Number.isFinite(rubles)) return rubles;
  const kopecks = Math.round(Number((Math.abs(rubles) * 100).toPrecision(15)));
  const rounded = (Math.sign(rubles) * kopecks) / 100;
  return rounded === 0 ? 0 : rounded;
}

/** Roubles as Russian users write them: 1500 → '1 500,00 ₽' (spaces are MONEY_SPACE); '—' for NaN or Infinity. */
export function formatRub(rubles: number): string {
  if (!Number.isFinite(rubles)) return '—';
  const kopecks = BigInt(Math.round(Math.abs(roundKopecks(rubles)) * 100));
  const whole = groupThousands(kopecks / 100n);
  const fraction = String(kopecks % 100n).padStart(2, '0');
  const sign = rubles < 0 && kopecks > 0n ? '−' : '';
  return withNbsp(`${sign}${whole},${fraction} ₽`);
}
