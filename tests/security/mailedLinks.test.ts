import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailTestApi, setPassword, signUp } from '../api/helpers/accounts.ts';
import type { MailTestApi } from '../api/helpers/accounts.ts';
import { linkToken } from '../api/helpers/smtpSink.ts';
import type { Session } from '../api/helpers/testApi.ts';
import { payerWithFines, startPayment } from '../api/payments/helpers.ts';

// Issue 23, items 8–9: a mailed link never signs a device into someone else's account with the
// device's data, and no link outlives a password change, a reset or an erasure.

let api: MailTestApi;
beforeAll(async () => {
  api = await createMailTestApi();
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

/** Asks for a mailed link of this kind to `email` and answers its token. */
async function mailedLink(email: string, type: 'login' | 'reset'): Promise<string> {
  const sent = await api.request('POST', '/105/api/fos/send/auth', { form: { email, type } });
  expect(sent.status).toBe(200);
  return linkToken(await api.sink.next(email));
}

const loginWithToken = (token: string, device?: Session) => api.request('POST', '/105/api/login', { form: { _token: token }, ...(device === undefined ? {} : { session: device }) });
const stsOf = async (session: Session) => ((await api.request('GET', '/105/api/sts', { session })).body.response?.sts ?? []) as { sts: string }[];

describe("an attacker's sign-in link opened on a victim's device", () => {
  it("signs the device in without moving its documents, payments or searches; they move only when the person confirms there", async () => {
    const attacker = await signUp(api, 'attacker-link@example.ru');
    const victim = await payerWithFines(api, 1);
    const payment = (await startPayment(api, victim, victim.fineIds.slice(0, 1))).body.response.paymentId as string;
    const victimSts = (await stsOf(victim.session)).map((row) => row.sts);
    expect(victimSts).toHaveLength(1);

    const opened = await loginWithToken(await mailedLink('attacker-link@example.ru', 'login'), victim.session);
    expect(opened.status).toBe(200);
    const signedIn = opened.body.response as Session & { deviceData?: { documents: number; payments: number; mergeToken: string } };
    expect(signedIn.userId).toBe(attacker.userId);
    // Nothing of the device reached the account the link belongs to.
    expect(await stsOf(attacker)).toEqual([]);
    expect((await api.request('GET', `/105/api/payment/${payment}`, { session: attacker })).status).toBe(404);
    expect((await api.request('GET', `/105/api/fine?fine=${victim.fineIds[0]}`, { session: attacker })).status).toBe(404);
    // The device keeps its own: its anonymous session still works and still holds them.
    expect((await stsOf(victim.session)).map((row) => row.sts)).toEqual(victimSts);
    expect((await api.request('GET', `/105/api/payment/${payment}`, { session: victim.session })).status).toBe(200);

    // What the device holds is offered, and moves only on a confirmation from that sign-in.
    expect(signedIn.deviceData).toMatchObject({ documents: 1, payments: 1 });
    const token = signedIn.deviceData?.mergeToken ?? '';
    const someoneElse = await api.register();
    expect((await api.request('POST', '/105/api/user/merge', { session: someoneElse, form: { mergeToken: token } })).status).toBe(404);
    const merged = await api.request('POST', '/105/api/user/merge', { session: signedIn, form: { mergeToken: token } });
    expect(merged.status).toBe(200);
    expect((await stsOf(signedIn)).map((row) => row.sts)).toEqual(victimSts);
    expect((await api.request('GET', `/105/api/payment/${payment}`, { session: signedIn })).status).toBe(200);
    // Once only.
    expect((await api.request('POST', '/105/api/user/merge', { session: signedIn, form: { mergeToken: token } })).status).toBe(404);
  });

  it('an offer that is not taken up within its time ends', async () => {
    await signUp(api, 'late-merge@example.ru');
    const device = await payerWithFines(api, 1);
    const signedIn = (await loginWithToken(await mailedLink('late-merge@example.ru', 'login'), device.session)).body.response;
    api.advance(31 * 60_000);
    expect((await api.request('POST', '/105/api/user/merge', { session: signedIn, form: { mergeToken: signedIn.deviceData.mergeToken } })).status).toBe(404);
    expect(await stsOf(signedIn)).toEqual([]);
  });
});

describe('a registration link', () => {
  it('of address B, sent for a visitor who then confirmed address M, is dead', async () => {
    const visitor = await api.register();
    expect((await api.request('POST', '/105/api/user/register', { session: visitor, form: { email: 'victim-b@example.ru' } })).status).toBe(200);
    const linkB = linkToken(await api.sink.next('victim-b@example.ru'));
    expect((await api.request('POST', '/105/api/user/register', { session: visitor, form: { email: 'attacker-m@example.ru' } })).status).toBe(200);
    const linkM = linkToken(await api.sink.next('attacker-m@example.ru'));
    const attacker = (await loginWithToken(linkM, visitor)).body.response as Session;
    expect(attacker.userId).toBe(visitor.userId);

    // B's owner opens the link from their mailbox: it must not sign them in as M.
    const victimDevice = await api.register();
    const opened = await loginWithToken(linkB, victimDevice);
    expect(opened.status).toBe(410);
    expect(opened.body.error?.errorDesc).toMatch(/недействительна|не действует/);
    const account = await api.deps.db.selectFrom('users').select('email').where('id', '=', visitor.userId).executeTakeFirstOrThrow();
    expect(account.email).toBe('attacker-m@example.ru');
  });

  it("of an address that became an account meanwhile signs in there without taking the registering visitor's data", async () => {
    const stranger = await payerWithFines(api, 1);
    expect((await api.request('POST', '/105/api/user/register', { session: stranger.session, form: { email: 'taken-later@example.ru' } })).status).toBe(200);
    const strangersLink = linkToken(await api.sink.next('taken-later@example.ru'));
    const owner = await signUp(api, 'taken-later@example.ru');
    const signedIn = (await loginWithToken(strangersLink)).body.response as Session;
    expect(signedIn.userId).toBe(owner.userId);
    expect(await stsOf(signedIn)).toEqual([]);
    expect(await stsOf(stranger.session)).toHaveLength(1);
  });
});

describe('links issued before', () => {
  it.each([
    ['a password change', async (account: Session, email: string) => {
      await setPassword(api, account, 'новый пароль 2026');
      const changed = await api.request('POST', '/105/api/password/change', { session: account, form: { oldPass: 'новый пароль 2026', newPass: 'ещё пароль 2027', confirmPass: 'ещё пароль 2027' } });
      expect(changed.status).toBe(200);
      void email;
    }],
    ['a password reset', async (_account: Session, email: string) => {
      const reset = await mailedLink(email, 'reset');
      expect((await api.request('POST', '/105/api/password/reset', { form: { token: reset, newPassword: 'сброшенный пароль 2026' } })).status).toBe(200);
    }],
    ['an erasure', async (account: Session, email: string) => {
      expect((await api.request('POST', '/105/api/account/erase/request', { session: account })).status).toBe(200);
      const erase = /\/profile\/erase\/\?token=([A-Za-z0-9_-]{43})/.exec((await api.sink.next(email)).text)?.[1] ?? '';
      expect((await api.request('POST', '/105/api/account/erase', { form: { token: erase } })).status).toBe(200);
    }],
  ] as const)('%s no longer work after it', async (name, act) => {
    const email = `links-${name.replace(/\W+/g, '-')}@example.ru`;
    const account = await signUp(api, email);
    if (name !== 'a password change') await setPassword(api, account, 'пароль до перемены');
    const login = await mailedLink(email, 'login');
    const reset = await mailedLink(email, 'reset');
    await act(account, email);
    expect((await loginWithToken(login)).status).toBeGreaterThanOrEqual(400);
    expect((await api.request('POST', '/105/api/password/reset', { form: { token: reset, newPassword: 'пароль злоумышленника' } })).status).toBeGreaterThanOrEqual(400);
  });
});
