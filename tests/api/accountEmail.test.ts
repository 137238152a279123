import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailTestApi, signInWithLink, signUp } from './helpers/accounts.ts';
import type { MailTestApi } from './helpers/accounts.ts';
import type { Session } from './helpers/testApi.ts';
import { linkToken } from './helpers/smtpSink.ts';

let api: MailTestApi;
let account: Session;
beforeAll(async () => {
  api = await createMailTestApi();
  account = await signUp(api, 'owner@example.ru');
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

describe('e-mail settings', () => {
  it('reads the address and the notification choice', async () => {
    const reply = await api.request('GET', '/105/api/email', { session: account });
    expect(reply.body.response).toEqual({ email: 'owner@example.ru', doNotify: 1, pendingEmail: null });
  });

  it('turns notifications off and on', async () => {
    const off = await api.request('POST', '/105/api/email/notify', { session: account, form: { doNotify: '0' } });
    expect(off.body.response.doNotify).toBe(0);
    expect((await api.request('GET', '/105/api/user', { session: account })).body.response.doNotify).toBe(0);
    const on = await api.request('POST', '/105/api/email/notify', { session: account, form: { doNotify: '1' } });
    expect(on.body.response.doNotify).toBe(1);
    const bad = await api.request('POST', '/105/api/email/notify', { session: account, form: { doNotify: '5' } });
    expect(bad.status).toBe(422);
  });

  it('changes the address only once the new one is confirmed', async () => {
    const reply = await api.request('POST', '/105/api/email/edit', { session: account, form: { email: 'new-owner@example.ru' } });
    expect(reply.body.response).toEqual({ email: 'owner@example.ru', doNotify: 1, pendingEmail: 'new-owner@example.ru' });
    const mail = await api.sink.next('new-owner@example.ru');
    expect(mail.subject).toBe('Подтвердите новый e-mail');
    const signedIn = await signInWithLink(api, linkToken(mail));
    expect(signedIn.userId).toBe(account.userId);
    expect((await api.request('GET', '/105/api/email', { session: account })).body.response).toEqual({ email: 'new-owner@example.ru', doNotify: 1, pendingEmail: null });
  });

  it('refuses an address another account has, and a bad address', async () => {
    await signUp(api, 'busy@example.ru');
    const taken = await api.request('POST', '/105/api/email', { session: account, form: { email: 'busy@example.ru' } });
    expect(taken.status).toBe(409);
    expect(taken.body.error?.errorDesc).toBe('Этот e-mail уже занят другим аккаунтом');
    const bad = await api.request('POST', '/105/api/email', { session: account, form: { email: 'busy' } });
    expect(bad.status).toBe(422);
  });

  it('is for accounts: an anonymous visitor is asked to register first', async () => {
    const anonymous = await api.register();
    expect((await api.request('GET', '/105/api/email', { session: anonymous })).body.response).toEqual({ email: null, doNotify: 1, pendingEmail: null });
    const reply = await api.request('POST', '/105/api/email/notify', { session: anonymous, form: { doNotify: '0' } });
    expect(reply.status).toBe(403);
  });
});

describe('without SMTP the mail is kept in the outbox', () => {
  it('writes the mail to mail_outbox', async () => {
    const { createTestApi } = await import('./helpers/testApi.ts');
    const local = await createTestApi();
    try {
      const anonymous = await local.register();
      await local.request('POST', '/105/api/user/register', { session: anonymous, form: { email: 'local@example.ru' } });
      await local.mailIdle();
      const kept = await local.database.db.selectFrom('mail_outbox').selectAll().execute();
      expect(kept).toHaveLength(1);
      expect(kept[0]).toMatchObject({ to_address: 'local@example.ru', subject: 'Подтвердите e-mail для Штрафов Онлайн' });
      expect(kept[0]?.text_body).toMatch(/\/auth\/\?token=[A-Za-z0-9_-]{43}/);
    } finally {
      await local.close();
    }
  });
});
