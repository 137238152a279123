import { useEffect, useState } from 'react';
import type { CSSProperties } from 'react';
import { useStore } from '@nanostores/react';
import type { Fine } from '../../api/structs/fine.ts';
import { formatRub } from '../../lib/money.ts';
import { $paySelection, payHref, toggleAllPaySelection } from '../../stores/payment/selection.ts';
import { $commissionRule, commissionLabel } from '../../stores/payment/unfinished.ts';
// The bar's look lives with the fine list's; it is carried wherever the bar goes (the profile too).
import '../fines.css';

/** What the bar needs of a fine: its id, what is due and whether it is paid (the search list's fines and the profile's rows alike). */
export type PayableFine = Pick<Fine, 'id' | 'amountToPay' | 'amountToPayKopecks' | 'paid'>;

/**
 * Above a list of fines: tick all unpaid, and pay the ticked ones together. The bar stays on screen
 * while the list scrolls (issue 24): under the site's header on wide screens; on phones «Оплатить
 * выбранные» sits at the bottom of the screen, in reach of the thumb, once something is ticked.
 */
export function PaySelectionBar({ fines }: { fines: readonly PayableFine[] }) {
  const selected = useStore($paySelection);
  const lift = useFixedBannerHeight();
  const rule = useStore($commissionRule);
  const unpaid = fines.filter((fine) => !fine.paid);
  if (unpaid.length === 0) return null;
  const chosen = unpaid.filter((fine) => selected.includes(fine.id));
  const sum = chosen.reduce((total, fine) => total + fine.amountToPay, 0);
  const commission = commissionLabel(chosen.reduce((total, fine) => total + fine.amountToPayKopecks, 0), rule);
  const allChosen = chosen.length === unpaid.length;
  return (
    <div className={`pay-bar${chosen.length > 0 ? ' pay-bar--chosen' : ''}`} role="group" aria-label="Оплата нескольких штрафов" style={{ '--pay-bar-lift': `${lift}px` } as CSSProperties}>
      <label className="pay-bar__all">
        <input type="checkbox" checked={allChosen} onChange={() => toggleAllPaySelection(unpaid.map((fine) => fine.id))} /> Выбрать все неоплаченные
      </label>
      {chosen.length > 0 ? (
        <div className="pay-bar__go">
          <a className="btn" href={payHref(chosen.map((fine) => fine.id))} aria-describedby="pay-bar-commission">
            Оплатить выбранные ({chosen.length}) — {formatRub(sum)}
          </a>
          <span className="pay-bar__commission" id="pay-bar-commission">
            {commission}
          </span>
        </div>
      ) : (
        <span className="muted">Отметьте штрафы, чтобы оплатить их одним платежом</span>
      )}
    </div>
  );
}

/** The height of the app banner while it is pinned to the bottom of the screen (the pinned pay button sits above it), else 0. */
function useFixedBannerHeight(): number {
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const banner = document.getElementById('app-banner');
    if (banner === null) return undefined;
    const measure = () => setHeight(!banner.hidden && getComputedStyle(banner).position === 'fixed' ? banner.offsetHeight : 0);
    measure();
    const resized = new ResizeObserver(measure);
    resized.observe(banner);
    const changed = new MutationObserver(measure);
    changed.observe(banner, { attributes: true, attributeFilter: ['hidden', 'class', 'style'] });
    return () => {
      resized.disconnect();
      changed.disconnect();
    };
  }, []);
  return height;
}
