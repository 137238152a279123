import { describe, expect, it } from 'vitest';
import { plateRegionTimeZone } from '../../../src/lib/legalFacts/regionTimeZones.ts';
import { WITHHOLDING_FACTS, withholdingFromPayment } from '../../../src/lib/legalFacts/withholding.ts';
import { statementTotals } from '../../../src/lib/driverStatement.ts';
import type { StatementFine } from '../../../src/lib/driverStatement.ts';
import { dateTimeInstant, zonedInstant, zonedLocal } from '../../../src/lib/zonedTime.ts';

// Issue 26: the plate region's time zone, wall clocks and instants, and the withholding cap.

describe('the time zone of a plate region (107-ФЗ ст. 5)', () => {
  it.each([
    ['77', 'Europe/Moscow'],
    ['777', 'Europe/Moscow'],
    ['39', 'Europe/Kaliningrad'],
    ['63', 'Europe/Samara'],
    ['163', 'Europe/Samara'],
    ['102', 'Asia/Yekaterinburg'],
    ['196', 'Asia/Yekaterinburg'],
    ['55', 'Asia/Omsk'],
    ['54', 'Asia/Novosibirsk'],
    ['154', 'Asia/Novosibirsk'],
    ['124', 'Asia/Krasnoyarsk'],
    ['138', 'Asia/Irkutsk'],
    ['75', 'Asia/Chita'],
    ['125', 'Asia/Vladivostok'],
    ['65', 'Asia/Sakhalin'],
    ['41', 'Asia/Kamchatka'],
    ['34', 'Europe/Volgograd'],
    ['81', 'Europe/Moscow'],
    ['00', 'Europe/Moscow'],
  ])('%s → %s', (code, zone) => {
    expect(plateRegionTimeZone(code)).toBe(zone);
  });
});

describe('wall clocks and instants', () => {
  it.each([
    // wall clock, zone, UTC
    ['2026-03-10T08:00', 'Europe/Moscow', '2026-03-10T05:00:00.000Z'],
    ['2026-03-10T08:00', 'Asia/Novosibirsk', '2026-03-10T01:00:00.000Z'],
    ['2026-03-10T00:30', 'Asia/Kamchatka', '2026-03-09T12:30:00.000Z'],
    ['2026-03-10T08:00', 'Europe/Kaliningrad', '2026-03-10T06:00:00.000Z'],
    // Волгоград kept МСК+1 from 28.10.2018 to 27.12.2020.
    ['2019-06-01T12:00', 'Europe/Volgograd', '2019-06-01T08:00:00.000Z'],
  ])('%s in %s is %s, and back', (local, zone, utc) => {
    expect(zonedInstant(local, zone).toISOString()).toBe(utc);
    expect(zonedLocal(new Date(utc), zone)).toBe(local);
  });

  it.each([
    ['2026-03-10T14:05+07:00', 'Europe/Moscow', '2026-03-10T07:05:00.000Z'],
    ['2026-03-10T14:05:30+0300', 'Asia/Novosibirsk', '2026-03-10T11:05:30.000Z'],
    ['2026-03-10T14:05Z', 'Asia/Novosibirsk', '2026-03-10T14:05:00.000Z'],
    ['2026-03-10T14:05', 'Asia/Novosibirsk', '2026-03-10T07:05:00.000Z'],
    ['2026-03-10 14:05', 'Europe/Moscow', '2026-03-10T11:05:00.000Z'],
  ])('the source\'s %s (plate zone %s) is %s', (value, zone, utc) => {
    expect(dateTimeInstant(value, zone)?.toISOString()).toBe(utc);
  });

  it('reads nothing from what is not a date-time', () => {
    expect(dateTimeInstant('вчера', 'Europe/Moscow')).toBeUndefined();
  });
});

describe('withholding from one payment (ТК РФ ст. 138)', () => {
  it('states the caps with their sources', () => {
    expect(WITHHOLDING_FACTS.generalCapPercent).toMatchObject({ value: 20, source: 'ТК РФ ст. 138 ч. 1' });
    expect(WITHHOLDING_FACTS.federalLawCapPercent.value).toBe(50);
    expect(WITHHOLDING_FACTS.specialCapPercent.value).toBe(70);
  });

  it.each([
    // owed, payment, withheld (kopecks)
    [225_000, 1_000_000, 200_000], // 20 % of 10 000 ₽ is less than owed
    [225_000, 5_000_000, 225_000], // never more than owed
    [225_000, 333, 66], // rounded down to the kopeck
    [0, 1_000_000, 0],
    [100_000, 0, 0],
  ])('owed %i, payment %i → %i', (owed, pay, withheld) => {
    expect(withholdingFromPayment(owed, pay)).toBe(withheld);
    expect(withholdingFromPayment(owed, pay)).toBeLessThanOrEqual(pay * 0.2);
  });

  it('owes only what the company paid for fines the driver bears', () => {
    const fine = (paidKopecks: number, bearer: StatementFine['bearer']): StatementFine => ({ when: '', uin: '', article: '', place: '', vehiclePlate: '', fullKopecks: 300_000, paidKopecks, bearer });
    const totals = statementTotals({ organizationName: '', driverName: '', driverLicense: '', month: '2026-03', payKopecks: 500_000, masked: false, fines: [fine(225_000, 'driver'), fine(0, 'driver'), fine(300_000, 'company'), fine(150_000, null)] });
    expect(totals).toEqual({ count: 4, fullKopecks: 1_200_000, paidKopecks: 675_000, owedKopecks: 225_000, awaitingKopecks: 300_000, companyKopecks: 300_000, undecided: 1, proposedKopecks: 100_000, carriedKopecks: 125_000 });
  });
});
