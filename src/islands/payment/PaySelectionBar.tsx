import { useStore } from '@nanostores/react';
import type { Fine } from '../../api/structs/fine.ts';
import { formatRub } from '../../lib/money.ts';
import { $paySelection, payHref, toggleAllPaySelection } from '../../stores/payment/selection.ts';
// The bar's look lives with the fine list's; it is carried wherever the bar goes (the profile too).
import '../fines.css';

/** What the bar needs of a fine: its id, what is due and whether it is paid (the search list's fines and the profile's rows alike). */
export type PayableFine = Pick<Fine, 'id' | 'amountToPay' | 'paid'>;

/** Above a list of fines: tick all unpaid, and pay the ticked ones together. */
export function PaySelectionBar({ fines }: { fines: readonly PayableFine[] }) {
  const selected = useStore($paySelection);
  const unpaid = fines.filter((fine) => !fine.paid);
  if (unpaid.length === 0) return null;
  const chosen = unpaid.filter((fine) => selected.includes(fine.id));
  const sum = chosen.reduce((total, fine) => total + fine.amountToPay, 0);
  const allChosen = chosen.length === unpaid.length;
  return (
    <div className="pay-bar" role="group" aria-label="Оплата нескольких штрафов">
      <label className="pay-bar__all">
        <input type="checkbox" checked={allChosen} onChange={() => toggleAllPaySelection(unpaid.map((fine) => fine.id))} /> Выбрать все неоплаченные
      </label>
      {chosen.length > 0 ? (
        <a className="btn" href={payHref(chosen.map((fine) => fine.id))}>
          Оплатить выбранные ({chosen.length}) — {formatRub(sum)}
        </a>
      ) : (
        <span className="muted">Отметьте штрафы, чтобы оплатить их одним платежом</span>
      )}
    </div>
  );
}
