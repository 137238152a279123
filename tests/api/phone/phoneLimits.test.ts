import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_LIMITS } from '../../../server/accounts/phone/phoneSettings.ts';
import { createTestApi } from '../helpers/testApi.ts';
import type { TestApi } from '../helpers/testApi.ts';
import { askCode, signInByPhone } from './helpers.ts';

let api: TestApi;
let budgeted: TestApi;
beforeAll(async () => {
  api = await createTestApi({ trustProxy: true, phone: { limits: PHONE_LIMITS } });
  budgeted = await createTestApi({ trustProxy: true, phone: { limits: PHONE_LIMITS, dailyBudget: 2 } });
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  expect(budgeted.unexpected).toEqual([]);
  await api.close();
  await budgeted.close();
});

const from = (address: string) => ({ headers: { 'X-Forwarded-For': address } });

describe('codes by SMS are limited in the shared rate-limit table', () => {
  it('the next code to a number waits a minute, and the reply says how long', async () => {
    const first = await askCode(api, '+79164000001', from('198.51.100.1'));
    expect(first.body.response.resendAfterSec).toBe(60);
    const again = await askCode(api, '+79164000001', from('198.51.100.2'));
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(50);
    expect(again.body.error?.errorDesc).toMatch(/^Слишком много запросов\. Повторите через \d+ с$/);
    api.advance(60_000);
    expect((await askCode(api, '+79164000001', from('198.51.100.3'))).status).toBe(200);
  });

  it('at most 3 codes to one number in 15 minutes, whatever the address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await askCode(api, '+79164000002', from(`203.0.113.${i + 1}`))).status);
      api.advance(61_000);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    api.advance(15 * 60_000);
    expect((await askCode(api, '+79164000002', from('203.0.113.9'))).status).toBe(200);
  });

  it('at most 10 codes from one address an hour, whatever the numbers', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await askCode(api, `+7916500${String(i).padStart(4, '0')}`, from('192.0.2.77'))).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect((await askCode(api, '+79165009999', from('192.0.2.78'))).status).toBe(200);
  });

  it('the whole service keeps to the daily SMS budget, and it starts again after midnight in Moscow', async () => {
    expect((await askCode(budgeted, '+79166000001', from('198.51.100.11'))).status).toBe(200);
    expect((await askCode(budgeted, '+79166000002', from('198.51.100.12'))).status).toBe(200);
    const over = await askCode(budgeted, '+79166000003', from('198.51.100.13'));
    expect(over.status).toBe(503);
    expect(over.body.error?.errorDesc).toBe('Сегодня мы больше не можем отправлять SMS. Войдите по e-mail или попробуйте завтра');
    const sent = await budgeted.deps.db.selectFrom('mail_outbox').select('id').execute();
    expect(sent).toHaveLength(2);
    // TEST_NOW is 10:00 in Moscow: 14 hours later it is the next Moscow day.
    budgeted.advance(14 * 3_600_000);
    expect((await askCode(budgeted, '+79166000003', from('198.51.100.13'))).status).toBe(200);
  });

  it('many processes asking at once never send more than the budget', async () => {
    budgeted.advance(24 * 3_600_000);
    const replies = await Promise.all(Array.from({ length: 6 }, (_, i) => askCode(budgeted, `+7916700000${i}`, from(`198.51.100.${30 + i}`))));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(2);
    expect(replies.filter((r) => r.status === 503)).toHaveLength(4);
  });
});

describe('the wait between codes is per form', () => {
  it('a number just linked in the profile can ask for a sign-in code at once; the 3 in 15 minutes count both', async () => {
    const account = await signInByPhone(api, '+79168000001');
    api.advance(15 * 60_000);
    expect((await askCode(api, '+79168000002', { purpose: 'link', session: account, ...from('198.51.100.40') })).status).toBe(200);
    expect((await askCode(api, '+79168000002', { purpose: 'link', session: account, ...from('198.51.100.41') })).status).toBe(429);
    expect((await askCode(api, '+79168000002', from('198.51.100.42'))).status).toBe(200);
    api.advance(61_000);
    expect((await askCode(api, '+79168000002', from('198.51.100.43'))).status).toBe(200);
    api.advance(61_000);
    expect((await askCode(api, '+79168000002', from('198.51.100.44'))).status).toBe(429);
  });
});
