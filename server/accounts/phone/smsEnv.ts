import { DEFAULT_SMS_DAILY_BUDGET } from './phoneSettings.ts';

/** Where codes go: SMS.ru, our sandbox (the local mailbox and the log), or nowhere (phone sign-in off). */
export type SmsProviderEnv = { kind: 'smsru'; apiId: string; from: string | undefined; url: string } | { kind: 'sandbox' } | { kind: 'off' };

/** The SMS settings (SMS_PROVIDER, SMSRU_API_ID, SMSRU_FROM, SMSRU_API_URL, SMS_DAILY_BUDGET). */
export type SmsEnv = { provider: SmsProviderEnv; dailyBudget: number };

/** SMS.ru's send method. */
export const SMSRU_DEFAULT_URL = 'https://sms.ru/sms/send';

/**
 * SMS_PROVIDER: smsru (needs SMSRU_API_ID), sandbox, or off. Unset: the sandbox, except in production,
 * where codes are never written to a log: there phone sign-in is off until an SMS service is set,
 * and SMS_PROVIDER=sandbox is refused. A bad value throws with the reason (start-up refuses it).
 */
export function parseSmsEnv(env: Record<string, string | undefined>, production: boolean): SmsEnv {
  const budgetText = (env['SMS_DAILY_BUDGET'] ?? '').trim();
  if (budgetText !== '' && !/^\d{1,7}$/.test(budgetText)) throw new Error(`SMS_DAILY_BUDGET must be a whole number of SMS a day (0 sends none), got "${budgetText}"`);
  const dailyBudget = budgetText === '' ? DEFAULT_SMS_DAILY_BUDGET : Number(budgetText);
  const name = (env['SMS_PROVIDER'] ?? '').trim();
  if (name === 'smsru') {
    const apiId = (env['SMSRU_API_ID'] ?? '').trim();
    if (!/^[A-Za-z0-9-]{8,64}$/.test(apiId)) throw new Error('SMS_PROVIDER=smsru needs SMSRU_API_ID (the api_id from the SMS.ru cabinet)');
    const url = (env['SMSRU_API_URL'] ?? '').trim() || SMSRU_DEFAULT_URL;
    if (!/^https:\/\/\S+$/.test(url) && !/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//.test(url)) throw new Error(`SMSRU_API_URL must be an https address, got "${url}"`);
    const from = (env['SMSRU_FROM'] ?? '').trim() || undefined;
    if (from !== undefined && !/^[A-Za-z0-9 ._-]{2,11}$/.test(from)) throw new Error(`SMSRU_FROM must be a sender name of 2–11 Latin letters or digits registered with SMS.ru, got "${from}"`);
    return { provider: { kind: 'smsru', apiId, from, url }, dailyBudget };
  }
  if (name === 'off') return { provider: { kind: 'off' }, dailyBudget };
  if (name === 'sandbox' || name === '') {
    if (production && name === 'sandbox') throw new Error('SMS_PROVIDER=sandbox cannot be used when NODE_ENV=production: it writes sign-in codes to the log');
    return { provider: production ? { kind: 'off' } : { kind: 'sandbox' }, dailyBudget };
  }
  throw new Error(`SMS_PROVIDER must be smsru, sandbox or off, got "${name}"`);
}
