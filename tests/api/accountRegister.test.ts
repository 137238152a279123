import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailTestApi, signInWithLink, signUp } from './helpers/accounts.ts';
import type { MailTestApi } from './helpers/accounts.ts';
import { FIXTURES } from './helpers/fixtures.ts';
import { linkToken } from './helpers/smtpSink.ts';

let api: MailTestApi;
beforeAll(async () => {
  api = await createMailTestApi();
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

const count = async (table: 'users' | 'auth_tokens') => Number((await api.database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('registering keeps what the visitor had', () => {
  it('mails a link over SMTP; opening it confirms the address and signs in as the same user with the same documents', async () => {
    const anonymous = await api.register();
    await api.request('POST', '/105/api/sts', { session: anonymous, form: FIXTURES.stsWithFines });
    const usersBefore = await count('users');
    const reply = await api.request('POST', '/105/api/user/register', { session: anonymous, form: { email: ' Driver@Example.RU ' } });
    expect(reply.body).toEqual({ status: 'ok', response: { userId: anonymous.userId, email: 'driver@example.ru' } });

    const mail = await api.sink.next('driver@example.ru');
    expect(mail.subject).toBe('Подтвердите e-mail для Штрафов Онлайн');
    expect(mail.text).toContain('http://localhost:4321/auth/?token=');
    expect(mail.html).toContain('Подтвердить и войти');
    const account = await signInWithLink(api, linkToken(mail));
    expect(account.userId).toBe(anonymous.userId);
    expect(await count('users')).toBe(usersBefore);

    const user = await api.request('GET', '/105/api/user', { session: account });
    expect(user.body.response).toMatchObject({ userId: anonymous.userId, email: 'driver@example.ru', isWebUser: true, hasPassword: false, doNotify: 1, userType: -1 });
    const sts = await api.request('GET', '/105/api/sts', { session: account });
    expect(sts.body.response.sts.map((s: { sts: string }) => s.sts)).toEqual([FIXTURES.stsWithFines.sts]);
  });

  it('ends the sessions the user had while anonymous (whoever registered the address cannot keep a way in)', async () => {
    const anonymous = await api.register();
    await api.request('POST', '/105/api/user/register', { session: anonymous, form: { email: 'second@example.ru' } });
    await signInWithLink(api, linkToken(await api.sink.next('second@example.ru')));
    api.advance(3_000); // past this process's session cache
    const old = await api.request('GET', '/105/api/sts', { session: anonymous });
    expect(old.status).toBe(401);
    expect(old.body.error?.errorDesc).toBe('Сессия истекла, войдите снова');
  });

  it('makes a legal entity of whoever chose "Я представляю организацию"', async () => {
    const account = await signUp(api, 'company@example.ru', { isLegalEntity: '1' });
    expect((await api.request('GET', '/105/api/user', { session: account })).body.response.userType).toBe(3);
  });

  it('answers the same for an address that has an account, and tells its owner instead of making a second one', async () => {
    await signUp(api, 'taken@example.ru');
    const stranger = await api.register();
    const usersBefore = await count('users');
    const reply = await api.request('POST', '/105/api/user/register', { session: stranger, form: { email: 'taken@example.ru' } });
    expect(reply.body).toEqual({ status: 'ok', response: { userId: stranger.userId, email: 'taken@example.ru' } });
    const mail = await api.sink.next('taken@example.ru');
    expect(mail.subject).toBe('Попытка регистрации с вашим e-mail');
    expect(await count('users')).toBe(usersBefore);
    expect((await api.request('GET', '/105/api/user', { session: stranger })).body.response).toMatchObject({ email: null, isWebUser: false });
  });

  it('refuses an account that registers again', async () => {
    const account = await signUp(api, 'again@example.ru');
    const reply = await api.request('POST', '/105/api/user/register', { session: account, form: { email: 'other@example.ru' } });
    expect(reply.status).toBe(409);
  });

  it.each([
    [{ email: 'not-an-address' }, 'Некорректный e-mail'],
    [{}, 'Поле «E-mail» обязательно для заполнения'],
    [{ email: 'a@b.ru', isLegalEntity: '2' }, 'Поле «Я представляю организацию» заполнено неверно'],
  ])('refuses %j with «%s» and writes nothing', async (form, message) => {
    const anonymous = await api.register();
    const tokensBefore = await count('auth_tokens');
    const reply = await api.request('POST', '/105/api/user/register', { session: anonymous, form: form as Record<string, string> });
    expect(reply.status).toBe(422);
    expect(reply.body.error?.errorDesc).toBe(message);
    expect(await count('auth_tokens')).toBe(tokensBefore);
  });

  it('needs the credentials of the visitor who registers', async () => {
    expect((await api.request('POST', '/105/api/user/register', { form: { email: 'x@example.ru' } })).status).toBe(401);
  });
});

describe('a mailed link works once and for 30 minutes', () => {
  it('a used link says so and how to get a new one', async () => {
    const anonymous = await api.register();
    await api.request('POST', '/105/api/user/register', { session: anonymous, form: { email: 'once@example.ru' } });
    const token = linkToken(await api.sink.next('once@example.ru'));
    await signInWithLink(api, token);
    const again = await api.request('POST', '/105/api/login', { form: { _token: token } });
    expect(again.status).toBe(410);
    expect(again.body.error?.errorDesc).toBe('Эта ссылка уже использована. Запросите новую ссылку для входа');
  });

  it('an expired link says so', async () => {
    const anonymous = await api.register();
    await api.request('POST', '/105/api/user/register', { session: anonymous, form: { email: 'late@example.ru' } });
    const token = linkToken(await api.sink.next('late@example.ru'));
    api.advance(30 * 60_000 + 1);
    const reply = await api.request('POST', '/105/api/login', { form: { _token: token } });
    expect(reply.status).toBe(410);
    expect(reply.body.error?.errorDesc).toBe('Срок действия ссылки истёк. Запросите новую ссылку для входа');
  });

  it('an unknown or malformed link is refused', async () => {
    const unknown = await api.request('POST', '/105/api/login', { form: { _token: 'A'.repeat(43) } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.errorDesc).toBe('Ссылка недействительна. Запросите новую ссылку для входа');
    const malformed = await api.request('POST', '/105/api/login', { form: { _token: 'short' } });
    expect(malformed.status).toBe(422);
  });

  it('two devices opening one link at once: one signs in, the other is told it was used', async () => {
    const anonymous = await api.register();
    await api.request('POST', '/105/api/user/register', { session: anonymous, form: { email: 'race@example.ru' } });
    const token = linkToken(await api.sink.next('race@example.ru'));
    const replies = await Promise.all([1, 2, 3].map(() => api.request('POST', '/105/api/login', { form: { _token: token } })));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 410, 410]);
  });
});
