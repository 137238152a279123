import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { AutopayState } from '../../api/structs/autopay.ts';
import { formatKopecks } from '../../lib/paymentTotals.ts';
import { $credentials } from '../../stores/authData.ts';
import { $autopay, bindCard, chargeAction, loadAutopay, removeCard, turnOff, turnOn } from '../../stores/autopay/autopay.ts';
import { AppErrorBoundary } from '../AppErrorBoundary.tsx';
import { AutopayCharges } from './AutopayCharges.tsx';
import '../account/account.css';
import '../profile/profile.css';
import './autopay.css';

/** /profile/autopay/: the bound card, the documents paid automatically with their limits, and the fines autopay found. */
export default function AutopayPage() {
  return (
    <AppErrorBoundary>
      <Autopay />
    </AppErrorBoundary>
  );
}

function Autopay() {
  const credentials = useStore($credentials);
  const view = useStore($autopay);
  useEffect(() => {
    if (credentials !== undefined) void loadAutopay();
  }, [credentials === undefined]);
  if (credentials === undefined) {
    return (
      <section className="card">
        <h1>Автооплата штрафов</h1>
        <p>
          <a href="/auth/?back=%2Fprofile%2Fautopay%2F">Войдите</a>, чтобы включить автооплату.
        </p>
      </section>
    );
  }
  const data = view.data;
  return (
    <div className="autopay">
      <section className="card">
        <h1>Автооплата штрафов</h1>
        <p>
          Новый штраф со скидкой оплатим сами через сутки после письма — раньше, чем скидка закончится. В письме будет ссылка, чтобы отменить
          оплату без входа. Перед списанием ещё раз проверим, что штраф не оплачен.
        </p>
        {view.binding === 'done' && <p role="status" className="autopay__note">Карта привязана. Банк вернёт 1 ₽, заблокированный для проверки.</p>}
        {view.binding === 'failed' && <p role="alert" className="autopay__error">Карту привязать не удалось: деньги не списаны. Попробуйте другую карту.</p>}
        {view.error !== '' && (
          <p role="alert" className="autopay__error">
            {view.error}
          </p>
        )}
        {view.loading && data === undefined && <p>Загружаем…</p>}
        {data !== undefined && !data.available && <p>Автооплата пока недоступна.</p>}
        {data !== undefined && data.available && <Card data={data} busy={view.busy} />}
      </section>
      {data?.card != null && <Documents data={data} busy={view.busy} />}
      {data !== undefined && data.charges.length > 0 && <AutopayCharges charges={data.charges} busy={view.busy} onAction={(id, action) => void chargeAction(id, action)} />}
    </div>
  );
}

/** The card: its mask and expiry, or the button that binds one. */
function Card({ data, busy }: { data: AutopayState; busy: string }) {
  if (data.card === null) {
    return (
      <p>
        <button type="button" className="btn" onClick={() => void bindCard()} disabled={busy !== ''} aria-busy={busy === 'bind'}>
          {busy === 'bind' ? 'Открываем страницу банка…' : 'Привязать карту'}
        </button>
      </p>
    );
  }
  return (
    <p className="autopay__card">
      <span>
        Карта <span className="plate">{data.card.mask}</span>, до {data.card.expiry}
      </span>
      <button type="button" className="link-button link-button--danger" onClick={() => void removeCard()} disabled={busy !== ''}>
        Отвязать карту
      </button>
    </p>
  );
}

/** The user's СТС and ВУ, each with autopay on (its limits) or a form to turn it on. */
function Documents({ data, busy }: { data: AutopayState; busy: string }) {
  return (
    <section className="card" aria-labelledby="autopay-docs">
      <h2 id="autopay-docs">Документы</h2>
      {data.documents.length === 0 && (
        <p>
          Добавьте СТС или водительское удостоверение в <a href="/profile/#documents">профиле</a>.
        </p>
      )}
      <ul className="doc-list">
        {data.documents.map((doc) => {
          const rule = data.rules.find((r) => r.documentKind === doc.documentKind && r.documentId === doc.documentId);
          return (
            <li key={`${doc.documentKind}:${doc.documentId}`} className="doc-list__item autopay__doc">
              <div className="doc-list__main">
                <strong>{doc.document}</strong>
                {rule !== undefined && (
                  <span>
                    Автооплата включена: штраф до {formatKopecks(rule.maxFineKopecks)}, в месяц до {formatKopecks(rule.monthlyKopecks)}
                  </span>
                )}
              </div>
              {rule === undefined ? (
                <RuleForm documentKind={doc.documentKind} documentId={doc.documentId} busy={busy} />
              ) : (
                <button type="button" className="link-button link-button--danger" onClick={() => void turnOff(rule.id)} disabled={busy !== ''}>
                  Выключить
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The limits and the button that turns autopay on for one document. */
function RuleForm({ documentKind, documentId, busy }: { documentKind: 'sts' | 'dl'; documentId: number; busy: string }) {
  const [maxFine, setMaxFine] = useState('5000');
  const [monthly, setMonthly] = useState('15000');
  const id = `${documentKind}-${documentId}`;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void turnOn({ documentKind, documentId, maxFineRub: Number(maxFine), monthlyRub: Number(monthly) });
  };
  return (
    <form className="autopay__form" onSubmit={submit}>
      <label htmlFor={`max-${id}`}>Штраф не больше, ₽</label>
      <input id={`max-${id}`} name="maxFineRub" inputMode="numeric" pattern="\d{1,7}" required value={maxFine} onChange={(e) => setMaxFine(e.currentTarget.value)} />
      <label htmlFor={`month-${id}`}>В месяц не больше, ₽</label>
      <input id={`month-${id}`} name="monthlyRub" inputMode="numeric" pattern="\d{1,7}" required value={monthly} onChange={(e) => setMonthly(e.currentTarget.value)} />
      <button type="submit" className="btn" disabled={busy !== ''}>
        Включить автооплату
      </button>
    </form>
  );
}
