import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailTestApi, setPassword, signUp } from '../helpers/accounts.ts';
import { linkToken } from '../helpers/smtpSink.ts';
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

const link = (session: Awaited<ReturnType<typeof signUp>>, phone: string, code: string) => api.request('POST', '/105/api/phone/link', { session, form: { phone, code } });

describe('a phone in the profile', () => {
  it('an e-mail account adds a phone by a code, then signs in by either', async () => {
    const account = await signUp(api, 'driver@example.ru');
    expect((await api.request('GET', '/105/api/user/phone', { session: account })).body.response).toEqual({ phone: null });
    expect((await askCode(api, '+7 (917) 100-00-01', { purpose: 'link', session: account })).status).toBe(200);
    const linked = await link(account, '+79171000001', await lastCode(api, '79171000001'));
    expect(linked.status).toBe(200);
    expect(linked.body.response).toEqual({ phone: '+7 917 100-00-01' });
    const user = await api.request('GET', '/105/api/user', { session: account });
    expect(user.body.response).toMatchObject({ email: 'driver@example.ru', phone: '+7 917 100-00-01' });
    const byPhone = await signInByPhone(api, '+79171000001');
    expect(byPhone.userId).toBe(account.userId);
  });

  it('a phone belongs to one account: another account can neither ask for its code nor link it', async () => {
    const owner = await signInByPhone(api, '+79171000002');
    const other = await signUp(api, 'other@example.ru');
    const asked = await askCode(api, '+79171000002', { purpose: 'link', session: other });
    expect(asked.status).toBe(409);
    expect(asked.body.error?.errorDesc).toBe('Этот номер уже привязан к другому аккаунту');
    // A code asked while the number was free, used after another account took it.
    const late = await signUp(api, 'late@example.ru');
    expect((await askCode(api, '+79171000003', { purpose: 'link', session: late })).status).toBe(200);
    const lateCode = await lastCode(api, '79171000003');
    await signInByPhone(api, '+79171000003');
    const refused = await link(late, '+79171000003', lateCode);
    expect(refused.status).toBe(409);
    expect((await api.request('GET', '/105/api/user/phone', { session: owner })).body.response).toEqual({ phone: '+7 917 100-00-02' });
  });

  it('a code asked by one account does not link for another', async () => {
    const asker = await signUp(api, 'asker@example.ru');
    const thief = await signUp(api, 'thief@example.ru');
    await askCode(api, '+79171000004', { purpose: 'link', session: asker });
    const reply = await link(thief, '+79171000004', await lastCode(api, '79171000004'));
    expect(reply.status).toBe(410);
  });

  it('an anonymous device cannot link a phone: it signs in instead', async () => {
    const device = await api.register();
    expect((await askCode(api, '+79171000005', { purpose: 'link', session: device })).status).toBe(403);
  });

  it('the last way to sign in cannot be removed; with an e-mail left, the phone can', async () => {
    const phoneOnly = await signInByPhone(api, '+79171000006');
    const refused = await api.request('DELETE', '/105/api/user/phone', { session: phoneOnly });
    expect(refused.status).toBe(409);
    expect(refused.body.error?.errorDesc).toBe('Это единственный способ входа. Сначала добавьте e-mail, потом отвяжите номер');

    const both = await signUp(api, 'both@example.ru');
    await askCode(api, '+79171000007', { purpose: 'link', session: both });
    await link(both, '+79171000007', await lastCode(api, '79171000007'));
    expect((await api.request('DELETE', '/105/api/user/phone', { session: both })).status).toBe(200);
    expect((await api.request('GET', '/105/api/user/phone', { session: both })).body.response).toEqual({ phone: null });
    // The number is free again: signing in by it now makes a new account, not the e-mail one.
    const fresh = await signInByPhone(api, '+79171000007');
    expect(fresh.userId).not.toBe(both.userId);
  });

  it('a phone account adds an e-mail by the registration link and keeps its phone', async () => {
    const phoneAccount = await signInByPhone(api, '+79171000008');
    const registered = await api.request('POST', '/105/api/user/register', { session: phoneAccount, form: { email: 'phone-first@example.ru' } });
    expect(registered.status).toBe(200);
    const token = linkToken(await api.sink.next('phone-first@example.ru'));
    const signedIn = await api.request('POST', '/105/api/login', { form: { _token: token } });
    expect(signedIn.body.response.userId).toBe(phoneAccount.userId);
    const user = await api.request('GET', '/105/api/user', { session: signedIn.body.response });
    expect(user.body.response).toMatchObject({ email: 'phone-first@example.ru', phone: '+7 917 100-00-08' });
  });

  it("a phone account's documents never move into an e-mail account signed in on the same device", async () => {
    const phoneAccount = await signInByPhone(api, '+79171000009');
    await api.request('POST', '/105/api/sts', { session: phoneAccount, form: { sts: '7700222222', vehiclePlateNumber: 'К222КК', vehiclePlateRegion: '77' } });
    const emailAccount = await signUp(api, 'pw2@example.ru');
    await setPassword(api, emailAccount, 'надёжный-пароль-42');
    const login = await api.request('POST', '/105/api/login', { session: phoneAccount, form: { _username: 'pw2@example.ru', _password: 'надёжный-пароль-42' } });
    expect(login.status).toBe(200);
    const sts = await api.request('GET', '/105/api/sts', { session: login.body.response });
    expect(sts.body.response.sts).toEqual([]);
    expect((await api.request('GET', '/105/api/sts', { session: phoneAccount })).body.response.sts).toHaveLength(1);
  });
});
