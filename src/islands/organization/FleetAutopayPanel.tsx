import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { formatKopecks } from '../../lib/paymentTotals.ts';
import { $fleetAutopay, fleetChargeAction, openFleetAutopay, turnFleetAutopayOff, turnFleetAutopayOn } from '../../stores/organization/fleetAutopay.ts';
import { AutopayCharges } from '../autopay/AutopayCharges.tsx';
import '../autopay/autopay.css';

/** The cabinet's «Автооплата» of the fleet: the owner's card, the limits, and the fleet's fines it found. */
export function FleetAutopayPanel({ organizationId }: { organizationId: number }) {
  const view = useStore($fleetAutopay);
  useEffect(() => {
    void openFleetAutopay(organizationId);
  }, [organizationId]);
  const data = view.data;
  return (
    <>
      <section className="card autopay" aria-labelledby="fleet-autopay">
        <h2 id="fleet-autopay">Автооплата штрафов автопарка</h2>
        <p>Новый штраф машины или водителя со скидкой оплатим картой владельца кабинета через сутки после письма. В письме будет ссылка, чтобы отменить оплату; перед списанием ещё раз проверим, что штраф не оплачен.</p>
        {view.error !== '' && (
          <p role="alert" className="autopay__error">
            {view.error}
          </p>
        )}
        {view.loading && <p>Загружаем…</p>}
        {data !== undefined && !data.available && <p>Автооплата пока недоступна.</p>}
        {data !== undefined && data.available && !data.subscriptionPaid && data.rule === null && <p>Автооплата работает с оплаченной подпиской: в демо-доступе штрафы скрыты.</p>}
        {data !== undefined && data.available && data.card === null && (
          <p>
            Сначала привяжите карту в профиле: <a href="/profile/autopay/">Автооплата</a>.
          </p>
        )}
        {data?.card != null && (
          <p className="autopay__card">
            Карта <span className="plate">{data.card.mask}</span>, до {data.card.expiry}
          </p>
        )}
        {data?.rule != null && (
          <p className="autopay__doc">
            <span>
              Автооплата включена: штраф до {formatKopecks(data.rule.maxFineKopecks)}, в месяц до {formatKopecks(data.rule.monthlyKopecks)}
            </span>{' '}
            <button type="button" className="link-button link-button--danger" onClick={() => void turnFleetAutopayOff()} disabled={view.busy !== ''}>
              Выключить
            </button>
          </p>
        )}
        {data !== undefined && data.available && data.card !== null && data.rule === null && data.subscriptionPaid && <LimitsForm busy={view.busy} />}
      </section>
      {data !== undefined && data.charges.length > 0 && <AutopayCharges charges={data.charges} busy={view.busy} heading="Штрафы автопарка в автооплате" linkFines={false} onAction={(id, action) => void fleetChargeAction(id, action)} />}
    </>
  );
}

/** The limits and the button that turns the fleet's autopay on. */
function LimitsForm({ busy }: { busy: string }) {
  const [maxFine, setMaxFine] = useState('5000');
  const [monthly, setMonthly] = useState('50000');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void turnFleetAutopayOn({ maxFineRub: Number(maxFine), monthlyRub: Number(monthly) });
  };
  return (
    <form className="autopay__form" onSubmit={submit}>
      <label htmlFor="fleet-autopay-max">Штраф не больше, ₽</label>
      <input id="fleet-autopay-max" name="maxFineRub" inputMode="numeric" pattern="\d{1,7}" required value={maxFine} onChange={(e) => setMaxFine(e.currentTarget.value)} />
      <label htmlFor="fleet-autopay-month">В месяц не больше, ₽</label>
      <input id="fleet-autopay-month" name="monthlyRub" inputMode="numeric" pattern="\d{1,7}" required value={monthly} onChange={(e) => setMonthly(e.currentTarget.value)} />
      <button type="submit" className="btn" disabled={busy !== ''}>
        Включить автооплату автопарка
      </button>
    </form>
  );
}
