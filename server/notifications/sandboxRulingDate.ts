import { isIsoDate } from '../../src/lib/isoDate.ts';
import { ApiError } from '../http/apiError.ts';

/** How many years back a ruling may be dated: a real source keeps about two years of rulings. */
const YEARS_KEPT = 2;

/** 'YYYY-MM-DD' as 'DD.MM.YYYY'. */
const russian = (iso: string) => iso.split('-').reverse().join('.');

/** The same day `years` years before an ISO date (29 February falls on 1 March). */
function yearsBefore(iso: string, years: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date.toISOString().slice(0, 10);
}

/**
 * The ruling date a sandbox control asks for (POST /sandbox/fines `rulingDate`, 'DD.MM.YYYY' or
 * 'YYYY-MM-DD') as 'YYYY-MM-DD'; undefined when none is given (the ruling is dated today). A date
 * the source could not have — in the future, older than two years, not a real day — is a 400.
 */
export function sandboxRulingDate(text: string | undefined, today: string): string | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const value = text.trim();
  const written = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(value);
  const iso = written === null ? value : `${written[3]}-${written[2]}-${written[1]}`;
  if (!isIsoDate(iso)) throw new ApiError(400, `Дата постановления (rulingDate) — ДД.ММ.ГГГГ или ГГГГ-ММ-ДД, например ${russian(today)}`);
  if (iso > today) throw new ApiError(400, 'Дата постановления (rulingDate) не может быть позже сегодняшней');
  const oldest = yearsBefore(today, YEARS_KEPT);
  if (iso < oldest) throw new ApiError(400, `Дата постановления (rulingDate) — не раньше ${russian(oldest)}: источник хранит постановления за два года`);
  return iso;
}
