import { withInnCheckDigits } from '../../../src/lib/inn.ts';
import type { SourceTax as Tax } from './sourceTax.ts';
import { seededRandom } from './prng.ts';
import type { Random } from './prng.ts';
import { REGIONS, treasuryAccount } from './regions.ts';
import type { Region } from './regions.ts';

/** Property taxes of individuals with their КБК. */
export const TAX_KINDS = [
  { title: 'Транспортный налог', kbk: '18210604012021000110', min: 700, max: 28_000 },
  { title: 'Налог на имущество физических лиц', kbk: '18210601020041000110', min: 150, max: 9_000 },
  { title: 'Земельный налог', kbk: '18210606042041000110', min: 200, max: 6_000 },
] as const;

/** A tax accrual for a УИН, deterministic per УИН: most ФНС numbers (182…) exist, other numbers rarely, traffic rulings never. */
export function generateTax(uin: string, today: string): Tax | undefined {
  if (uin.startsWith('18810') || uin.startsWith('0355431010')) return undefined; // ГИБДД and МАДИ rulings are fines
  const random = seededRandom(`taxes-sandbox/v1/${uin}`);
  if (random.next() >= (uin.startsWith('182') ? 0.8 : 0.3)) return undefined;
  const kind = random.pick(TAX_KINDS);
  return buildTax(random, uin, kind, random.pick(REGIONS), today);
}

/** A tax accrual of `kind` in `region`, for a year or two ago, the rest drawn from `random`. */
export function buildTax(random: Random, uin: string, kind: (typeof TAX_KINDS)[number], region: Region, today: string): Tax {
  const year = Number(today.slice(0, 4));
  const period = year - random.int(1, 2);
  const office = random.int(1, 46);
  const where = region.ufk.replace(/^УФК /, '');
  return {
    uin,
    title: kind.title,
    period,
    amount: random.int(kind.min, kind.max),
    paymentDeadline: `${period + 1}-12-01`,
    paid: random.next() < 0.15,
    taxAuthority: `Межрайонная ИФНС России № ${office} ${where}`,
    payee: {
      name: `${region.ufk} (Межрайонная ИФНС России № ${office} ${where})`,
      inn: withInnCheckDigits(`${region.code}${String(office).padStart(2, '0')}00000`.slice(0, 9)),
      kpp: `${region.code}${String(office).padStart(2, '0')}01001`,
      account: treasuryAccount(region),
      bik: region.bik,
      bankName: region.bank,
      oktmo: region.oktmo,
      kbk: kind.kbk,
    },
  };
}
