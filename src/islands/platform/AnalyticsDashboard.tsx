import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $analytics, loadAnalytics, percentOf } from '../../stores/platform/analytics.ts';
import './platform.css';

const PERIODS = [7, 30, 90] as const;

/** /admin/analytics/: screens, searches and the search → fine → payment funnel per day, for the team only. */
export default function AnalyticsDashboard() {
  const { view, days } = useStore($analytics);
  useEffect(() => void loadAnalytics(), []);

  if (view.kind === 'notFound') {
    return (
      <section className="card">
        <h1>Страница не найдена</h1>
        <p>Такой страницы нет. Вернитесь на <a href="/">главную</a>.</p>
      </section>
    );
  }
  return (
    <section className="analytics" aria-busy={view.kind === 'loading'}>
      <h1>Аналитика</h1>
      <div className="analytics__periods" role="group" aria-label="Период">
        {PERIODS.map((period) => (
          <button key={period} type="button" className="btn btn--ghost" aria-pressed={days === period} onClick={() => void loadAnalytics(period)}>
            {period} дней
          </button>
        ))}
      </div>
      {view.kind === 'loading' && <p role="status">Загружаем данные…</p>}
      {view.kind === 'failed' && <p role="alert" className="platform-error">{view.message}</p>}
      {view.kind === 'ready' && view.data.days.length === 0 && <p>За этот период событий нет.</p>}
      {view.kind === 'ready' && view.data.days.length > 0 && (
        <>
          <div className="analytics__scroll">
            <table className="analytics__table">
              <caption>По дням (московское время); воронка — в уникальных посетителях</caption>
              <thead>
                <tr>
                  <th scope="col">День</th>
                  <th scope="col">Просмотры экранов</th>
                  <th scope="col">Посетители</th>
                  <th scope="col">Поиски</th>
                  <th scope="col">Искали</th>
                  <th scope="col">Нашли штраф</th>
                  <th scope="col">Перешли к оплате</th>
                  <th scope="col">Оплатили</th>
                </tr>
              </thead>
              <tbody>
                {view.data.days.map((day) => (
                  <tr key={day.day}>
                    <th scope="row">{day.day.split('-').reverse().join('.')}</th>
                    <td>{day.screens}</td>
                    <td>{day.visitors}</td>
                    <td>{day.searches}</td>
                    <td>{day.funnel.searched}</td>
                    <td>
                      {day.funnel.found} <small>({percentOf(day.funnel.found, day.funnel.searched)})</small>
                    </td>
                    <td>
                      {day.funnel.payment} <small>({percentOf(day.funnel.payment, day.funnel.found)})</small>
                    </td>
                    <td>
                      {day.funnel.paid} <small>({percentOf(day.funnel.paid, day.funnel.payment)})</small>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <h2>Самые просматриваемые экраны</h2>
          <ol className="analytics__top">
            {view.data.topScreens.map((screen) => (
              <li key={screen.name}>
                <code>{screen.name}</code> — {screen.views}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
