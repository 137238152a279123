/** Spec §3: the six ordinance categories, in the order the tabs show them. */
export const ORDINANCE_CATEGORIES = ['all', 'not_paid', 'fines', 'inn_ordinances', 'ipfssp', 'paid_ordinances'] as const;
/** One of ORDINANCE_CATEGORIES. */
export type OrdinanceCategory = (typeof ORDINANCE_CATEGORIES)[number];

/** Tab titles of the categories. */
export const CATEGORY_TITLES: Record<OrdinanceCategory, string> = {
  all: 'Все',
  not_paid: 'К оплате',
  fines: 'Штрафы ГИБДД',
  inn_ordinances: 'По ИНН',
  ipfssp: 'ФССП',
  paid_ordinances: 'Оплаченные',
};

/** Sort orders of the list (spec §7 order; DEFAULT: unpaid first, newest first). */
export const ORDINANCE_ORDERS = ['DEFAULT', 'DATE_DESC', 'DATE_ASC', 'SUM_DESC', 'SUM_ASC'] as const;
/** One of ORDINANCE_ORDERS. */
export type OrdinanceOrder = (typeof ORDINANCE_ORDERS)[number];

/** Spec §7 defaults: 50 per page, at most 100. */
export const DEFAULT_SHOW_BY = 50;
/** Largest page the API gives. */
export const MAX_SHOW_BY = 100;

/** What the category and order rules need of an item. */
export type Categorised = {
  kind: 'fine' | 'tax' | 'fssp';
  identifierType: string;
  paid: boolean;
  /** The date that orders the list: ruling, accrual or proceedings date, YYYY-MM-DD. */
  date: string;
  /** What is due now (0 once paid), roubles. */
  amountToPay: number;
  /** The full amount, roubles. */
  amount: number;
  /** Text the search looks through. */
  searchText: string;
};

/**
 * Whether an item belongs to a category: traffic fines (whatever document found them), what the ИНН
 * finds at the tax service and the bailiffs (taxes and ФССП debts, as the ИНН card promises — a
 * traffic fine found by an ИНН is still a traffic fine), ФССП debts alone, unpaid and paid ones.
 */
export function inCategory(item: Categorised, category: OrdinanceCategory): boolean {
  switch (category) {
    case 'all':
      return true;
    case 'not_paid':
      return !item.paid;
    case 'fines':
      return item.kind === 'fine';
    case 'inn_ordinances':
      return item.identifierType === 'inn' && item.kind !== 'fine';
    case 'ipfssp':
      return item.kind === 'fssp';
    case 'paid_ordinances':
      return item.paid;
  }
}

/** The items in the given order (a new array; ties keep their order). */
export function sortOrdinances<T extends Categorised>(items: readonly T[], order: OrdinanceOrder): T[] {
  const byDateDesc = (a: T, b: T) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0);
  const due = (item: T) => (item.paid ? item.amount : item.amountToPay);
  const compare: Record<OrdinanceOrder, (a: T, b: T) => number> = {
    DEFAULT: (a, b) => Number(a.paid) - Number(b.paid) || byDateDesc(a, b),
    DATE_DESC: byDateDesc,
    DATE_ASC: (a, b) => byDateDesc(b, a),
    SUM_DESC: (a, b) => due(b) - due(a),
    SUM_ASC: (a, b) => due(a) - due(b),
  };
  return [...items].sort(compare[order]);
}

/** Case- and space-insensitive search: every word of the query must occur in the item's text. */
export function matchesSearch(item: Pick<Categorised, 'searchText'>, query: string): boolean {
  const text = item.searchText.toLowerCase().replace(/\s+/g, '');
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '')
    .every((word) => text.includes(word));
}
