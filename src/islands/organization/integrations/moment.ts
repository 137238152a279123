const MOMENT = new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Moscow' });

/** An ISO date-time as the cabinet shows it, in Moscow time: «16.03.2026, 10:00». */
export function formatMoment(iso: string): string {
  return MOMENT.format(new Date(iso));
}
