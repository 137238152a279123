import { array, boolean, enums, nullable, number, object, optional, string, type } from 'superstruct';
import type { Infer } from 'superstruct';
import { Id, IdList, Kopecks, Roubles, Token, UinNumber } from './fields.ts';

/** Where a violation happened: address in the plate's region and WGS-84 coordinates. */
export const Place = type({ address: string(), lat: number(), lon: number() });

/** Payment details of the body that issued the ruling (the regional treasury, УФК). */
export const Payee = type({
  name: string(),
  inn: string(),
  kpp: string(),
  account: string(),
  bik: string(),
  bankName: string(),
  oktmo: string(),
  kbk: string(),
  /** The bank's account of the payee: the single treasury account (ЕКС, 40102…) for payments to the budget; absent in fines stored before issue 26. */
  correspondentAccount: optional(string()),
});
/** Payment details. */
export type Payee = Infer<typeof Payee>;

/** Measured and allowed speed, km/h, for speeding rulings. */
export const Speed = type({ actual: number(), limit: number() });

/** What the fine was found by: the kind of document and its number as shown. */
export const IdentifierType = enums(['sts', 'dl', 'inn', 'plate', 'vin', 'uin']);

/** A traffic fine (ruling, постановление). Amounts are roubles, and kopecks in the …Kopecks fields; dates YYYY-MM-DD; violationAt is local time at the place with its offset. */
export const Fine = type({
  id: number(),
  /** Ruling number, a 20- or 25-digit УИН. */
  uin: string(),
  vehiclePlateNumber: string(),
  vehiclePlateRegion: string(),
  /** The document the fine was found by (СТС, licence, ИНН, plate with region, VIN or УИН). */
  identifier: string(),
  identifierType: IdentifierType,
  /** КоАП article, e.g. "12.9.2". */
  article: string(),
  articleTitle: string(),
  rulingDate: string(),
  violationAt: string(),
  place: Place,
  /** The issuing body, e.g. "ЦАФАП ГИБДД ГУ МВД России по г. Москве". */
  department: string(),
  /** The full fine and what is due now (0 once paid), roubles; the same in kopecks beside them. */
  fullAmount: Roubles,
  amountToPay: Roubles,
  fullAmountKopecks: Kopecks,
  amountToPayKopecks: Kopecks,
  discountPercent: number(),
  /** Last day of the discount (YYYY-MM-DD), null when the ruling has none. */
  discountLastDay: nullable(string()),
  discountActive: boolean(),
  paymentDeadline: string(),
  paid: boolean(),
  /** When the fine was paid through the service (ISO date-time); only in single-fine replies. */
  paidAt: optional(string()),
  /** Camera rulings have photos (ask /105/api/photo); inspector rulings do not. */
  hasPhoto: boolean(),
  speed: nullable(Speed),
  payee: Payee,
  /** Unguessable id for the public page /fines/info/{shareHash}/ and GET /105/api/fine/info/{shareHash}. */
  shareHash: string(),
});
/** A traffic fine. */
export type Fine = Infer<typeof Fine>;

/** A payment order of a paid fine (spec §3: Order has id and the nested fine). */
export const Order = type({
  id: number(),
  status: enums(['paid']),
  /** What was paid, roubles, and the same in kopecks. */
  amount: Roubles,
  amountKopecks: Kopecks,
  /** ISO date-time of the payment. */
  paidAt: string(),
  fine: Fine,
});
/** A payment order. */
export type Order = Infer<typeof Order>;

/** Fine list result (spec §3): every fine found (paid ones too, `paid: true`) and the payment orders of the paid ones. */
export const FineListReply = type({ fines: array(Fine), orders: array(Order) });
/** Fine list result. */
export type FineListReply = Infer<typeof FineListReply>;

/** `GET /105/api/fine?fine=` and `GET /105/api/fine/info/{hash}` reply. */
export const FineReply = type({ fine: Fine });
/** `GET /105/api/order?id=` reply. */
export const OrderReply = type({ order: Order });

/** `GET /105/api/fine/uinInfo?uin=` and `tax/uinInfo` query. */
export const UinQuery = object({ uin: UinNumber });
/** `GET /105/api/fine?fine=` query. */
export const FineQuery = object({ fine: Id });
/** `GET /105/api/order?id=` query. */
export const OrderQuery = object({ id: Id });
/** `GET /105/api/fineList/by/ids?ordinanceIds=1,2` query (1 to 50 fine ids). */
export const FineIdsQuery = object({ ordinanceIds: IdList });
/** `GET /105/api/photo` query: `fineId` (with a session) or `hash` (a fine's shareHash, anonymous). */
export const PhotoQuery = object({ fineId: optional(Id), hash: optional(Token) });
