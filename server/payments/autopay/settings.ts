import type { MonetaGateway } from '../settings.ts';
import { networkFetch } from '../settings.ts';
import type { MonetaFetch, MonetaMerchantApi } from './gateways/monetaRecurring.ts';

/** moneta's MerchantAPI for token charges, and whether it is our own sandbox (then `fetch` reaches this app in-process). */
export type AutopayGateway = { api: MonetaMerchantApi; sandbox: boolean; fetch: MonetaFetch };

/**
 * Автооплата's settings: how long after the mail a fine is charged (AUTOPAY_DELAY_MINUTES, default 24 h),
 * how long before a declined charge is tried again (AUTOPAY_RETRY_MINUTES, default 6 h), how many days
 * before the discount's last day the charge happens at the latest (AUTOPAY_MARGIN_DAYS, default 2), and
 * the gateway (undefined: autopay is not offered).
 */
export type AutopaySettings = { delayMs: number; retryMs: number; marginDays: number; gateway: AutopayGateway | undefined };

/** Defaults of the settings above. */
export const AUTOPAY_DEFAULTS = { delayMinutes: 24 * 60, retryMinutes: 6 * 60, marginDays: 2 } as const;

/** Path of the moneta sandbox's MerchantAPI on our API. */
export const SANDBOX_MERCHANT_API_PATH = '/105/sandbox-gateway/moneta/merchant-api';

/** The sandbox's MerchantAPI login: the account number and its integrity code (shared by every process). */
export function sandboxMerchantApi(apiUrl: string, moneta: MonetaGateway): MonetaMerchantApi {
  return { url: `${apiUrl}${SANDBOX_MERCHANT_API_PATH}`, username: moneta.account.accountId, password: moneta.account.integrityCode };
}

/** Autopay over the moneta sandbox with the default timings (tests and `npm start` without MONETA_*). */
export function sandboxAutopay(apiUrl: string, moneta: MonetaGateway, timings: Partial<Pick<AutopaySettings, 'delayMs' | 'retryMs' | 'marginDays'>> = {}): AutopaySettings {
  return {
    delayMs: timings.delayMs ?? AUTOPAY_DEFAULTS.delayMinutes * 60_000,
    retryMs: timings.retryMs ?? AUTOPAY_DEFAULTS.retryMinutes * 60_000,
    marginDays: timings.marginDays ?? AUTOPAY_DEFAULTS.marginDays,
    gateway: moneta.sandbox ? { api: sandboxMerchantApi(apiUrl, moneta), sandbox: true, fetch: networkFetch } : undefined,
  };
}
