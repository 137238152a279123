import { array, boolean, coerce, enums, literal, nullable, number, object, optional, pattern, refine, size, string, type } from 'superstruct';
import type { Infer } from 'superstruct';
import { EmailAddress } from './account.ts';
import { Id, IdList, Kopecks, UinNumber } from './fields.ts';

/** The payer's full name as typed: two or three Cyrillic words (the gateway prints it on the payment). */
export const PayerName = coerce(pattern(size(string(), 3, 120), /^[А-ЯЁ][А-ЯЁа-яё-]*( [А-ЯЁ][А-ЯЁа-яё-]*){1,2}$/), string(), (value) =>
  value
    .trim()
    .replace(/\s+/g, ' ')
    .split(' ')
    .map((word) => word.charAt(0).toLocaleUpperCase('ru-RU') + word.slice(1).toLocaleLowerCase('ru-RU'))
    .join(' '),
);

/** The total the page showed, kopecks: the server refuses to charge anything else. */
const ShownTotal = coerce(refine(Kopecks, 'nonNegative', (value) => value >= 0), string(), (value) => (/^\d{1,12}$/.test(value.trim()) ? Number(value.trim()) : value));

/** Payer fields of both payment calls (spec §3 Payment payload). */
const payerFields = { paymentSystem: string(), email: EmailAddress, fio: PayerName, total: optional(ShownTotal) };

/** A tax's УИН (20 or 25 digits with its check digit), checked like a ruling's. */
export const TaxUin = UinNumber;

/** `POST /105/api/payment` body: one fine. */
export const PaymentInput = object({ fineId: Id, type: optional(literal('fine')), ...payerFields });
/** `POST /105/api/payment` body for a tax (type=tax): its УИН. */
export const TaxPaymentInput = object({ uin: TaxUin, type: literal('tax'), ...payerFields });
/** `POST /105/api/multipayment` body: several fines. */
export const MultiPaymentInput = object({ fineIds: IdList, ...payerFields });
/** `GET /105/api/payment/info` query. */
export const PaymentInfoQuery = object({ fineId: optional(Id), fineIds: optional(IdList), uin: optional(TaxUin), type: optional(string()) });
/** `POST /105/api/payment/cancel` body. */
export const PaymentCancelInput = object({ paymentId: pattern(string(), /^[0-9a-f]{32}$/), type: optional(string()) });

/** The sums of a payment, kopecks: under their first names (the site reads them) and under names that say the unit. */
const PAYMENT_SUMS = {
  amount: Kopecks,
  commission: Kopecks,
  total: Kopecks,
  amountKopecks: Kopecks,
  commissionKopecks: Kopecks,
  totalKopecks: Kopecks,
};

/** A fine (or a tax: fineId null, article '') as the checkout quotes it (kopecks). */
export const QuotedFine = type({
  fineId: nullable(number()),
  uin: string(),
  title: string(),
  article: string(),
  /** Kopecks (unlike a fine's reply, where these two are roubles); the …Kopecks twins say it in their names. */
  fullAmount: Kopecks,
  amountToPay: Kopecks,
  fullAmountKopecks: Kopecks,
  amountToPayKopecks: Kopecks,
  discountActive: boolean(),
  discountEndsAt: nullable(string()),
});
/** A quoted fine. */
export type QuotedFine = Infer<typeof QuotedFine>;

/** `GET /105/api/payment/info` reply: the fines at today's amounts, the commission, the total (kopecks) and the commission rule. */
export const PaymentQuoteReply = type({
  items: array(QuotedFine),
  ...PAYMENT_SUMS,
  commissionRule: type({ percent: number(), minKopecks: Kopecks }),
  paymentSystems: array(string()),
});
/** A quote. */
export type PaymentQuote = Infer<typeof PaymentQuoteReply>;

/** `POST /105/api/payment` and `/multipayment` reply: where to send the payer. */
export const PaymentCreatedReply = type({ paymentId: string(), redirectUrl: string() });
/** A created payment. */
export type PaymentCreated = Infer<typeof PaymentCreatedReply>;

/** Payment statuses. */
export const PaymentStatus = enums(['wait', 'success', 'error', 'cancelled']);
/** A payment status. */
export type PaymentStatus = Infer<typeof PaymentStatus>;

/** `GET /105/api/payment/{paymentId}` reply. */
export const PaymentStateReply = type({
  paymentId: string(),
  status: PaymentStatus,
  items: array(type({ fineId: nullable(number()), uin: string(), amount: Kopecks, amountKopecks: Kopecks })),
  /** What was paid: fines, or a tax (its item has no fineId). */
  recipient: optional(enums(['fines', 'taxes'])),
  ...PAYMENT_SUMS,
  createdAt: string(),
  finishedAt: nullable(string()),
  receiptHash: nullable(string()),
  errorDesc: nullable(string()),
  cashbackRequestedAt: nullable(string()),
});
/** A payment's state. */
export type PaymentState = Infer<typeof PaymentStateReply>;

/**
 * `GET /105/api/payment/receipt/{hash}` reply: what the receipt shows (no e-mail, no session needed).
 * `paymentId` stays for older clients; the receipt itself names the operation by the gateway's number.
 */
export const ReceiptReply = type({
  paymentId: string(),
  paidAt: string(),
  payer: string(),
  /** What was paid: fines or taxes (the heading says which). */
  kind: enums(['fines', 'taxes']),
  items: array(
    type({
      uin: string(),
      amount: Kopecks,
      amountKopecks: Kopecks,
      /** The accrual without the discount, and the discount taken (0 without one). */
      fullAmountKopecks: Kopecks,
      discountKopecks: Kopecks,
      title: string(),
      payee: type({ name: string(), inn: string(), kpp: string(), account: string(), bik: string(), bankName: string(), oktmo: string(), kbk: string() }),
    }),
  ),
  ...PAYMENT_SUMS,
  /** The accruals without discounts, and the discounts taken, over the whole payment. */
  fullAmountKopecks: Kopecks,
  discountKopecks: Kopecks,
  gateway: string(),
  /** The gateway as the receipt names it ('НКО «МОНЕТА» (ООО)'). */
  gatewayName: string(),
  /** The gateway's number of the operation. */
  operationId: nullable(string()),
  /** Who runs the service (content/settings/operator.json); `test` while the requisites are the repository's test values. */
  operator: type({ name: string(), inn: string(), kpp: string(), ogrn: string(), address: string(), test: boolean() }),
});
/** A receipt. */
export type Receipt = Infer<typeof ReceiptReply>;

/** `PATCH /105/api/order/{paymentId}` body (spec §3 Cashback request). */
export const CashbackInput = object({ email: EmailAddress, description: optional(size(string(), 0, 1_000)) });
/** `PATCH /105/api/order/{paymentId}` reply. */
export const CashbackReply = type({ requested: literal(true), createdAt: string() });

/** `POST /105/api/payment/cancel` reply. */
export const PaymentCancelledReply = type({ status: literal('cancelled') });

/** Payment systems the checkout offers. */
export const PAYMENT_SYSTEMS = ['moneta', 'A3'] as const;
