import { array, boolean, coerce, enums, integer, literal, max, min, nullable, number, object, optional, size, string, type } from 'superstruct';
import type { Infer } from 'superstruct';
import { MAX_SHOW_BY, ORDINANCE_CATEGORIES, ORDINANCE_ORDERS } from '../../lib/ordinances.ts';
import { Flag } from './account.ts';
import { Kopecks, Roubles } from './fields.ts';

/** A whole number given as query text. */
const QueryInt = (low: number, high: number) =>
  coerce(max(min(integer(), low), high), string(), (value) => (/^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : value));

/** Query of GET /api/ordinances/get/{category} (spec §3 "Ordinance query", §7 defaults). */
export const OrdinanceQuery = object({
  page: optional(QueryInt(1, 100_000)),
  showBy: optional(QueryInt(1, MAX_SHOW_BY)),
  order: optional(enums([...ORDINANCE_ORDERS])),
  search: optional(size(string(), 0, 100)),
  isForceRefresh: optional(Flag),
  /** Accepted for compatibility (spec §3); legal entities' masking is decided on the server. */
  instance: optional(size(string(), 0, 40)),
  isDataWithAsterisks: optional(size(string(), 0, 10)),
});
/** The list query. */
export type OrdinanceQuery = Infer<typeof OrdinanceQuery>;

/** One item of the list: a traffic fine, a tax accrual or an enforcement proceeding (ФССП). */
export const OrdinanceItem = type({
  /** Unique across kinds: 'fine-12', 'tax-3', 'fssp-7'. */
  id: string(),
  kind: enums(['fine', 'tax', 'fssp']),
  /** The row id in its kind (the fine's id for /fines/{id}/). */
  ref: number(),
  /** The document it was found by, and its kind. */
  identifier: string(),
  identifierType: string(),
  title: string(),
  /** КоАП article of a fine, null for taxes and debts. */
  article: nullable(string()),
  /** УИН of a fine or tax, the proceedings number of a debt. */
  number: string(),
  /** The full amount and what is due now (0 once paid), roubles; the same in kopecks beside them. */
  amount: Roubles,
  amountToPay: Roubles,
  amountKopecks: Kopecks,
  amountToPayKopecks: Kopecks,
  discountActive: boolean(),
  discountLastDay: nullable(string()),
  /** Ruling, accrual or proceedings date (YYYY-MM-DD). */
  date: string(),
  /** Pay by (YYYY-MM-DD), when known. */
  dueDate: nullable(string()),
  paid: boolean(),
  paidAt: nullable(string()),
  /** Plate of a fine ("А123ВС 77"), null otherwise. */
  vehiclePlate: nullable(string()),
  /** Where a fine happened, or who runs the debt (the bailiffs' office) or the tax (the tax office). */
  place: nullable(string()),
  issuer: string(),
});
/** One ordinance. */
export type OrdinanceItem = Infer<typeof OrdinanceItem>;

/** Reply of GET /api/ordinances/get/{category}: one page, the total in that category, and isWait while documents are being checked. */
export const OrdinanceListReply = type({
  items: array(OrdinanceItem),
  total: number(),
  page: number(),
  showBy: number(),
  /** Present (true) while some documents are still being checked: ask again in 2 s (spec §4). */
  isWait: optional(literal(true)),
  /** When the list was last brought up to date (ISO). */
  updatedAt: string(),
});
/** A page of ordinances. */
export type OrdinanceListReply = Infer<typeof OrdinanceListReply>;

/** Reply of GET /api/ordinances/get/summary: counts per category and the sum due now. */
export const OrdinanceSummaryReply = type({
  counts: type(Object.fromEntries(ORDINANCE_CATEGORIES.map((c) => [c, number()])) as Record<(typeof ORDINANCE_CATEGORIES)[number], ReturnType<typeof number>>),
  /** The sum due now, roubles, and the same in kopecks. */
  toPay: Roubles,
  toPayKopecks: Kopecks,
  isWait: optional(literal(true)),
});
/** The summary. */
export type OrdinanceSummaryReply = Infer<typeof OrdinanceSummaryReply>;

/** Reply of GET /api/ordinances/get/advantage: what paying now saves while discounts run. */
export const OrdinanceAdvantageReply = type({
  /** Roubles saved by paying every discounted item now instead of in full, and the same in kopecks. */
  savings: Roubles,
  savingsKopecks: Kopecks,
  /** Items whose discount ends within 3 days. */
  endingSoon: number(),
  /** The nearest last day of a running discount, or null. */
  nearestLastDay: nullable(string()),
});
/** The advantage of paying now. */
export type OrdinanceAdvantageReply = Infer<typeof OrdinanceAdvantageReply>;

