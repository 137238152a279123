import { useStore } from '@nanostores/react';
import type { WebhookDelivery } from '../../../api/structs/integrations.ts';
import { $integrations, EVENT_LABELS, refreshDeliveries, resend } from '../../../stores/organization/integrations.ts';
import { formatMoment } from './moment.ts';

/** What a delivery's state reads as. */
function deliveryState(delivery: WebhookDelivery): string {
  const answer = delivery.lastStatusCode === null ? (delivery.lastError ?? '') : `ответ ${delivery.lastStatusCode}`;
  if (delivery.status === 'delivered') return `Доставлено, ${answer}`;
  if (delivery.status === 'failed') return `Не доставлено${answer === '' ? '' : `: ${answer}`}`;
  if (delivery.attempts === 0) return 'Отправляется';
  return `Повтор ${delivery.nextAttemptAt === null ? 'скоро' : formatMoment(delivery.nextAttemptAt)}${answer === '' ? '' : ` (${answer})`}`;
}

/** The latest deliveries of the organization's events, with a resend for each. */
export function DeliveriesTable() {
  const { deliveries, deliveriesTotal } = useStore($integrations);
  return (
    <div className="integrations__part">
      <div className="integrations__head">
        <h3>Доставки событий</h3>
        <button type="button" className="btn btn--ghost btn--small" onClick={() => void refreshDeliveries()}>
          Обновить
        </button>
      </div>
      {deliveries.length === 0 ? (
        <p className="muted">Событий ещё не было. «Проверить» у вебхука отправит тестовое.</p>
      ) : (
        <>
          <table className="integrations__table" aria-label="Доставки событий">
            <thead>
              <tr>
                <th scope="col">Когда</th>
                <th scope="col">Событие</th>
                <th scope="col">Адрес</th>
                <th scope="col">Состояние</th>
                <th scope="col">Попыток</th>
                <th scope="col"><span className="visually-hidden">Действия</span></th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((delivery) => (
                <tr key={delivery.id}>
                  <td data-label="Когда">{formatMoment(delivery.createdAt)}</td>
                  <td data-label="Событие">
                    {EVENT_LABELS[delivery.type as keyof typeof EVENT_LABELS] ?? delivery.type} <code>evt_{delivery.eventId}</code>
                    {delivery.manual ? ' (повторно)' : ''}
                  </td>
                  <td data-label="Адрес" className="integrations__url">{delivery.url}</td>
                  <td data-label="Состояние">{deliveryState(delivery)}</td>
                  <td data-label="Попыток">{delivery.attempts}</td>
                  <td>
                    {delivery.status !== 'pending' && (
                      <button type="button" className="btn btn--ghost btn--small" onClick={() => void resend(delivery.id)}>
                        Отправить ещё раз
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {deliveriesTotal > deliveries.length && <p className="muted">Показаны последние {deliveries.length} из {deliveriesTotal}.</p>}
        </>
      )}
    </div>
  );
}
