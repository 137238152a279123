import { SmsFailure } from './smsGateway.ts';
import type { SmsGateway } from './smsGateway.ts';

/** Settings of an SMS.ru account (SMSRU_API_ID, SMSRU_FROM, SMSRU_API_URL). */
export type SmsRuSettings = {
  /** The account's api_id from the SMS.ru cabinet. */
  apiId: string;
  /** A registered sender name; unset: the account's default sender. */
  from?: string | undefined;
  /** The send method's address (https://sms.ru/sms/send). */
  url: string;
  /** fetch, replaceable in tests. */
  fetch?: typeof fetch;
};

/** The documented reply of sms/send with json=1 (only the fields we read). */
type SmsRuReply = { status?: string; status_code?: number; status_text?: string; sms?: Record<string, { status?: string; status_code?: number; status_text?: string }> };

/**
 * SMS.ru's HTTP API: POST sms/send with api_id, to, msg and json=1 as a form; the reply says per
 * number whether the message was taken (status "OK", status_code 100).
 */
export function createSmsRu(settings: SmsRuSettings): SmsGateway {
  const send = settings.fetch ?? fetch;
  return {
    id: 'smsru',
    async send(phone, text) {
      const form = new URLSearchParams({ api_id: settings.apiId, to: phone, msg: text, json: '1' });
      if (settings.from !== undefined) form.set('from', settings.from);
      let reply: SmsRuReply;
      try {
        const response = await send(settings.url, { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' }, signal: AbortSignal.timeout(10_000) });
        if (!response.ok) throw new SmsFailure(`HTTP ${response.status}`);
        reply = (await response.json()) as SmsRuReply;
      } catch (error) {
        if (error instanceof SmsFailure) throw error;
        throw new SmsFailure(error instanceof Error ? error.name : 'network');
      }
      if (reply.status !== 'OK') throw new SmsFailure(`status_code ${reply.status_code ?? '?'}`);
      const one = reply.sms?.[phone];
      if (one?.status !== 'OK') throw new SmsFailure(`status_code ${one?.status_code ?? '?'} for the number`);
    },
  };
}
