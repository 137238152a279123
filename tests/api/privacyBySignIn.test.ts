import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailTestApi, signUp } from './helpers/accounts.ts';
import type { MailTestApi } from './helpers/accounts.ts';
import type { Session } from './helpers/testApi.ts';
import { NO_PHONE_LIMITS, askCode, lastCode, signInByPhone } from './phone/helpers.ts';
import { consent, finish, signInWith, start } from './oauth/helpers.ts';

let api: MailTestApi;
beforeAll(async () => {
  api = await createMailTestApi({ phone: { limits: NO_PHONE_LIMITS } });
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

const way = async (session: Session) => (await api.request('GET', '/105/api/account/erase/way', { session })).body.response;
const askEraseCode = (session: Session) => api.request('POST', '/105/api/account/erase/code', { session });
const eraseByCode = (session: Session, code: string) => api.request('POST', '/105/api/account/erase/by-code', { session, form: { code } });
const eraseByProvider = (session: Session) => api.request('POST', '/105/api/account/erase/by-provider', { session });

/** A round-trip through the provider for the account's erasure, as `login` on the sandbox's consent page. */
async function confirmThrough(provider: 'yandex' | 'vk', session: Session, login: string) {
  const { authorizeUrl } = await start(api, provider, session, 'erase');
  return finish(api, provider, session, await consent(api, authorizeUrl, login));
}

describe('an account with only a phone confirms its erasure by a code by SMS', () => {
  it('tells the way, sends a code with its own text, and the code erases the account, its phone and sessions', async () => {
    const account = await signInByPhone(api, '+79182000001');
    expect(await way(account)).toEqual({ way: 'phone', email: null, phone: '+7 918 ***-**-01', providers: [], confirmedBy: null });
    expect((await api.request('POST', '/105/api/account/erase/request', { session: account })).status).toBe(403);
    const sent = await askEraseCode(account);
    expect(sent.status).toBe(200);
    expect(sent.body.response).toMatchObject({ phone: '+7 918 ***-**-01', expiresInSec: 300 });
    const sms = await api.deps.db.selectFrom('mail_outbox').select('text_body').where('to_address', '=', '+7 918 200-00-01').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(sms.text_body).toContain('УДАЛЕНИЯ аккаунта');

    expect((await eraseByCode(account, await lastCode(api, '79182000001'))).body).toEqual({ status: 'ok', response: { erased: true } });
    const db = api.deps.db;
    expect(await db.selectFrom('user_phones').selectAll().where('user_id', '=', account.userId).execute()).toEqual([]);
    expect(await db.selectFrom('phone_codes').selectAll().where('phone', '=', '79182000001').execute()).toEqual([]);
    expect((await db.selectFrom('users').select('erased_at').where('id', '=', account.userId).executeTakeFirstOrThrow()).erased_at).not.toBeNull();
    expect((await api.request('GET', '/105/api/user', { session: account })).status).toBe(401);
    // The number is free again: a sign-in by it makes a new account.
    expect((await signInByPhone(api, '+79182000001')).userId).not.toBe(account.userId);
  });

  it('a wrong code is counted (5 tries) and erases nothing', async () => {
    const account = await signInByPhone(api, '+79182000002');
    await askEraseCode(account);
    const right = await lastCode(api, '79182000002');
    const wrong = right === '000000' ? '111111' : '000000';
    const first = await eraseByCode(account, wrong);
    expect(first.status).toBe(422);
    expect(first.body.error?.errorDesc).toContain('Осталось попыток: 4');
    for (let i = 0; i < 4; i += 1) await eraseByCode(account, wrong);
    expect((await eraseByCode(account, right)).status).toBe(429);
    expect((await api.request('GET', '/105/api/user', { session: account })).status).toBe(200);
  });

  it('a code sent to sign in never confirms an erasure (nor the other way round)', async () => {
    const account = await signInByPhone(api, '+79182000003');
    expect((await askCode(api, '+79182000003')).status).toBe(200);
    expect((await eraseByCode(account, await lastCode(api, '79182000003'))).status).toBe(410);
    expect((await askEraseCode(account)).status).toBe(200);
    const eraseCode = await lastCode(api, '79182000003');
    // The sign-in code asked above still lives: the erase code is only a wrong guess at it.
    expect((await api.request('POST', '/105/api/phone/login', { form: { phone: '+79182000003', code: eraseCode } })).status).toBe(422);
    expect((await api.request('GET', '/105/api/user', { session: account })).status).toBe(200);
  });

  it("someone else's erase code does not erase my account, and mine stays mine", async () => {
    const mine = await signInByPhone(api, '+79182000004');
    const theirs = await signInByPhone(api, '+79182000005');
    await askEraseCode(theirs);
    const theirCode = await lastCode(api, '79182000005');
    await askEraseCode(mine);
    const myCode = await lastCode(api, '79182000004');
    if (theirCode !== myCode) expect((await eraseByCode(mine, theirCode)).status).toBe(422);
    // Their code on their own account is still good (my try counted against my code only).
    expect((await eraseByCode(theirs, theirCode)).status).toBe(200);
    expect((await api.request('GET', '/105/api/user', { session: mine })).status).toBe(200);
  });

  it('an account with a confirmed e-mail confirms by mail only; an anonymous device has no way', async () => {
    const account = await signUp(api, 'mailed@example.ru');
    expect(await way(account)).toMatchObject({ way: 'email', email: expect.stringContaining('@example.ru') });
    expect((await askEraseCode(account)).status).toBe(403);
    expect((await eraseByProvider(account)).status).toBe(403);
    const device = await api.register();
    expect(await way(device)).toMatchObject({ way: 'none' });
    expect((await askEraseCode(device)).status).toBe(403);
    expect((await api.request('GET', '/105/api/account/erase/way')).status).toBe(401);
  });

  it('codes for erasure share the limits and the daily SMS budget of sign-in codes', async () => {
    const limited = await createMailTestApi({ phone: { limits: { ...NO_PHONE_LIMITS, codesPerPhone: { limit: 2, windowMs: 900_000 } }, dailyBudget: 3 } });
    try {
      const account = await signInByPhone(limited, '+79182000006');
      expect((await limited.request('POST', '/105/api/account/erase/code', { session: account })).status).toBe(200);
      expect((await limited.request('POST', '/105/api/account/erase/code', { session: account })).status).toBe(429);
      const other = await signInByPhone(limited, '+79182000007');
      const overBudget = await limited.request('POST', '/105/api/account/erase/code', { session: other });
      expect(overBudget.status).toBe(503);
      expect(overBudget.body.error?.errorDesc).toContain('больше не можем отправлять SMS');
    } finally {
      await limited.close();
    }
  });
});

describe.each(['yandex', 'vk'] as const)('an account with only %s confirms its erasure by a fresh sign-in through it', (provider) => {
  it('a round-trip within 5 minutes erases the account and its link; the proof is on the server, taken once', async () => {
    const account = await signInWith(api, provider, `erase-${provider}`);
    expect(await way(account)).toEqual({ way: 'provider', email: null, phone: null, providers: [provider], confirmedBy: null });
    expect((await eraseByProvider(account)).status).toBe(403);
    const confirmed = await confirmThrough(provider, account, `erase-${provider}`);
    expect(confirmed.body.response).toEqual({ eraseConfirmedBy: provider });
    expect((await way(account)).confirmedBy).toBe(provider);
    api.advance(4 * 60_000);
    expect((await eraseByProvider(account)).body).toEqual({ status: 'ok', response: { erased: true } });
    const db = api.deps.db;
    expect(await db.selectFrom('user_identities').selectAll().where('user_id', '=', account.userId).execute()).toEqual([]);
    expect(await db.selectFrom('oauth_flows').selectAll().where('user_id', '=', account.userId).execute()).toEqual([]);
    // The same person signs in again as a new account.
    expect((await signInWith(api, provider, `erase-${provider}`)).userId).not.toBe(account.userId);
  });

  it('refuses an old confirmation, a plain sign-in, another person, and a denied consent', async () => {
    const account = await signInWith(api, provider, `keep-${provider}`);
    // A sign-in a minute ago is not a confirmation of erasure.
    await signInWith(api, provider, `keep-${provider}`);
    expect((await eraseByProvider(account)).status).toBe(403);
    // A confirmation older than 5 minutes is stale.
    expect((await confirmThrough(provider, account, `keep-${provider}`)).status).toBe(200);
    api.advance(5 * 60_000 + 1_000);
    expect((await way(account)).confirmedBy).toBeNull();
    expect((await eraseByProvider(account)).status).toBe(403);
    // Another person on the consent page does not confirm this account's erasure.
    const stranger = await confirmThrough(provider, account, `stranger-${provider}`);
    expect(stranger.status).toBe(403);
    expect(stranger.body.error?.errorDesc).toContain('не тот');
    expect((await eraseByProvider(account)).status).toBe(403);
    // A denied consent proves nothing.
    const { authorizeUrl } = await start(api, provider, account, 'erase');
    expect((await finish(api, provider, account, await consent(api, authorizeUrl, `keep-${provider}`, 'deny'))).status).toBe(403);
    expect((await eraseByProvider(account)).status).toBe(403);
    expect((await api.request('GET', '/105/api/user', { session: account })).status).toBe(200);
  });

  it("another account's confirmation does not erase mine", async () => {
    const mine = await signInWith(api, provider, `mine-${provider}`);
    const theirs = await signInWith(api, provider, `theirs-${provider}`);
    expect((await confirmThrough(provider, theirs, `theirs-${provider}`)).status).toBe(200);
    expect((await eraseByProvider(mine)).status).toBe(403);
    expect((await api.request('GET', '/105/api/user', { session: mine })).status).toBe(200);
  });

  it('a provider not linked, or an account with a phone, cannot start an erase round-trip', async () => {
    const other = provider === 'yandex' ? 'vk' : 'yandex';
    const account = await signInWith(api, provider, `only-${provider}`);
    expect((await api.request('POST', `/105/api/oauth/${other}/start`, { session: account, form: { purpose: 'erase' } })).status).toBe(403);
    const withPhone = await signInByPhone(api, provider === 'yandex' ? '+79182000011' : '+79182000012');
    expect((await api.request('POST', `/105/api/oauth/${provider}/start`, { session: withPhone, form: { purpose: 'erase' } })).status).toBe(403);
    const device = await api.register();
    expect((await api.request('POST', `/105/api/oauth/${provider}/start`, { session: device, form: { purpose: 'erase' } })).status).toBe(403);
  });
});
