import type { AnalyticsBar } from '../../api/structs/fleetAnalytics.ts';
import { formatRub } from '../../lib/money.ts';
import { plural } from '../../lib/plural.ts';

/**
 * A horizontal bar chart as a list: each row is its label, a bar as long as its share of the largest,
 * and the figures in words. No chart library: a few dozen bars need none, and the text stays text for
 * screen readers, zoom and copying.
 */
export function BarChart({ title, bars }: { title: string; bars: readonly AnalyticsBar[] }) {
  const id = `chart-${title.replace(/[^a-zа-яё0-9]+/gi, '-').toLowerCase()}`;
  const largest = Math.max(...bars.map((bar) => bar.count), 1);
  return (
    <section className="chart card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {bars.length === 0 ? (
        <p className="muted">Штрафов нет.</p>
      ) : (
        <ol className="chart__bars">
          {bars.map((bar) => (
            <li key={bar.key} className="chart__row">
              <span className="chart__label">{bar.label}</span>
              <span className="chart__track" aria-hidden="true">
                <span className="chart__bar" style={{ width: `${Math.max(2, Math.round((bar.count / largest) * 100))}%` }} />
              </span>
              <span className="chart__value">
                {bar.count} {plural(bar.count, ['штраф', 'штрафа', 'штрафов'])} · {formatRub(bar.amount)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
