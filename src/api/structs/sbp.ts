import { array, enums, nullable, number, object, optional, pattern, string, type } from 'superstruct';
import type { Infer } from 'superstruct';
import { Id, Kopecks } from './fields.ts';

/** How the payer pays: by card at the gateway's page, or by СБП (a QR code or the bank's app). */
export const PaymentMethod = enums(['card', 'sbp']);
/** A payment method. */
export type PaymentMethod = Infer<typeof PaymentMethod>;

/** The СБП option of a quote: its own commission rule, that commission and the total to pay by СБП (kopecks). */
export const SbpQuote = type({ commissionRule: type({ percent: number(), minKopecks: Kopecks }), commission: Kopecks, total: Kopecks });
/** The СБП option of a quote. */
export type SbpQuote = Infer<typeof SbpQuote>;

/** A bank's button on a phone: its name and the link that opens its app. */
export const SbpBankLink = type({ id: string(), name: string(), url: string() });

/** `GET /105/api/payment/{paymentId}/sbp` reply: the payment link to show as a QR code or open in a bank's app, and the payment's state. */
export const SbpLinkReply = type({
  paymentId: string(),
  status: enums(['wait', 'success', 'error', 'cancelled']),
  total: Kopecks,
  commission: Kopecks,
  /** The СБП payment link (https://qr.nspk.ru/…): what the QR code holds. */
  payload: string(),
  /** Opens the payer's bank (a phone asks which); the banks' own buttons below. */
  appUrl: string(),
  banks: array(SbpBankLink),
  /** Seconds the link still pays (the payment's hold), by the server's clock. */
  secondsLeft: number(),
  /** Only in the sandbox: the «bank app» page the QR code stands for, so a computer can try it without a phone. */
  sandboxBankUrl: nullable(string()),
});
/** A payment's СБП link. */
export type SbpLink = Infer<typeof SbpLinkReply>;

/** One step of a paid fine's path to ГИС ГМП. */
export const PathStep = type({ step: enums(['paid', 'sent', 'accounted']), title: string(), at: nullable(string()), detail: nullable(string()) });

/** `GET /105/api/fine/{fineId}/path` reply: the steps, and what to do when ГИС ГМП is late. */
export const PaymentPathReply = type({
  fineId: number(),
  uin: string(),
  steps: array(PathStep),
  overdue: nullable(type({ since: string(), ticketId: nullable(number()), advice: string(), receiptHash: nullable(string()) })),
});
/** A paid fine's path. */
export type PaymentPath = Infer<typeof PaymentPathReply>;

/** `POST /105/api/sandbox/charges` body (sandbox controls): the source shows this УИН paid elsewhere or cancelled. */
export const SandboxChargeInput = object({ uin: pattern(string(), /^\d{20}$|^\d{25}$/), state: enums(['paid', 'cancelled']), since: optional(pattern(string(), /^\d{4}-\d{2}-\d{2}$/)) });
/** Its reply. */
export const SandboxChargeReply = type({ uin: string(), state: string() });

/** The path's fine id in the address. */
export const PathFineId = Id;
