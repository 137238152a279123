import type { AnalyticsBar } from '../../api/structs/fleetAnalytics.ts';
import { barValueText, barWidth } from '../../lib/fleetAnalyticsText.ts';

/**
 * A horizontal bar chart as a list: each row is its label with its figures in words, and under them a
 * bar over the whole width whose length is its count over the largest count (every track is as wide
 * as the others, so the bars compare). No chart library: a few dozen bars need none, and the text
 * stays text for screen readers, zoom and copying.
 */
export function BarChart({ title, bars, note }: { title: string; bars: readonly AnalyticsBar[]; note?: string | undefined }) {
  const id = `chart-${title.replace(/[^a-zа-яё0-9]+/gi, '-').toLowerCase()}`;
  const largest = Math.max(0, ...bars.map((bar) => bar.count));
  return (
    <section className="chart card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {note !== undefined && <p className="chart__note muted">{note}</p>}
      {bars.length === 0 ? (
        <p className="muted">Штрафов нет.</p>
      ) : (
        <ol className="chart__bars">
          {bars.map((bar) => (
            <li key={bar.key} className={bar.count === 0 ? 'chart__row chart__row--zero' : 'chart__row'}>
              <span className="chart__label">{bar.label}</span>
              <span className="chart__value">{barValueText(bar.count, bar.amount)}</span>
              <span className="chart__track" aria-hidden="true">
                <span className="chart__bar" data-count={bar.count} style={{ width: `${barWidth(bar.count, largest)}%` }} />
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
