import { randomBytes } from 'node:crypto';
import { DEFAULT_COMMISSION } from '../../src/lib/paymentTotals.ts';
import type { CommissionRule } from '../../src/lib/paymentTotals.ts';
import type { A3Fetch, A3Merchant } from './gateways/a3/protocol.ts';
import type { MonetaAccount } from './gateways/moneta/protocol.ts';

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

/** What the payment calls need: the commission rule, the gateways (A3 may be off), and how long the sandbox's slow card takes. */
export type PaymentSettings = { commission: CommissionRule; moneta: MonetaGateway; a3: A3Gateway | undefined; sandboxDelayMs: number };

/** The payment systems these settings offer, in the order the checkout lists them. */
export function offeredSystems(settings: PaymentSettings): ('moneta' | 'A3')[] {
  return settings.a3 === undefined ? ['moneta'] : ['moneta', 'A3'];
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
  };
}
