import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi } from '../helpers/testApi.ts';
import type { TestApi } from '../helpers/testApi.ts';
import { NO_PHONE_LIMITS, askCode, lastCode, loginByCode, signInByPhone } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ phone: { limits: NO_PHONE_LIMITS } });
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST /105/api/phone/code', () => {
  it('sends a 6-digit code to a Russian mobile number, however it was typed', async () => {
    const reply = await askCode(api, '8 (916) 100-00-01');
    expect(reply.status).toBe(200);
    // The wait between codes is off in this file (its own test has it): 0 seconds.
    expect(reply.body.response).toEqual({ phone: '+7 916 ***-**-01', expiresInSec: 300, resendAfterSec: 0 });
    expect(await lastCode(api, '79161000001')).toMatch(/^\d{6}$/);
  });

  it.each([
    ['a landline', '+7 495 123-45-67'],
    ['too short', '+7 916 123-45'],
    ['another country', '+380 50 123 45 67'],
    ['letters', '+7 916 abc-45-67'],
  ])('refuses %s with the rule in Russian', async (_name, phone) => {
    const reply = await askCode(api, phone);
    expect(reply.status).toBe(422);
    expect(reply.body.error?.errorDesc).toBe('Укажите российский мобильный номер: +7 и 10 цифр, начиная с 9');
  });

  it('refuses a code for linking without a session', async () => {
    expect((await askCode(api, '+79161000002', { purpose: 'link' })).status).toBe(401);
  });
});

describe('POST /105/api/phone/login', () => {
  it('registers a new number, then signs the same account in again', async () => {
    const first = await signInByPhone(api, '+7 916 200-00-01');
    const user = await api.request('GET', '/105/api/user', { session: first });
    expect(user.body.response).toMatchObject({ userId: first.userId, email: null, phone: '+7 916 200-00-01', isWebUser: true });
    api.advance(61_000);
    const again = await signInByPhone(api, '79162000001');
    expect(again.userId).toBe(first.userId);
    expect(again.session).not.toBe(first.session);
  });

  it('makes the anonymous device the account: its vehicle stays', async () => {
    const device = await api.register({ sts: '7700123456', plate: 'А123ВС77' });
    const signedIn = await signInByPhone(api, '+79162000002', device);
    expect(signedIn.userId).toBe(device.userId);
    const sts = await api.request('GET', '/105/api/sts', { session: signedIn });
    expect(sts.body.response.sts).toHaveLength(1);
    // The anonymous session no longer works: the account is this device's now.
    expect((await api.request('GET', '/105/api/user', { session: device })).status).toBe(401);
  });

  it("moves an anonymous device's vehicle into an existing phone account", async () => {
    const account = await signInByPhone(api, '+79162000003');
    api.advance(61_000);
    const device = await api.register({ sts: '7700654321', plate: 'В456ОР77' });
    const signedIn = await signInByPhone(api, '+79162000003', device);
    expect(signedIn.userId).toBe(account.userId);
    const sts = await api.request('GET', '/105/api/sts', { session: signedIn });
    expect(sts.body.response.sts.map((s: { sts: string }) => s.sts)).toEqual(['7700654321']);
  });

  it('never merges one phone account into another that signs in on the same device', async () => {
    const first = await signInByPhone(api, '+79162000004');
    await api.request('POST', '/105/api/sts', { session: first, form: { sts: '7700111111', vehiclePlateNumber: 'Е111КХ', vehiclePlateRegion: '77' } });
    const second = await signInByPhone(api, '+79162000005', first);
    expect(second.userId).not.toBe(first.userId);
    const sts = await api.request('GET', '/105/api/sts', { session: second });
    expect(sts.body.response.sts).toEqual([]);
  });

  it('an organization registers by phone', async () => {
    await askCode(api, '+79162000006');
    const reply = await loginByCode(api, '+79162000006', await lastCode(api, '79162000006'), undefined, { isLegalEntity: '1', consentVersion: '2024-09' });
    expect(reply.status).toBe(200);
    const user = await api.request('GET', '/105/api/user', { session: reply.body.response });
    expect(user.body.response.userType).toBe(3);
  });

  it('a code lives 5 minutes', async () => {
    await askCode(api, '+79163000001');
    const code = await lastCode(api, '79163000001');
    api.advance(5 * 60_000 + 1);
    const reply = await loginByCode(api, '+79163000001', code);
    expect(reply.status).toBe(410);
    expect(reply.body.error?.errorDesc).toBe('Код устарел или не запрашивался. Запросите новый код');
  });

  it('a code takes 5 tries, then not even the right one passes', async () => {
    await askCode(api, '+79163000002');
    const code = await lastCode(api, '79163000002');
    const wrong = wrongOf(code);
    const messages: string[] = [];
    for (let i = 0; i < 4; i++) {
      const reply = await loginByCode(api, '+79163000002', wrong);
      expect(reply.status).toBe(422);
      messages.push(reply.body.error?.errorDesc ?? '');
    }
    expect(messages).toEqual(['Неверный код. Осталось попыток: 4', 'Неверный код. Осталось попыток: 3', 'Неверный код. Осталось попыток: 2', 'Неверный код. Осталась 1 попытка']);
    expect((await loginByCode(api, '+79163000002', wrong)).status).toBe(429);
    const right = await loginByCode(api, '+79163000002', code);
    expect(right.status).toBe(429);
    expect(right.body.error?.errorDesc).toBe('Слишком много неверных попыток. Запросите новый код');
  });

  it('tries at once cannot pass the 5-try cap', async () => {
    await askCode(api, '+79163000003');
    const wrong = wrongOf(await lastCode(api, '79163000003'));
    const replies = await Promise.all(Array.from({ length: 12 }, () => loginByCode(api, '+79163000003', wrong)));
    expect(replies.filter((r) => r.status === 422)).toHaveLength(4);
    expect(replies.filter((r) => r.status === 429)).toHaveLength(8);
  });

  it('a code of another number does not sign in', async () => {
    await askCode(api, '+79163000004');
    const codeOfA = await lastCode(api, '79163000004');
    expect((await loginByCode(api, '+79163000005', codeOfA)).status).toBe(410);
    await askCode(api, '+79163000005');
    const codeOfB = await lastCode(api, '79163000005');
    if (codeOfB !== codeOfA) expect((await loginByCode(api, '+79163000005', codeOfA)).status).toBe(422);
    expect((await loginByCode(api, '+79163000005', codeOfB)).status).toBe(200);
  });

  it('a code signs in once; a newer code ends the older one', async () => {
    await askCode(api, '+79163000006');
    const older = await lastCode(api, '79163000006');
    await askCode(api, '+79163000006');
    const newer = await lastCode(api, '79163000006');
    // The older code is checked against the newer one, so it is simply wrong.
    if (older !== newer) expect((await loginByCode(api, '+79163000006', older)).status).toBe(422);
    expect((await loginByCode(api, '+79163000006', newer)).status).toBe(200);
    expect((await loginByCode(api, '+79163000006', newer)).status).toBe(410);
  });

  it('a code sent for linking does not sign in', async () => {
    const account = await signInByPhone(api, '+79163000007');
    expect((await askCode(api, '+79163000008', { purpose: 'link', session: account })).status).toBe(200);
    expect((await loginByCode(api, '+79163000008', await lastCode(api, '79163000008'))).status).toBe(410);
  });

  it('refuses a code that is not 6 digits', async () => {
    const reply = await loginByCode(api, '+79163000009', '12345');
    expect(reply.status).toBe(422);
    expect(reply.body.error?.errorDesc).toBe('Поле «Код из SMS» заполнено неверно');
  });
});
