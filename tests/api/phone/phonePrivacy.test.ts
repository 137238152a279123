import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailTestApi, signUp } from '../helpers/accounts.ts';
import type { MailTestApi } from '../helpers/accounts.ts';
import { NO_PHONE_LIMITS, askCode, lastCode, signInByPhone } from './helpers.ts';

let api: MailTestApi;
beforeAll(async () => {
  api = await createMailTestApi({ phone: { limits: NO_PHONE_LIMITS } });
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

/** The token of the erase link in a mail. */
const eraseToken = (text: string) => /\/profile\/erase\/\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? '';

describe('the personal-data export and erasure include the phone', () => {
  it('exports the phone; erasure removes it, its codes and its SMS, and frees the number', async () => {
    const account = await signUp(api, 'private@example.ru');
    await askCode(api, '+79181000001', { purpose: 'link', session: account });
    expect((await api.request('POST', '/105/api/phone/link', { session: account, form: { phone: '+79181000001', code: await lastCode(api, '79181000001') } })).status).toBe(200);

    const exported = await api.request('GET', '/105/api/account/export', { session: account });
    expect(exported.body.response.phones).toEqual([{ phone: '+7 918 100-00-01', confirmedAt: api.now().toISOString() }]);

    expect((await api.request('POST', '/105/api/account/erase/request', { session: account })).status).toBe(200);
    const mail = await api.sink.next('private@example.ru');
    expect((await api.request('POST', '/105/api/account/erase', { form: { token: eraseToken(mail.text) } })).status).toBe(200);

    const db = api.deps.db;
    expect(await db.selectFrom('user_phones').selectAll().where('user_id', '=', account.userId).execute()).toEqual([]);
    expect(await db.selectFrom('phone_codes').selectAll().where('phone', '=', '79181000001').execute()).toEqual([]);
    expect(await db.selectFrom('mail_outbox').selectAll().where('to_address', '=', '+7 918 100-00-01').execute()).toEqual([]);
    const fresh = await signInByPhone(api, '+79181000001');
    expect(fresh.userId).not.toBe(account.userId);
  });

  it("another account's export never shows the phone", async () => {
    await signInByPhone(api, '+79181000002');
    const other = await signUp(api, 'nosy@example.ru');
    expect((await api.request('GET', '/105/api/account/export', { session: other })).body.response.phones).toEqual([]);
  });
});
