import { randomBytes } from 'node:crypto';
import { DEFAULT_COMMISSION } from '../../src/lib/paymentTotals.ts';
import type { CommissionRule } from '../../src/lib/paymentTotals.ts';
import type { MonetaAccount } from './gateways/moneta/protocol.ts';

/** The moneta gateway: our account, where payers are sent, and whether it is our own sandbox. */
export type MonetaGateway = { account: MonetaAccount; assistantUrl: string; sandbox: boolean };

/** What the payment calls need: the commission rule, the gateway, and how long the sandbox's slow card takes. */
export type PaymentSettings = { commission: CommissionRule; moneta: MonetaGateway; sandboxDelayMs: number };

/** The sandbox's account number (moneta accounts are 8 digits). */
export const SANDBOX_MONETA_ACCOUNT = '00000001';

/** Path of the sandbox's payment page on our API (the Assistant URL when no real account is set). */
export const SANDBOX_ASSISTANT_PATH = '/105/sandbox-gateway/moneta/assistant';

/** The sandbox gateway on `apiUrl`, signing with `integrityCode` (shared by every process through the database). */
export function sandboxPayments(apiUrl: string, integrityCode: string = randomBytes(24).toString('base64url'), sandboxDelayMs = 3_000): PaymentSettings {
  return {
    commission: DEFAULT_COMMISSION,
    moneta: { account: { accountId: SANDBOX_MONETA_ACCOUNT, integrityCode, testMode: true }, assistantUrl: `${apiUrl}${SANDBOX_ASSISTANT_PATH}`, sandbox: true },
    sandboxDelayMs,
  };
}
