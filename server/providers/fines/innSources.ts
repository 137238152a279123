import { withUinCheckDigit } from '../../../src/lib/uin.ts';
import { addDays } from '../../../src/lib/isoDate.ts';
import type { SourceTax as Tax } from './sourceTax.ts';
import { seededRandom } from './prng.ts';
import type { Random } from './prng.ts';
import { REGIONS } from './regions.ts';
import type { Region } from './regions.ts';
import { TAX_KINDS, buildTax } from './taxes.ts';

/** An enforcement proceeding (ФССП) against the holder of an ИНН, as the bailiffs' database shows it. */
export type SourceDebt = {
  /** Proceedings number, e.g. '123456/25/77001-ИП'. */
  number: string;
  /** УИН to pay it by (ФССП numbers start with 322). */
  uin: string;
  /** When the proceedings were opened, YYYY-MM-DD. */
  openedOn: string;
  /** What is owed, roubles with kopecks (the debt plus the 7 % enforcement fee). */
  amount: number;
  /** What it is for, e.g. 'Штраф ГИБДД' or 'Налог, пени'. */
  subject: string;
  /** The bailiffs' office that runs it. */
  bailiffOffice: string;
};

/** What the tax service and the bailiffs' database know about one ИНН. */
export type InnSources = { taxes: Tax[]; debts: SourceDebt[] };

/** Debts bailiffs collect from private persons most often (the 7 % fee is added on top). */
const DEBT_SUBJECTS = [
  { subject: 'Штраф ГИБДД', min: 500, max: 5_000 },
  { subject: 'Налог, пени', min: 1_000, max: 25_000 },
  { subject: 'Задолженность за коммунальные услуги', min: 3_000, max: 60_000 },
  { subject: 'Задолженность по кредитным платежам', min: 15_000, max: 300_000 },
] as const;

/** The region of an ИНН: its first two digits are the tax office's region; unknown codes fall back to Moscow. */
function regionOfInn(inn: string): Region {
  return REGIONS.find((region) => region.code === inn.slice(0, 2)) ?? REGIONS.find((region) => region.code === '77') ?? (REGIONS[0] as Region);
}

/** A 20-digit УИН: the prefix, random digits, the check digit. */
function uinWith(random: Random, prefix: string): string {
  return withUinCheckDigit(prefix + random.digits(19 - prefix.length));
}

/**
 * Sandbox answers for an ИНН, deterministic per ИНН and year: a person (12 digits) usually has one to
 * three property tax accruals, and one in five has enforcement proceedings; an organisation (10
 * digits) has none of these personal taxes and rarely a proceeding.
 */
export function innSources(inn: string, today: string): InnSources {
  const random = seededRandom(`inn-sandbox/v1/${inn}/${today.slice(0, 4)}`);
  const region = regionOfInn(inn);
  const person = inn.length === 12;
  const taxes: Tax[] = [];
  const taxCount = person ? random.pick([0, 1, 1, 2, 2, 3]) : 0;
  const kinds = [...TAX_KINDS];
  for (let i = kinds.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [kinds[i], kinds[j]] = [kinds[j] as (typeof TAX_KINDS)[number], kinds[i] as (typeof TAX_KINDS)[number]];
  }
  kinds.length = taxCount;
  for (const kind of kinds) taxes.push(buildTax(random, uinWith(random, '18210'), kind, region, today));
  const debts: SourceDebt[] = [];
  const debtCount = random.next() < (person ? 0.2 : 0.05) ? random.int(1, 2) : 0;
  for (let i = 0; i < debtCount; i++) {
    const what = random.pick(DEBT_SUBJECTS);
    const openedOn = addDays(today, -random.int(20, 700));
    const office = random.int(1, 9);
    const owed = random.int(what.min, what.max);
    debts.push({
      number: `${random.digits(6)}/${openedOn.slice(2, 4)}/${region.code}${String(office).padStart(3, '0')}-ИП`,
      uin: uinWith(random, '322'),
      openedOn,
      amount: Math.round(owed * 1.07 * 100) / 100,
      subject: what.subject,
      bailiffOffice: `ОСП № ${office} ГУФССП России ${region.ufk.replace(/^УФК /, '')}`,
    });
  }
  return { taxes, debts };
}
