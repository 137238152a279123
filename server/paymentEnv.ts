import { DEFAULT_COMMISSION } from '../src/lib/paymentTotals.ts';
import { EnvError, parseHttpsUrl, parseRoubles, parseWholeNumber } from './envValues.ts';
// The payment settings: the gateways (moneta, A3, СБП), the commission, the hold and autopay (read by server/env.ts).

/** The service's own commission on a card payment. */
export type CommissionEnv = { percent: number; minKopecks: number };
/** The real moneta account; undefined: the sandbox. */
export type MonetaEnv = { accountId: string; integrityCode: string; assistantUrl: string; testMode: boolean } | undefined;
/** The A3 merchant, our sandbox, or not offered. */
export type A3Env = { merchantId: string; secret: string; apiUrl: string } | 'sandbox' | 'off';
/** СБП through moneta: its commission and the MerchantAPI user with the СБП unit, our sandbox, or not offered. */
export type SbpEnv = { commission: CommissionEnv; api: { url: string; username: string; password: string; sbpUnitId: string } | 'sandbox' | 'off' };
/** Автооплата's timings and moneta's MerchantAPI login. */
export type AutopayEnv = { delayMinutes: number; retryMinutes: number; marginDays: number; merchantApi: { url: string; username: string; password: string } | undefined };

/** PAYMENT_HOLD_MINUTES: 1 to 1440 minutes (a hold of 0 would free a fine while its payer is still on the bank's page). */
export function parseHoldMinutes(value: string | undefined): number {
  const minutes = parseWholeNumber(value, 'PAYMENT_HOLD_MINUTES', 20, 1_440);
  if (minutes < 1) throw new EnvError(`PAYMENT_HOLD_MINUTES must be a whole number from 1 to 1440, got "${value}"`);
  return minutes;
}

/** Автооплата's timings and moneta's MerchantAPI login (all three MONETA_API_* or none). */
export function parseAutopay(env: Record<string, string | undefined>): AutopayEnv {
  const username = env['MONETA_API_USERNAME'] || undefined;
  const password = env['MONETA_API_PASSWORD'] || undefined;
  if ((username === undefined) !== (password === undefined)) throw new EnvError('MONETA_API_USERNAME and MONETA_API_PASSWORD must be set together');
  return {
    delayMinutes: parseWholeNumber(env['AUTOPAY_DELAY_MINUTES'], 'AUTOPAY_DELAY_MINUTES', 1_440, 20_160),
    retryMinutes: parseWholeNumber(env['AUTOPAY_RETRY_MINUTES'], 'AUTOPAY_RETRY_MINUTES', 360, 2_880),
    marginDays: parseWholeNumber(env['AUTOPAY_MARGIN_DAYS'], 'AUTOPAY_MARGIN_DAYS', 2, 15),
    merchantApi: username === undefined || password === undefined ? undefined : { url: parseHttpsUrl(env['MONETA_API_URL'], 'MONETA_API_URL', 'https://service.moneta.ru/services'), username, password },
  };
}

/** PAYMENT_PRIMARY_GATEWAY: moneta (default) or A3, which must then be on. */
export function parsePrimaryGateway(value: string | undefined, a3Off: boolean): 'moneta' | 'A3' {
  const text = (value ?? '').trim();
  if (text === '' || text === 'moneta') return 'moneta';
  if (text !== 'A3') throw new EnvError(`PAYMENT_PRIMARY_GATEWAY must be moneta or A3, got "${value}"`);
  if (a3Off) throw new EnvError('PAYMENT_PRIMARY_GATEWAY=A3 needs the A3 merchant (A3_MERCHANT_ID, A3_SECRET, A3_API_URL)');
  return 'A3';
}

/** PAYMENT_COMMISSION_PERCENT (0–20, decimals with a dot or comma) and PAYMENT_COMMISSION_MIN (roubles); unset: content/settings/business.json. */
export function parseCommission(env: Record<string, string | undefined>): CommissionEnv {
  const text = (env['PAYMENT_COMMISSION_PERCENT'] ?? '').trim().replace(',', '.');
  const percent = text === '' ? DEFAULT_COMMISSION.percent : Number(text);
  if ((text !== '' && !/^\d{1,2}(\.\d{1,2})?$/.test(text)) || percent > 20) throw new EnvError(`PAYMENT_COMMISSION_PERCENT must be a percentage from 0 to 20 such as 2.5, got "${env['PAYMENT_COMMISSION_PERCENT']}"`);
  return { percent, minKopecks: parseRoubles(env['PAYMENT_COMMISSION_MIN'], 'PAYMENT_COMMISSION_MIN', DEFAULT_COMMISSION.minKopecks) };
}

/**
 * The moneta account: all of MONETA_ACCOUNT_ID and MONETA_INTEGRITY_CODE, or none (our sandbox). In
 * production the sandbox must be asked for (PAYMENT_SANDBOX=1): nobody should take "payments" that
 * move no money by mistake.
 */
export function parseMoneta(env: Record<string, string | undefined>, production: boolean): MonetaEnv {
  const accountId = env['MONETA_ACCOUNT_ID'] || undefined;
  const integrityCode = env['MONETA_INTEGRITY_CODE'] || undefined;
  if ((accountId === undefined) !== (integrityCode === undefined)) throw new EnvError('MONETA_ACCOUNT_ID and MONETA_INTEGRITY_CODE must be set together');
  if (accountId === undefined || integrityCode === undefined) {
    if (production && env['PAYMENT_SANDBOX'] !== '1') throw new EnvError('MONETA_ACCOUNT_ID and MONETA_INTEGRITY_CODE are required when NODE_ENV=production (set PAYMENT_SANDBOX=1 to run the sandbox gateway on purpose)');
    return undefined;
  }
  if (!/^\d{4,12}$/.test(accountId)) throw new EnvError(`MONETA_ACCOUNT_ID must be the account's number, got "${accountId}"`);
  return {
    accountId,
    integrityCode,
    assistantUrl: parseHttpsUrl(env['MONETA_ASSISTANT_URL'], 'MONETA_ASSISTANT_URL', 'https://moneta.ru/assistant.htm'),
    testMode: env['MONETA_TEST_MODE'] === '1',
  };
}

/**
 * СБП (issue 25): off with SBP=0; with a real moneta account, on only when its MerchantAPI user is set
 * (MONETA_API_USERNAME, MONETA_API_PASSWORD) and the account's СБП unit (MONETA_SBP_UNIT_ID); else the sandbox. Its
 * commission is its own (SBP_COMMISSION_PERCENT 0–20, SBP_COMMISSION_MIN roubles).
 */
export function parseSbp(env: Record<string, string | undefined>, realMoneta: boolean): SbpEnv {
  const text = (env['SBP_COMMISSION_PERCENT'] ?? '').trim().replace(',', '.');
  const percent = text === '' ? 1 : Number(text);
  if ((text !== '' && !/^\d{1,2}(\.\d{1,2})?$/.test(text)) || percent > 20) throw new EnvError(`SBP_COMMISSION_PERCENT must be a percentage from 0 to 20 such as 1.5, got "${env['SBP_COMMISSION_PERCENT']}"`);
  const commission = { percent, minKopecks: parseRoubles(env['SBP_COMMISSION_MIN'], 'SBP_COMMISSION_MIN', 1_000) };
  if (!['', '0', '1', undefined].includes(env['SBP'])) throw new EnvError(`SBP must be 0 or 1, got "${env['SBP']}"`);
  const username = env['MONETA_API_USERNAME'] || undefined;
  const password = env['MONETA_API_PASSWORD'] || undefined;
  const sbpUnitId = env['MONETA_SBP_UNIT_ID'] || undefined;
  // The MerchantAPI user serves autopay too: СБП is on when the account's СБП unit is named as well.
  if ((username === undefined) !== (password === undefined)) throw new EnvError('MONETA_API_USERNAME and MONETA_API_PASSWORD must be set together');
  if (sbpUnitId !== undefined && username === undefined) throw new EnvError('MONETA_SBP_UNIT_ID needs the MerchantAPI user (MONETA_API_USERNAME, MONETA_API_PASSWORD)');
  if (env['SBP'] === '0') return { commission, api: 'off' };
  if (username === undefined || password === undefined || sbpUnitId === undefined) return { commission, api: realMoneta ? 'off' : 'sandbox' };
  if (!realMoneta) throw new EnvError('MONETA_API_USERNAME needs the real moneta account (MONETA_ACCOUNT_ID, MONETA_INTEGRITY_CODE)');
  if (!/^\d{1,20}$/.test(sbpUnitId)) throw new EnvError(`MONETA_SBP_UNIT_ID must be the СБП unit's number, got "${sbpUnitId}"`);
  return { commission, api: { url: parseHttpsUrl(env['MONETA_API_URL'], 'MONETA_API_URL', 'https://service.moneta.ru/services'), username, password, sbpUnitId } };
}

/**
 * The A3 merchant: all of A3_MERCHANT_ID, A3_SECRET and A3_API_URL, or none: then our sandbox, except in
 * production, where A3 is simply not offered unless the sandbox is asked for (PAYMENT_SANDBOX=1).
 */
export function parseA3(env: Record<string, string | undefined>, production: boolean): A3Env {
  const merchantId = env['A3_MERCHANT_ID'] || undefined;
  const secret = env['A3_SECRET'] || undefined;
  const apiUrl = env['A3_API_URL'] || undefined;
  const set = [merchantId, secret, apiUrl].filter((value) => value !== undefined).length;
  if (set !== 0 && set !== 3) throw new EnvError('A3_MERCHANT_ID, A3_SECRET and A3_API_URL must be set together');
  if (merchantId === undefined || secret === undefined || apiUrl === undefined) return production && env['PAYMENT_SANDBOX'] !== '1' ? 'off' : 'sandbox';
  if (!/^[\w.-]{1,64}$/.test(merchantId)) throw new EnvError(`A3_MERCHANT_ID must be the merchant's id (letters, digits, ._-), got "${merchantId}"`);
  if (secret.length < 16) throw new EnvError('A3_SECRET must be at least 16 characters');
  return { merchantId, secret, apiUrl: parseHttpsUrl(apiUrl, 'A3_API_URL', apiUrl).replace(/\/+$/, '') };
}
