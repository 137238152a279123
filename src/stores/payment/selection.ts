import { atom } from 'nanostores';
import { MAX_PAYMENT_ITEMS } from '../../lib/paymentTotals.ts';

/** The unpaid fines ticked in a list for "Оплатить выбранные". */
export const $paySelection = atom<readonly number[]>([]);

/** Ticks or unticks a fine. */
export function togglePaySelection(fineId: number): void {
  const current = $paySelection.get();
  $paySelection.set(current.includes(fineId) ? current.filter((id) => id !== fineId) : [...current, fineId].slice(0, MAX_PAYMENT_ITEMS));
}

/** Ticks all of these (or unticks them all when all are ticked already). */
export function toggleAllPaySelection(fineIds: readonly number[]): void {
  const current = $paySelection.get();
  const all = fineIds.length > 0 && fineIds.every((id) => current.includes(id));
  $paySelection.set(all ? [] : fineIds.slice(0, MAX_PAYMENT_ITEMS));
}

/** The checkout of these fines. */
export function payHref(fineIds: readonly number[]): string {
  return `/prepayment/?fineIds=${fineIds.join(',')}`;
}
