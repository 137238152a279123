import { describe, expect, it } from 'vitest';
import { createSmsRu } from '../../../server/accounts/phone/smsRu.ts';
import { parseSmsEnv } from '../../../server/accounts/phone/smsEnv.ts';
import { loadServerEnv } from '../../../server/env.ts';

/** A fetch that answers one JSON body (SMS.ru's documented reply) and records the request. */
function answering(status: number, body: unknown) {
  const requests: { url: string; init: RequestInit | undefined }[] = [];
  const fake = (async (url: string | URL | Request, init?: RequestInit) => {
    requests.push({ url: String(url), init });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { fake, requests };
}

describe('the SMS.ru adapter', () => {
  it('posts api_id, to, msg, json=1 and the sender as a form, and takes status OK for the number', async () => {
    const { fake, requests } = answering(200, { status: 'OK', status_code: 100, sms: { '79161234567': { status: 'OK', status_code: 100, sms_id: '000000-10000000' } }, balance: 4122.56 });
    await createSmsRu({ apiId: 'ABCDEF12-3456', from: 'Shtrafy', url: 'https://sms.example/sms/send', fetch: fake }).send('79161234567', 'Штрафы Онлайн: код 123456 для входа.');
    expect(requests[0]?.url).toBe('https://sms.example/sms/send');
    expect(requests[0]?.init?.method).toBe('POST');
    expect(Object.fromEntries(new URLSearchParams(String(requests[0]?.init?.body)))).toEqual({ api_id: 'ABCDEF12-3456', to: '79161234567', msg: 'Штрафы Онлайн: код 123456 для входа.', json: '1', from: 'Shtrafy' });
  });

  it.each([
    ['the whole request refused (wrong api_id)', 200, { status: 'ERROR', status_code: 200, status_text: 'Неправильный api_id' }, /status_code 200/],
    ['the number refused', 200, { status: 'OK', status_code: 100, sms: { '79161234567': { status: 'ERROR', status_code: 207, status_text: 'На этот номер нельзя отправлять сообщения' } } }, /207/],
    ['an HTTP failure', 502, {}, /HTTP 502/],
  ])('throws on %s, never with the text', async (_name, status, body, reason) => {
    const failing = createSmsRu({ apiId: 'ABCDEF12-3456', url: 'https://sms.example/sms/send', fetch: answering(status, body).fake }).send('79161234567', 'код 123456');
    await expect(failing).rejects.toThrow(reason);
    await expect(failing).rejects.not.toThrow(/123456/);
  });
});

describe('SMS settings', () => {
  it('the sandbox by default in development, off in production, and a sandbox asked for in production is refused', () => {
    expect(parseSmsEnv({}, false)).toEqual({ provider: { kind: 'sandbox' }, dailyBudget: 1000 });
    expect(parseSmsEnv({}, true).provider).toEqual({ kind: 'off' });
    expect(() => parseSmsEnv({ SMS_PROVIDER: 'sandbox' }, true)).toThrow(/cannot be used when NODE_ENV=production/);
  });

  it('SMS.ru needs its api_id; the budget is a whole number', () => {
    expect(parseSmsEnv({ SMS_PROVIDER: 'smsru', SMSRU_API_ID: 'ABCDEF12-3456', SMS_DAILY_BUDGET: '300' }, true)).toEqual({
      provider: { kind: 'smsru', apiId: 'ABCDEF12-3456', from: undefined, url: 'https://sms.ru/sms/send' },
      dailyBudget: 300,
    });
    expect(() => parseSmsEnv({ SMS_PROVIDER: 'smsru' }, false)).toThrow(/SMSRU_API_ID/);
    expect(() => parseSmsEnv({ SMS_DAILY_BUDGET: 'many' }, false)).toThrow(/SMS_DAILY_BUDGET/);
    expect(() => parseSmsEnv({ SMS_PROVIDER: 'smsc' }, false)).toThrow(/smsru, sandbox or off/);
  });

  it('start-up names the bad variable', () => {
    expect(() => loadServerEnv({ SMS_PROVIDER: 'smsru' })).toThrow(/SMSRU_API_ID/);
    expect(loadServerEnv({}).sms.provider.kind).toBe('sandbox');
  });
});
