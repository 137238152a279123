import type { Organization } from '../../api/structs/organization.ts';
import { formatDemoEndDate } from '../../lib/dates.ts';
import { plural } from '../../lib/plural.ts';

/** The chosen organization's subscription: demo or paid, until when, how many days are left; a warning the last day and after the end. */
export function SubscriptionBanner({ organization }: { organization: Organization }) {
  const end = formatDemoEndDate(organization.subscriptionEndDate);
  if (organization.isExpired) {
    return (
      <div className="sub-banner sub-banner--ended" role="alert">
        <strong>{organization.isDemo ? 'Демо-доступ закончился' : 'Подписка закончилась'}</strong> {end}. Штрафы автопарка видны со звёздочками: номера, госномера и места скрыты. Продлите подписку, чтобы видеть всё.
      </div>
    );
  }
  if (organization.isSubscriptionEndTomorrow) {
    return (
      <div className="sub-banner sub-banner--warn" role="status">
        <strong>Подписка заканчивается завтра</strong> — {end}.
      </div>
    );
  }
  return (
    <div className="sub-banner" role="status">
      {organization.isDemo ? (
        <>
          <strong>Демо-доступ</strong> до {end}: ещё {organization.countDays} {plural(organization.countDays, ['день', 'дня', 'дней'])}. В демо штрафы видны со звёздочками — суммы и количество видны полностью.
        </>
      ) : (
        <>
          <strong>Подписка активна</strong> до {end}: ещё {organization.countDays} {plural(organization.countDays, ['день', 'дня', 'дней'])}.
        </>
      )}
    </div>
  );
}
