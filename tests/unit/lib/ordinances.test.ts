import { describe, expect, it } from 'vitest';
import {
  CATEGORY_TITLES,
  DEFAULT_SHOW_BY,
  MAX_SHOW_BY,
  ORDINANCE_CATEGORIES,
  ORDINANCE_ORDERS,
  inCategory,
  matchesSearch,
  sortOrdinances,
} from '../../../src/lib/ordinances.ts';
import type { Categorised, OrdinanceCategory, OrdinanceOrder } from '../../../src/lib/ordinances.ts';

type Item = Categorised & { name: string };

const item = (name: string, patch: Partial<Categorised>): Item => ({
  name,
  kind: 'fine',
  identifierType: 'sts',
  paid: false,
  date: '2026-11-01',
  amountToPay: 500,
  amount: 500,
  searchText: '',
  ...patch,
});

/** One of each thing the list can hold. */
const fineBySts = item('fineBySts', {});
const fineByLicence = item('fineByLicence', { identifierType: 'driverLicense' });
const fineByInn = item('fineByInn', { identifierType: 'inn' });
const tax = item('tax', { kind: 'tax', identifierType: 'inn' });
const debt = item('debt', { kind: 'fssp', identifierType: 'inn' });
const paidFine = item('paidFine', { paid: true, amountToPay: 0 });
const paidTax = item('paidTax', { kind: 'tax', identifierType: 'inn', paid: true, amountToPay: 0 });
const ALL = [fineBySts, fineByLicence, fineByInn, tax, debt, paidFine, paidTax];

describe('categories (spec §3)', () => {
  it('are the six of the spec, each with a Russian tab title', () => {
    expect([...ORDINANCE_CATEGORIES].sort()).toEqual(['all', 'fines', 'inn_ordinances', 'ipfssp', 'not_paid', 'paid_ordinances']);
    for (const category of ORDINANCE_CATEGORIES) expect(CATEGORY_TITLES[category]).toMatch(/^[А-ЯЁ]/);
  });

  it.each<[OrdinanceCategory, string[]]>([
    ['all', ['fineBySts', 'fineByLicence', 'fineByInn', 'tax', 'debt', 'paidFine', 'paidTax']],
    ['not_paid', ['fineBySts', 'fineByLicence', 'fineByInn', 'tax', 'debt']],
    // A traffic fine is a traffic fine whatever found it; «По ИНН» holds what the ИНН finds at the tax service and the bailiffs (issue 24, item 10).
    ['fines', ['fineBySts', 'fineByLicence', 'fineByInn', 'paidFine']],
    ['inn_ordinances', ['tax', 'debt', 'paidTax']],
    ['ipfssp', ['debt']],
    ['paid_ordinances', ['paidFine', 'paidTax']],
  ])('%s holds %j', (category, names) => {
    expect(ALL.filter((i) => inCategory(i, category)).map((i) => i.name)).toEqual(names);
  });
});

describe('sort orders (spec §7)', () => {
  const a = item('a', { date: '2026-10-01', amountToPay: 300, amount: 600 });
  const b = item('b', { date: '2026-11-15', amountToPay: 1000, amount: 1000 });
  const c = item('c', { date: '2026-12-01', paid: true, amountToPay: 0, amount: 700 });
  const d = item('d', { date: '2026-09-01', amountToPay: 50, amount: 50 });

  it('has the five orders of the spec and 50 per page by default, at most 100', () => {
    expect(ORDINANCE_ORDERS).toEqual(['DEFAULT', 'DATE_DESC', 'DATE_ASC', 'SUM_DESC', 'SUM_ASC']);
    expect([DEFAULT_SHOW_BY, MAX_SHOW_BY]).toEqual([50, 100]);
  });

  it.each<[OrdinanceOrder, string[]]>([
    ['DEFAULT', ['b', 'a', 'd', 'c']],
    ['DATE_DESC', ['c', 'b', 'a', 'd']],
    ['DATE_ASC', ['d', 'a', 'b', 'c']],
    // A paid item sorts by what it cost, not by the 0 left to pay.
    ['SUM_DESC', ['b', 'c', 'a', 'd']],
    ['SUM_ASC', ['d', 'a', 'c', 'b']],
  ])('%s → %j', (order, names) => {
    expect(sortOrdinances([a, b, c, d], order).map((i) => i.name)).toEqual(names);
  });

  it('returns a new array and keeps the order of ties', () => {
    const input = [item('x', { date: '2026-01-01' }), item('y', { date: '2026-01-01' }), item('z', { date: '2026-01-01' })];
    const sorted = sortOrdinances(input, 'DATE_DESC');
    expect(sorted).not.toBe(input);
    expect(sorted.map((i) => i.name)).toEqual(['x', 'y', 'z']);
    expect(input.map((i) => i.name)).toEqual(['x', 'y', 'z']);
  });
});

describe('search within the list', () => {
  const fine = { searchText: 'Превышение скорости А123ВС 77 18810177250101234567 Москва, Ленинградский проспект' };

  it.each<[string, boolean]>([
    ['', true],
    ['   ', true],
    ['превышение', true],
    ['ПРЕВЫШЕНИЕ скорости', true],
    ['скорости превышение', true],
    ['а123вс77', true],
    ['А123ВС 77', true],
    ['1881017725', true],
    ['москва ленинградский', true],
    ['парковка', false],
    ['превышение парковка', false],
    ['а124', false],
  ])('%j → %s', (query, found) => {
    expect(matchesSearch(fine, query)).toBe(found);
  });
});
