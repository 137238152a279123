import { array, boolean, coerce, enums, literal, nullable, number, object, optional, pattern, refine, size, string, type } from 'superstruct';
import type { Infer } from 'superstruct';
import { EmailAddress } from './account.ts';
import { Id, IdList, Kopecks, UinNumber } from './fields.ts';
import { PaymentMethod, SbpQuote } from './sbp.ts';

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

/**
 * Payer fields of both payment calls (spec §3 Payment payload). The apps may name the payment system
 * (spec §5); without one the service picks the gateway, with its fallback (issue 24).
 */
const payerFields = { paymentSystem: optional(string()), email: EmailAddress, fio: PayerName, total: optional(ShownTotal), /** card (default) or sbp (issue 25). */ method: optional(PaymentMethod) };

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

/** The service's commission: a share of the amount, with a floor (kopecks). */
export const CommissionRule = type({ percent: number(), minKopecks: Kopecks });

/**
 * A payment its payer started and the gateway has not answered yet, while it holds its fines (issue 24):
 * how long the hold lasts, and the gateway page to continue on (null when the gateway never took it).
 */
export const UnfinishedPayment = type({
  paymentId: string(),
  /** The fines it holds (empty for a tax) and the УИН of everything it holds. */
  fineIds: array(number()),
  uins: array(string()),
  total: Kopecks,
  totalKopecks: Kopecks,
  createdAt: string(),
  holdEndsAt: string(),
  /** Seconds until the hold ends, by the server's clock (the page counts from this, not from its own clock). */
  holdSecondsLeft: number(),
  continueUrl: nullable(string()),
});
/** An unfinished payment. */
export type UnfinishedPayment = Infer<typeof UnfinishedPayment>;

/** The payer's name and e-mail the checkout starts with: of the user's last payment, or the account's e-mail. */
export const KnownPayer = type({ fio: string(), email: string() });

/** `GET /105/api/payment/info` reply: the fines at today's amounts, the commission, the total (kopecks) and the commission rule. */
export const PaymentQuoteReply = type({
  items: array(QuotedFine),
  ...PAYMENT_SUMS,
  commissionRule: CommissionRule,
  paymentSystems: array(string()),
  /** The payer's own unfinished payment holding some of these fines: continue it, or cancel it and pay again. */
  unfinished: optional(nullable(UnfinishedPayment)),
  payer: optional(nullable(KnownPayer)),
  /** Paying by СБП: its own commission and total; null when the service does not offer СБП (issue 25). */
  sbp: optional(nullable(SbpQuote)),
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
  /** While it waits: seconds until its hold ends (then it is closed unpaid), and the gateway page to continue on. */
  holdSecondsLeft: optional(nullable(number())),
  continueUrl: optional(nullable(string())),
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

/** `GET /105/api/payment/unfinished` reply: the commission rule (the lists show it beside each amount) and the user's unfinished payments. */
export const UnfinishedPaymentsReply = type({ commissionRule: CommissionRule, holdMinutes: number(), payments: array(UnfinishedPayment) });
/** The commission rule and the unfinished payments. */
export type UnfinishedPayments = Infer<typeof UnfinishedPaymentsReply>;

/** `POST /105/api/payment/cancel` reply. */
export const PaymentCancelledReply = type({ status: literal('cancelled') });

/** Payment systems the checkout offers. */
export const PAYMENT_SYSTEMS = ['moneta', 'A3'] as const;
