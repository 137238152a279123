import { randomBytes } from 'node:crypto';
import type { CommissionRule } from '../../../src/lib/paymentTotals.ts';
import type { MerchantApi, MerchantFetch } from './protocol.ts';

/**
 * СБП at moneta: its own commission (SBP_COMMISSION_PERCENT, SBP_COMMISSION_MIN), the account's
 * MerchantAPI user and СБП unit, whether it is our own sandbox, and the `fetch` its calls go through
 * (the network; for the sandbox, which this API serves itself, the app in-process — set by createApp).
 */
export type SbpSettings = { commission: CommissionRule; api: MerchantApi; sandbox: boolean; fetch: MerchantFetch };

/** The СБП commission when SBP_COMMISSION_PERCENT is unset: 1 %, at least 10 ₽ (acquiring by СБП costs the service less than by card). */
export const DEFAULT_SBP_COMMISSION: CommissionRule = { percent: 1, minKopecks: 1_000 };

/** Path of the MerchantAPI sandbox and its «bank app» on our API. */
export const SANDBOX_SBP_PATH = '/105/sandbox-gateway/sbp';

/** The sandbox's СБП unit id. */
export const SANDBOX_SBP_UNIT = '1012345';

/** The СБП sandbox on `apiUrl` for the moneta account `accountId`, with a fresh API password unless one is given. */
export function sandboxSbp(apiUrl: string, accountId: string, password: string = randomBytes(18).toString('base64url'), commission: CommissionRule = DEFAULT_SBP_COMMISSION): SbpSettings {
  return {
    commission,
    api: { url: `${apiUrl}${SANDBOX_SBP_PATH}/merchant-api`, username: `sandbox-${accountId}`, password, accountId, sbpUnitId: SANDBOX_SBP_UNIT },
    sandbox: true,
    fetch: (input, init) => globalThis.fetch(input, init),
  };
}
