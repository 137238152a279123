import { randomBytes } from 'node:crypto';
import { DEFAULT_COMMISSION } from '../../src/lib/paymentTotals.ts';
import type { CommissionRule } from '../../src/lib/paymentTotals.ts';
import type { A3Fetch, A3Merchant } from './gateways/a3/protocol.ts';
import type { MonetaAccount } from './gateways/moneta/protocol.ts';
import { sandboxSbp } from './sbp/sbpSettings.ts';
import type { SbpSettings } from './sbp/sbpSettings.ts';

/** The moneta gateway: our account, where payers are sent, and whether it is our own sandbox. */
export type MonetaGateway = { account: MonetaAccount; assistantUrl: string; sandbox: boolean };

/**
 * The A3 gateway: our merchant account and its API, whether it is our own sandbox, and the `fetch` its
 * calls go through (the network; for the sandbox, which this API serves itself, the app in-process —
 * set by createApp).
 */
export type A3Gateway = { merchant: A3Merchant; sandbox: boolean; fetch: A3Fetch };

/** The network. */
export const networkFetch: A3Fetch = (input, init) => globalThis.fetch(input, init);

/** A payment system a payment goes through. */
export type PaymentSystem = 'moneta' | 'A3';

/**
 * What the payment calls need: the commission rule, the gateways (A3 may be off), the one tried first
 * when the payer does not choose, how long a payment holds its fines without the gateway's answer, and
 * how long the sandbox's slow card takes.
 */
export type PaymentSettings = { commission: CommissionRule; moneta: MonetaGateway; a3: A3Gateway | undefined; primary?: PaymentSystem; holdMs?: number; sandboxDelayMs: number; /** СБП through moneta (issue 25); undefined: the checkout offers cards only. */ sbp?: SbpSettings | undefined };

/** How long a payment holds its fines when PAYMENT_HOLD_MINUTES is unset: the gateways' own session length. */
export const DEFAULT_HOLD_MINUTES = 20;

/** How long a payment waits for the gateway's answer, ms, before it is closed and its fines are free again. */
export function holdMsOf(settings: PaymentSettings): number {
  return settings.holdMs ?? DEFAULT_HOLD_MINUTES * 60_000;
}

/** The payment systems these settings offer (the apps may name one; spec §5). */
export function offeredSystems(settings: PaymentSettings): PaymentSystem[] {
  return settings.a3 === undefined ? ['moneta'] : ['moneta', 'A3'];
}

/** The order the service tries the gateways in when the payer does not choose: the primary, then the fallback. */
export function gatewayOrder(settings: PaymentSettings): PaymentSystem[] {
  const offered = offeredSystems(settings);
  const primary = settings.primary !== undefined && offered.includes(settings.primary) ? settings.primary : 'moneta';
  return [primary, ...offered.filter((system) => system !== primary)];
}

/** The sandbox's account number (moneta accounts are 8 digits). */
export const SANDBOX_MONETA_ACCOUNT = '00000001';

/** The A3 sandbox's merchant id. */
export const SANDBOX_A3_MERCHANT = 'sandbox-merchant';

/** Path of the sandbox's payment page on our API (the Assistant URL when no real account is set). */
export const SANDBOX_ASSISTANT_PATH = '/105/sandbox-gateway/moneta/assistant';

/** Path of the A3 sandbox's API on ours (A3_API_URL when no real merchant is set). */
export const SANDBOX_A3_PATH = '/105/sandbox-gateway/a3';

/** A fresh secret for a sandbox that only this process uses (tests). */
const freshSecret = () => randomBytes(24).toString('base64url');

/** The sandbox A3 gateway on `apiUrl`, signing with `secret`. */
export function sandboxA3(apiUrl: string, secret: string = freshSecret()): A3Gateway {
  return { merchant: { merchantId: SANDBOX_A3_MERCHANT, secret, apiUrl: `${apiUrl}${SANDBOX_A3_PATH}` }, sandbox: true, fetch: networkFetch };
}

/** The sandbox gateways on `apiUrl`, signing with `integrityCode` (shared by every process through the database). */
export function sandboxPayments(apiUrl: string, integrityCode: string = freshSecret(), sandboxDelayMs = 3_000, a3Secret: string = freshSecret()): PaymentSettings {
  return {
    commission: DEFAULT_COMMISSION,
    moneta: { account: { accountId: SANDBOX_MONETA_ACCOUNT, integrityCode, testMode: true }, assistantUrl: `${apiUrl}${SANDBOX_ASSISTANT_PATH}`, sandbox: true },
    a3: sandboxA3(apiUrl, a3Secret),
    sandboxDelayMs,
    sbp: sandboxSbp(apiUrl, SANDBOX_MONETA_ACCOUNT),
  };
}
