import businessJson from '../../content/settings/business.json' with { type: 'json' };
import { groupThousands } from './money.ts';
import { plural } from './plural.ts';

// The business's own figures (commission, the cashback programme's percent, limits, terms and dates,
// the support address), from content/settings/business.json which the business fills in. Content
// states them only through {{biz:…}} placeholders (legalFacts/placeholders.ts), and the service
// enforces the same numbers (cashback.ts, paymentTotals.ts), so a page can never promise a figure the
// service does not apply. The file in the repository holds test values ("test": true).

/** The business's figures. */
export interface BusinessTerms {
  readonly test: boolean;
  /** The default commission: a share of the amount with a floor (PAYMENT_COMMISSION_* override it). */
  readonly commission: { readonly percent: number; readonly minRub: number };
  /** The organization cabinet's price per vehicle per month: the offer shows it, invoices charge it (TARIFF_PER_VEHICLE_MONTH overrides it on the server). */
  readonly tariff: { readonly perVehicleMonthRub: number };
  readonly cashback: {
    readonly percent: number;
    readonly maxPerPaymentRub: number;
    readonly maxPerMonthRub: number;
    /** A request is accepted within this many calendar days of the payment. */
    readonly requestDays: number;
    readonly reviewWorkdays: number;
    /** Calendar days from approval to the money being sent. */
    readonly payoutDays: number;
    /** 'YYYY-MM-DD', inclusive. */
    readonly startsOn: string;
    readonly endsOn: string;
  };
  readonly supportEmail: string;
}

/** The figures from the settings file. */
export const BUSINESS_TERMS: BusinessTerms = businessJson as BusinessTerms;

/** The price per vehicle per month the offer states, in kopecks: the server's default tariff. */
export const TARIFF_KOPECKS = Math.round(BUSINESS_TERMS.tariff.perVehicleMonthRub * 100);

const MONTHS = ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря'];

/** '2026-07-01' → '1 июля 2026 года'. */
export function longDate(isoDay: string): string {
  const [year, month, day] = isoDay.split('-').map(Number);
  return `${day} ${MONTHS[(month ?? 1) - 1]} ${year} года`;
}

/** Roubles as text: '300 рублей', '1 000 рублей', '22 рубля', '1 рубль'. */
export function roubles(value: number): string {
  return `${groupThousands(value)}\u00a0${plural(value, ['рубль', 'рубля', 'рублей'])}`;
}

/** Days as text: '30 дней', '21 день', '10 рабочих дней', '30 календарных дней', '2 рабочих дня'. */
export function days(value: number, kind: '' | 'working' | 'calendar' = ''): string {
  const adjective = kind === '' ? '' : `${plural(value, ADJECTIVES[kind])} `;
  return `${value}\u00a0${adjective}${plural(value, ['день', 'дня', 'дней'])}`;
}

/** The adjectives of working and calendar days in their three forms. */
const ADJECTIVES = { working: ['рабочий', 'рабочих', 'рабочих'], calendar: ['календарный', 'календарных', 'календарных'] } as const;

/** The cashback on a payment of `amountRub` without commission: percent, rounded down, capped per payment. */
export function cashbackRub(amountRub: number, terms: BusinessTerms = BUSINESS_TERMS): number {
  return Math.min(Math.floor((amountRub * terms.cashback.percent) / 100), terms.cashback.maxPerPaymentRub);
}

/** A worked example for the terms page: a 1 000 ₽ fine paid with the legal discount of `discountShare` %. */
function cashbackExample(terms: BusinessTerms, discountShare: number): string {
  const paid = Math.round(1_000 * (1 - discountShare / 100));
  return `за штраф ${roubles(1_000)}, оплаченный со скидкой ${discountShare}\u00a0% (${roubles(paid)}), кешбэк составит ${roubles(cashbackRub(paid, terms))}`;
}

/** The text of each {{biz:id}} placeholder; `discountShare` is the legal discount the example uses. */
export function businessFigures(terms: BusinessTerms, discountShare: number): Readonly<Record<string, string>> {
  const { cashback, commission } = terms;
  return {
    'cashback.percent': `${String(cashback.percent).replace('.', ',')}\u00a0%`,
    'cashback.maxPerPayment': roubles(cashback.maxPerPaymentRub),
    'cashback.maxPerMonth': roubles(cashback.maxPerMonthRub),
    'cashback.requestDays': days(cashback.requestDays),
    'cashback.requestCalendarDays': days(cashback.requestDays, 'calendar'),
    'cashback.reviewWorkdays': days(cashback.reviewWorkdays, 'working'),
    'cashback.payoutDays': days(cashback.payoutDays),
    'cashback.payoutCalendarDays': days(cashback.payoutDays, 'calendar'),
    'cashback.startsOn': longDate(cashback.startsOn),
    'cashback.endsOn': longDate(cashback.endsOn),
    'cashback.example': cashbackExample(terms, discountShare),
    'commission.percent': `${String(commission.percent).replace('.', ',')}\u00a0%`,
    'commission.min': roubles(commission.minRub),
    'tariff.perVehicleMonth': roubles(terms.tariff.perVehicleMonthRub),
    supportEmail: terms.supportEmail,
  };
}

/** What is wrong with the figures for a production build: test values, impossible numbers. */
export function businessProblems(terms: BusinessTerms): string[] {
  const problems: string[] = [];
  if (terms.test !== false) problems.push('в файле тестовые значения ("test": true)');
  const { cashback, commission } = terms;
  if (!(commission.percent >= 0 && commission.percent <= 20)) problems.push('комиссия — от 0 до 20 %');
  if (!(Number.isInteger(terms.tariff?.perVehicleMonthRub) && terms.tariff.perVehicleMonthRub > 0)) problems.push('цена за автомобиль в месяц (tariff.perVehicleMonthRub) — целое число рублей больше 0');
  if (!(cashback.percent > 0 && cashback.percent <= 100)) problems.push('кешбэк — от 0 до 100 %');
  if (!(cashback.maxPerPaymentRub > 0 && cashback.maxPerPaymentRub <= cashback.maxPerMonthRub)) problems.push('лимит кешбэка за платёж больше месячного');
  if (!(cashback.startsOn <= cashback.endsOn)) problems.push('акция кончается раньше, чем начинается');
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(terms.supportEmail)) problems.push('адрес поддержки — не e-mail');
  return problems;
}
