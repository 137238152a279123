import { useState } from 'react';
import { formatRub } from '../../lib/money.ts';
import { checkLostProfitInput, DEFAULT_AVERAGE_FINE, DISCOUNT_PERCENT, LATE_PENALTY_MIN, lostProfit } from '../../lib/lostProfit.ts';
import type { LostProfitInput } from '../../lib/lostProfit.ts';
import { AppErrorBoundary } from '../AppErrorBoundary.tsx';
import '../account/account.css';
import './lostProfit.css';

/** Example figures the page opens with; the visitor replaces them with the fleet's own. */
const EXAMPLE: Record<keyof LostProfitInput, string> = { finesPerMonth: '30', averageFine: String(DEFAULT_AVERAGE_FINE), paidLatePercent: '40', overduePercent: '5' };

const FIELDS: readonly { key: keyof LostProfitInput; label: string; hint: string; min: number; max: number; step: number }[] = [
  { key: 'finesPerMonth', label: 'Штрафов в месяц на весь автопарк', hint: 'Сколько постановлений приходит за месяц', min: 1, max: 100_000, step: 1 },
  { key: 'averageFine', label: 'Средний штраф, ₽', hint: `По умолчанию — ${formatRub(DEFAULT_AVERAGE_FINE)}: превышение скорости на 20–40 км/ч (ч. 2 ст. 12.9 КоАП)`, min: 100, max: 1_000_000, step: 50 },
  { key: 'paidLatePercent', label: 'Оплачено без скидки, %', hint: 'Доля штрафов, оплаченных позже льготного срока', min: 0, max: 100, step: 1 },
  { key: 'overduePercent', label: 'Не оплачено в срок, %', hint: 'Доля штрафов, не оплаченных за 60 дней после вступления в силу', min: 0, max: 100, step: 1 },
];

/** The number a field holds ('' and junk are NaN, so the check names them). */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.replace(',', '.')));

/** The calculator of /your-lost-profit/: the fleet's figures in, the year's losses and the formula out. */
export default function LostProfitCalculator() {
  return (
    <AppErrorBoundary>
      <Calculator />
    </AppErrorBoundary>
  );
}

function Calculator() {
  const [values, setValues] = useState(EXAMPLE);
  const input: LostProfitInput = { finesPerMonth: numberOf(values.finesPerMonth), averageFine: numberOf(values.averageFine), paidLatePercent: numberOf(values.paidLatePercent), overduePercent: numberOf(values.overduePercent) };
  const errors = checkLostProfitInput(input);
  const result = Object.keys(errors).length === 0 ? lostProfit(input) : undefined;
  const penaltyEach = Math.max(2 * input.averageFine, LATE_PENALTY_MIN);

  return (
    <section className="profit card" aria-labelledby="profit-title">
      <h2 id="profit-title">Посчитайте для своего автопарка</h2>
      <p className="muted">Подставлены примерные значения — замените их своими. Расчёт идёт сразу, данные никуда не отправляются.</p>
      <div className="profit__fields">
        {FIELDS.map((field) => {
          const error = errors[field.key];
          return (
            <div key={field.key} className="form-field">
              <label className="form-field__label" htmlFor={`profit-${field.key}`}>
                {field.label}
              </label>
              <input
                id={`profit-${field.key}`}
                className="form-field__input"
                type="number"
                min={field.min}
                max={field.max}
                step={field.step}
                value={values[field.key]}
                onChange={(event) => setValues({ ...values, [field.key]: event.currentTarget.value })}
                aria-invalid={error !== undefined}
                aria-describedby={`profit-${field.key}-hint${error !== undefined ? ` profit-${field.key}-error` : ''}`}
              />
              <p id={`profit-${field.key}-hint`} className="form-field__hint muted">
                {field.hint}
              </p>
              {error !== undefined && (
                <p id={`profit-${field.key}-error`} className="form-field__error" role="alert">
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </div>
      <div className="profit__result" aria-live="polite">
        {result === undefined ? (
          <p>Исправьте значения выше — и здесь появится расчёт.</p>
        ) : (
          <>
            <p className="profit__total">
              Потери за год: <strong>{formatRub(result.total)}</strong>
            </p>
            <dl className="profit__lines">
              <div>
                <dt>Упущенные скидки</dt>
                <dd>
                  {result.lateFines} штр. × {formatRub(input.averageFine)} × {DISCOUNT_PERCENT} % = <strong>{formatRub(result.missedDiscounts)}</strong>
                </dd>
              </div>
              <div>
                <dt>Штрафы за неуплату (ст. 20.25 КоАП)</dt>
                <dd>
                  {result.overdueFines} штр. × {formatRub(penaltyEach)} = <strong>{formatRub(result.penalties)}</strong>
                </dd>
              </div>
            </dl>
            <p className="muted profit__formula">
              Формула: штрафов в год = {input.finesPerMonth} × 12 = {result.finesPerYear}. Без скидки оплачено {input.paidLatePercent} % из них, каждый стоит на {DISCOUNT_PERCENT} % дороже; не оплачено в срок {input.overduePercent} %, за каждый — ещё один штраф в двойном размере, но не меньше {formatRub(LATE_PENALTY_MIN)}.
            </p>
          </>
        )}
      </div>
    </section>
  );
}
