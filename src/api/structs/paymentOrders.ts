import { coerce, enums, literal, nullable, number, object, optional, record, refine, string, type, union, array, boolean } from 'superstruct';
import type { Infer } from 'superstruct';
import { Kopecks } from './fields.ts';
import { FleetFinesReply } from './organization.ts';

/** Digits only, of one of the lengths; otherwise `message`. */
const digits = (lengths: readonly number[], message: string) => refine(string(), 'digits', (value) => (/^\d+$/.test(value) && lengths.includes(value.length)) || message);

/** The organization's bank account, the payer's side of its payment orders (реквизиты 9–12 of Положение 762-П). */
export const BankAccount = object({
  account: digits([20], 'Расчётный счёт — 20 цифр'),
  bik: digits([9], 'БИК — 9 цифр'),
  bankName: refine(string(), 'bankName', (value) => (value.trim().length >= 2 && value.length <= 160) || 'Укажите название банка (до 160 символов)'),
  correspondentAccount: digits([20], 'Корреспондентский счёт — 20 цифр'),
});
/** A bank account. */
export type BankAccount = Infer<typeof BankAccount>;

/** `GET /105/api/organization/{id}/bank-account` reply: the account, or null before it is saved. */
export const BankAccountReply = type({ account: nullable(BankAccount) });

/** Chosen fines' ids, «1,2,3» (up to 5 000). */
const FineIdList = refine(string(), 'fineIds', (value) => /^\d{1,10}(,\d{1,10}){0,4999}$/.test(value) || 'Выберите штрафы');

/** `POST /105/api/organization/{id}/payment-orders` body: chosen fines («1,2,3») or every unpaid one with a running discount, as 1С file or XLSX. */
export const PaymentOrdersInput = object({
  fineIds: optional(FineIdList),
  all: optional(literal('discounted')),
  format: enums(['1c', 'xlsx']),
});
/** What the orders are for. */
export type PaymentOrdersInput = Infer<typeof PaymentOrdersInput>;

/** `GET /105/api/organization/{id}/payment-orders/fines` query. */
export const PaymentOrderFinesQuery = object({ page: optional(refine(string(), 'page', (v) => /^\d{1,5}$/.test(v) && Number(v) >= 1)), discount: optional(enums(['0', '1'])) });

/** Its reply: a page of the unpaid fines, when each went into a payment order (by fine id), and whether the payer's account is saved. */
export const PaymentOrderFinesReply = type({
  fines: FleetFinesReply,
  exported: record(string(), string()),
  bankAccountSaved: boolean(),
  paid: boolean(),
});
/** The reply. */
export type PaymentOrderFinesReply = Infer<typeof PaymentOrderFinesReply>;

/** What became of one document of an imported bank statement. */
export const StatementRow = type({
  document: string(),
  payer: string(),
  amountKopecks: Kopecks,
  invoiceNumber: nullable(string()),
  outcome: enums(['paid', 'alreadyPaid', 'amountMismatch', 'unknownNumber', 'noNumber', 'notIncoming']),
  reason: string(),
});
/** `POST /105/api/admin/bank-statement` reply. */
export const StatementImportReply = type({ duplicate: boolean(), uploadedAt: string(), documents: number(), matched: number(), rows: array(StatementRow) });
/** The import's report. */
export type StatementImportReply = Infer<typeof StatementImportReply>;

/** One invoice on the operator's page. */
export const AdminInvoice = type({
  id: number(),
  number: string(),
  organizationName: string(),
  inn: string(),
  vehicles: number(),
  months: number(),
  totalKopecks: Kopecks,
  createdAt: string(),
  paidAt: nullable(string()),
  source: nullable(enums(['admin', 'statement', 'sandbox'])),
});
/** An invoice as the operator sees it. */
export type AdminInvoice = Infer<typeof AdminInvoice>;
/** `GET /105/api/admin/invoices` reply. */
export const AdminInvoicesReply = type({ items: array(AdminInvoice) });
/** `POST /105/api/admin/invoices/{id}/paid` reply. */
export const InvoicePaidReply = type({ outcome: union([literal('paid'), literal('alreadyPaid')]), subscriptionEnd: optional(string()) });
/** The operator's invoices query. */
export const AdminInvoicesQuery = object({ q: optional(string()) });

/** One order of a registry: its number, the fine it pays, the sum and the payee. */
export const PaymentRegistryOrder = type({ number: number(), fineId: number(), uin: string(), amountKopecks: Kopecks, payeeName: string() });
/** An export of payment orders kept for downloading again (`source`: made in the cabinet or through the API). */
export const PaymentRegistry = type({
  id: number(),
  createdAt: string(),
  /** The orders' date, YYYY-MM-DD. */
  date: string(),
  source: enums(['cabinet', 'api']),
  ordersCount: number(),
  totalKopecks: Kopecks,
  orders: array(PaymentRegistryOrder),
});
/** A registry. */
export type PaymentRegistry = Infer<typeof PaymentRegistry>;
/** `GET /105/api/v1/payment-registries` reply: one page, newest first. */
export const PaymentRegistriesReply = type({ items: array(PaymentRegistry), total: number(), page: number(), showBy: number() });
/** One registry. */
export const PaymentRegistryReply = type({ item: PaymentRegistry });

/** `POST /105/api/v1/payment-registries` body: chosen unpaid fines (a list of ids, or «1,2,3» in a form), or `all=discounted`. */
export const PaymentRegistryInput = object({
  fineIds: optional(coerce(FineIdList, array(number()), (ids) => ids.join(','))),
  all: optional(literal('discounted')),
});
/** `GET /105/api/v1/payment-registries/{registryId}/file` query: the 1CClientBankExchange text (`1c`) or XLSX. */
export const PaymentRegistryFileQuery = object({ format: enums(['1c', 'xlsx']) });
