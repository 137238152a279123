import { useEffect, useLayoutEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import type { Fine } from '../api/structs/fine.ts';
import type { PhotoTarget } from '../api/photo.ts';
import { formatDate, formatDateTime } from '../lib/dates.ts';
import { $credentials } from '../stores/authData.ts';
import { $fineDetails, loadFine } from '../stores/fineDetails.ts';
import type { FineRef } from '../stores/fineDetails.ts';
import { fineRefFromPath } from '../stores/fineRef.ts';
import { articleLabel } from '../lib/koapCitation.ts';
import { elementTiming } from '../lib/elementTiming.ts';
import { FINE_INTRO_OWN, FINE_INTRO_SHARED, FINE_SHELL_ID } from '../lib/fineIntro.ts';
import { amountLabels, coordinatesLabel, discountLabel, violationTimeLabel } from '../stores/fineView.ts';
import { AppErrorBoundary } from './AppErrorBoundary.tsx';
import { OpenTermNote, OverdueNote } from './FinePaymentTerm.tsx';
import { PayeeDetails } from './PayeeDetails.tsx';
import { FinePayAction } from './payment/FinePayAction.tsx';
import { PaymentPath } from './payment/PaymentPath.tsx';
import { PhotoStrip } from './PhotoStrip.tsx';
import { PlaceMap } from './PlaceMap.tsx';
import './fines.css';

type Props = {
  /** The public page of a shared fine (/fines/info/{hash}/): read anonymously by its hash. */
  shared?: boolean;
};

/** The island of a fine's page: time, place, article, amounts, payee and the photos. */
export default function FineDetails({ shared = false }: Props) {
  return (
    <AppErrorBoundary>
      <FineDetailsView shared={shared} />
    </AppErrorBoundary>
  );
}

/** What the address names: a fine, or a path its route rejects (the «Нет страницы по адресу …» text). */
type Address = { kind: 'pending' } | { kind: 'fine'; ref: FineRef } | { kind: 'invalid'; message: string };

function FineDetailsView({ shared }: { shared: boolean }) {
  const [address, setAddress] = useState<Address>({ kind: 'pending' });
  const details = useStore($fineDetails).current;

  const shown = address.kind === 'invalid' || (address.kind === 'fine' && details.state !== 'loading');
  // The static first state goes in the same commit that paints what replaces it: no frame without either.
  useLayoutEffect(() => {
    if (shown) document.getElementById(FINE_SHELL_ID)?.remove();
  }, [shown]);
  useEffect(() => {
    const found = fineRefFromPath(window.location.pathname, shared);
    if (found.kind === 'fine') void loadFine(found.ref);
    setAddress(found);
  }, [shared]);

  if (address.kind === 'invalid') {
    return (
      <section className="fines-state error-page">
        <img src="/images/404.svg" alt="" width="320" height="200" />
        <h1>Страница не найдена</h1>
        <p className="error-page__path">{address.message}</p>
        <p>
          <a className="btn" href="/">
            Проверить штрафы
          </a>
        </p>
      </section>
    );
  }
  // Until the fine is read the page shows its static first state (src/components/FineShell.astro),
  // which the page's inline script may already have filled with the fine's title and amount.
  if (address.kind === 'pending' || details.state === 'loading') return null;
  if (details.state !== 'ready') {
    return (
      <section className="fines-state" aria-labelledby="fine-state-title">
        <h1 id="fine-state-title">{details.state === 'notFound' ? 'Штраф не найден' : 'Не удалось загрузить штраф'}</h1>
        <p role="alert">{details.message}</p>
        {details.state === 'error' ? (
          <button type="button" className="btn" onClick={() => void loadFine(address.ref)}>
            Повторить
          </button>
        ) : (
          <a className="btn" href="/">
            Найти штрафы
          </a>
        )}
      </section>
    );
  }
  return <FineView fine={details.fine} photoTarget={photoTargetOf(address.ref)} payable={!('hash' in address.ref)} shared={shared} />;
}

/** What the page holds, in a sentence: shown above the fine (and, before it loads, by the page's static first state). */
function FineIntro({ shared }: { shared: boolean }) {
  return <p className="fine-page__intro">{shared ? FINE_INTRO_SHARED : FINE_INTRO_OWN}</p>;
}

/** Whose photos: the visitor's fine with the session, a shared one by its hash. */
function photoTargetOf(ref: FineRef): PhotoTarget | undefined {
  if ('hash' in ref) return { hash: ref.hash };
  const auth = $credentials.get();
  return auth === undefined ? undefined : { fineId: ref.id, auth };
}

/** Downloads the .ics of the discount's last day (the calendar code loads only on this click). */
async function addToCalendar(fine: Fine): Promise<void> {
  const { discountCalendarFile } = await import('../stores/fineCalendar.ts');
  const file = discountCalendarFile(fine, window.location.href.split('?')[0] ?? window.location.href, new Date());
  if (file === undefined) return;
  const url = URL.createObjectURL(new Blob([file.content], { type: 'text/calendar;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The fine itself; `payable` when it is the visitor's own (a shared link's reader pays from their own search). */
function FineView({ fine, photoTarget, payable, shared }: { fine: Fine; photoTarget: PhotoTarget | undefined; payable: boolean; shared: boolean }) {
  const amounts = amountLabels(fine);
  const discount = discountLabel(fine);
  useEffect(() => {
    document.title = `${fine.articleTitle} — штраф от ${formatDate(fine.rulingDate)}`;
  }, [fine]);

  return (
    <article className="fine-page" aria-labelledby="fine-title">
      <header className="fine-page__head">
        <p>
          <span className={`badge ${fine.paid ? 'badge--paid' : 'badge--unpaid'}`}>{fine.paid ? (fine.paidAt === undefined ? 'Оплачен' : `Оплачен ${formatDate(fine.paidAt)}`) : 'Не оплачен'}</span>{' '}
          <span className="muted">{articleLabel(fine.article)}</span>
        </p>
        <h1 id="fine-title">{fine.articleTitle}</h1>
        <p className="muted" {...elementTiming('fine-view')}>
          Постановление № {fine.uin} от {formatDate(fine.rulingDate)}
        </p>
        <FineIntro shared={shared} />
      </header>
      <div className="fine-page__grid">
        <section className="fine-section" aria-labelledby="fine-amount-title">
          <h2 id="fine-amount-title">{fine.paid ? 'Сумма штрафа' : 'К оплате'}</h2>
          <p className="fine-amount" {...elementTiming('fine-amount')}>
            <strong>{amounts.toPay}</strong>{' '}
            {amounts.full !== undefined && (
              <s className="fine-card__full">
                <span className="visually-hidden">без скидки </span>
                {amounts.full}
              </s>
            )}
          </p>
          {discount !== '' && <p className={`fine-card__discount${fine.discountActive ? '' : ' fine-card__discount--over'}`}>{discount}</p>}
          {fine.discountActive && !fine.paid && (
            <button type="button" className="link-button" onClick={() => void addToCalendar(fine)}>
              Добавить в календарь
            </button>
          )}
          {!fine.paid && <OverdueNote fine={fine} payable={payable} />}
          {!fine.paid && payable && <FinePayAction fine={fine} amountLabel={amounts.toPay} />}
          {!fine.paid && <OpenTermNote />}
          {fine.paid && (
            <p>
              {fine.paidAt === undefined ? 'Штраф оплачен' : `Штраф оплачен ${formatDateTime(fine.paidAt)}`} — платить ещё раз не нужно.
            </p>
          )}
          {fine.paid && !shared && <PaymentPath fineId={fine.id} />}
        </section>
        <section className="fine-section" aria-labelledby="fine-when-title">
          <h2 id="fine-when-title">Когда и где</h2>
          <dl className="details-list">
            <Row term="Время">
              <time dateTime={fine.violationAt}>{violationTimeLabel(fine.violationAt)}</time> (местное)
            </Row>
            <Row term="Место">{fine.place.address}</Row>
            <Row term="Координаты">{coordinatesLabel(fine)}</Row>
            {fine.speed !== null && (
              <Row term="Скорость">
                {fine.speed.actual} км/ч при разрешённой {fine.speed.limit} км/ч
              </Row>
            )}
            <Row term="Автомобиль">
              {fine.vehiclePlateNumber} {fine.vehiclePlateRegion}
            </Row>
            <Row term="Выписал">{fine.department}</Row>
          </dl>
          <PlaceMap lat={fine.place.lat} lon={fine.place.lon} fineId={fine.id} byCamera={fine.hasPhoto} />
        </section>
      </div>
      <section className="fine-section" aria-labelledby="fine-photo-title">
        <h2 id="fine-photo-title">Фото нарушения</h2>
        {!fine.hasPhoto ? (
          <p className="muted">Штраф выписал инспектор, а не камера, поэтому фотографии нет.</p>
        ) : photoTarget === undefined ? (
          <p className="muted">Фото доступно в браузере, где искали штрафы.</p>
        ) : (
          <PhotoStrip target={photoTarget} />
        )}
      </section>
      <section className="fine-section" aria-labelledby="fine-payee-title">
        <h2 id="fine-payee-title">Реквизиты для оплаты</h2>
        <PayeeDetails fine={fine} />
      </section>
    </article>
  );
}

/** A term and its description in a details list. */
function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="details-list__row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
