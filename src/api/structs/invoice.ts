import { boolean, coerce, integer, nullable, number, refine, string, type } from 'superstruct';
import type { Infer } from 'superstruct';
import { Kopecks } from './fields.ts';

/** A whole number from a form field, within [low, high]; outside it, `message`. */
const wholeNumber = (low: number, high: number, message: string) =>
  refine(coerce(integer(), string(), (text) => (/^\s*\d{1,7}\s*$/.test(text) ? Number(text) : text)), 'range', (value) => (value >= low && value <= high) || message);

/** POST /105/api/organization/{id}/invoice: how many vehicles and months the subscription covers. */
export const InvoiceInput = type({ vehicles: wholeNumber(1, 10_000, 'Число автомобилей — от 1 до 10 000'), months: wholeNumber(1, 36, 'Срок подписки — от 1 до 36 месяцев') });
/** The invoice asked for. */
export type InvoiceInput = Infer<typeof InvoiceInput>;

/** A party of an invoice: name, ИНН, КПП (none for a sole trader) and address. */
const Party = type({ name: string(), inn: string(), kpp: nullable(string()), address: nullable(string()) });

/** An invoice (счёт на оплату) for a subscription, as /invoice/{hash}/ shows it; amounts in kopecks. */
export const InvoiceDocument = type({
  number: string(),
  hash: string(),
  createdAt: string(),
  paidAt: nullable(string()),
  seller: type({ ...Party.schema, bank: type({ name: string(), bik: string(), account: string(), correspondentAccount: string() }) }),
  buyer: Party,
  /** What is paid for: the service, the vehicles, the months and the price per vehicle per month. */
  item: type({ title: string(), vehicles: number(), months: number(), priceKopecks: Kopecks }),
  totalKopecks: Kopecks,
  vat: string(),
  /** The seller's requisites are the repository's test values: the page says so. */
  test: boolean(),
});
/** An invoice. */
export type InvoiceDocument = Infer<typeof InvoiceDocument>;

/** Reply of POST /105/api/organization/{id}/invoice. */
export const InvoiceCreatedReply = type({ invoice: InvoiceDocument });

/** `GET /105/api/tariff` reply: the price per vehicle per month the invoices charge (kopecks). */
export const TariffReply = type({ perVehicleMonthKopecks: Kopecks });
/** The tariff. */
export type TariffReply = Infer<typeof TariffReply>;
