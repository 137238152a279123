import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailTestApi, setPassword, signUp } from './helpers/accounts.ts';
import type { MailTestApi } from './helpers/accounts.ts';
import type { Session } from './helpers/testApi.ts';
import { linkToken } from './helpers/smtpSink.ts';

let api: MailTestApi;
beforeAll(async () => {
  api = await createMailTestApi();
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

const login = (email: string, password: string, device?: Session) =>
  api.request('POST', '/105/api/login', { form: { _username: email, _password: password }, ...(device === undefined ? {} : { session: device }) });
const stillWorks = async (session: Session) => {
  api.advance(3_000); // past this process's session cache
  return (await api.request('GET', '/105/api/user', { session })).status === 200;
};

describe('signing in with a password', () => {
  it('sets a first password without an old one, then signs in with it on another device', async () => {
    const account = await signUp(api, 'pw@example.ru');
    await setPassword(api, account, 'Длинный пароль 1');
    const reply = await login('PW@example.ru', 'Длинный пароль 1');
    expect(reply.status).toBe(200);
    expect(reply.body.response).toMatchObject({ userId: account.userId, session: expect.stringMatching(/^[0-9a-f]{64}$/), rand: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect((await api.request('GET', '/105/api/user', { session: reply.body.response })).body.response.hasPassword).toBe(true);
  });

  it('answers a wrong password and an unknown e-mail with the same 401', async () => {
    await signUp(api, 'known@example.ru').then((s) => setPassword(api, s, 'верный пароль'));
    const wrong = await login('known@example.ru', 'неверный пароль');
    const unknown = await login('nobody@example.ru', 'неверный пароль');
    const noPasswordYet = await signUp(api, 'linkonly@example.ru').then(() => login('linkonly@example.ru', 'любой пароль'));
    for (const reply of [wrong, unknown, noPasswordYet]) {
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({ status: 'error', error: { errorDesc: 'Неверный e-mail или пароль' } });
    }
  });

  it('needs both fields', async () => {
    expect((await api.request('POST', '/105/api/login', { form: { _username: 'a@b.ru' } })).body.error?.errorDesc).toBe('Укажите e-mail и пароль');
    expect((await api.request('POST', '/105/api/login', { form: { _username: 'a@b.ru', _password: 'x', platform: 'ios' } })).status).toBe(400);
  });

  it('brings the anonymous device\'s documents into the account and ends the anonymous session', async () => {
    const account = await signUp(api, 'merge@example.ru');
    await setPassword(api, account, 'пароль для слияния');
    await api.request('POST', '/105/api/driverLicense', { session: account, form: { driverLicense: '9912345678' } });
    const device = await api.register();
    await api.request('POST', '/105/api/driverLicense', { session: device, form: { driverLicense: '9912345678' } });
    await api.request('POST', '/105/api/inn', { session: device, form: { inn: '771234567859' } });
    const signedIn = (await login('merge@example.ru', 'пароль для слияния', device)).body.response as Session;
    const licences = await api.request('GET', '/105/api/driverLicense', { session: signedIn });
    const inns = await api.request('GET', '/105/api/inn', { session: signedIn });
    expect(licences.body.response.driverLicense).toHaveLength(1);
    expect(inns.body.response.items.map((i: { inn: string }) => i.inn)).toEqual(['771234567859']);
    expect(await stillWorks(device)).toBe(false);
  });
});

describe('changing the password', () => {
  let account: Session;
  beforeAll(async () => {
    account = await signUp(api, 'change@example.ru');
    await setPassword(api, account, 'первый пароль');
  });

  it.each([
    [{ oldPass: 'не тот', newPass: 'новый пароль', confirmPass: 'новый пароль' }, 'Текущий пароль указан неверно'],
    [{ oldPass: 'первый пароль', newPass: 'новый пароль', confirmPass: 'другой пароль' }, 'Пароли не совпадают'],
    [{ oldPass: 'первый пароль', newPass: 'short', confirmPass: 'short' }, 'Пароль должен быть не короче 8 символов'],
    [{ oldPass: 'первый пароль', newPass: 'change@example.ru', confirmPass: 'change@example.ru' }, 'Пароль не должен совпадать с e-mail'],
    [{ oldPass: 'первый пароль', confirmPass: 'новый пароль' }, 'Поле «Новый пароль» обязательно для заполнения'],
  ])('refuses %j: «%s», and the old password still works', async (form, message) => {
    const reply = await api.request('POST', '/105/api/password/change', { session: account, form });
    expect(reply.status).toBe(422);
    expect(reply.body.error?.errorDesc).toBe(message);
    expect((await login('change@example.ru', 'первый пароль')).status).toBe(200);
  });

  it('changes it and ends every other session, keeping this one', async () => {
    const other = (await login('change@example.ru', 'первый пароль')).body.response as Session;
    const reply = await api.request('POST', '/105/api/password/change', {
      session: account,
      form: { oldPass: 'первый пароль', newPass: 'второй пароль', confirmPass: 'второй пароль' },
    });
    expect(reply.body.response.changed).toBe(true);
    expect(reply.body.response.revokedSessions).toBeGreaterThanOrEqual(1);
    expect(await stillWorks(account)).toBe(true);
    expect(await stillWorks(other)).toBe(false);
    expect((await login('change@example.ru', 'первый пароль')).status).toBe(401);
    expect((await login('change@example.ru', 'второй пароль')).status).toBe(200);
  });

  it('is for accounts only', async () => {
    const anonymous = await api.register();
    const reply = await api.request('POST', '/105/api/password/change', { session: anonymous, form: { newPass: 'новый пароль', confirmPass: 'новый пароль' } });
    expect(reply.status).toBe(403);
  });
});

describe('forgotten password', () => {
  it('mails a reset link; setting a password with it ends every session and signs this device in', async () => {
    const account = await signUp(api, 'forgot@example.ru');
    await setPassword(api, account, 'старый пароль');
    const sent = await api.request('POST', '/105/api/fos/send/auth', { form: { email: 'forgot@example.ru', type: 'reset' } });
    expect(sent.body).toEqual({ status: 'ok', response: { sent: true } });
    const mail = await api.sink.next('forgot@example.ru');
    expect(mail.subject).toBe('Восстановление пароля');
    expect(mail.text).toMatch(/http:\/\/localhost:4321\/reset\/[A-Za-z0-9_-]{43}\//);
    const token = linkToken(mail);

    const weak = await api.request('POST', '/105/api/password/reset', { form: { token, newPassword: 'short' } });
    expect(weak.status).toBe(422);
    const reply = await api.request('POST', '/105/api/password/reset', { form: { token, newPassword: 'новый пароль' } });
    expect(reply.status).toBe(200);
    expect(reply.body.response.userId).toBe(account.userId);
    expect(await stillWorks(account)).toBe(false);
    expect(await stillWorks(reply.body.response)).toBe(true);
    expect((await login('forgot@example.ru', 'новый пароль')).status).toBe(200);

    const reused = await api.request('POST', '/105/api/password/reset', { form: { token, newPassword: 'третий пароль' } });
    expect(reused.status).toBe(410);
    expect(reused.body.error?.errorDesc).toBe('Эта ссылка уже использована. Запросите восстановление пароля ещё раз');
  });

  it('a reset link expires after an hour', async () => {
    await signUp(api, 'hour@example.ru');
    await api.request('POST', '/105/api/fos/send/auth', { form: { email: 'hour@example.ru', type: 'reset' } });
    const token = linkToken(await api.sink.next('hour@example.ru'));
    api.advance(60 * 60_000 + 1);
    const reply = await api.request('POST', '/105/api/password/reset', { form: { token, newPassword: 'новый пароль' } });
    expect(reply.status).toBe(410);
    expect(reply.body.error?.errorDesc).toBe('Срок действия ссылки истёк. Запросите восстановление пароля ещё раз');
  });

  it('answers the same for an address without an account, and sends nothing', async () => {
    const reply = await api.request('POST', '/105/api/fos/send/auth', { form: { email: 'ghost@example.ru', type: 'reset' } });
    expect(reply.body).toEqual({ status: 'ok', response: { sent: true } });
    await api.mailIdle();
    expect(api.sink.for('ghost@example.ru')).toEqual([]);
  });

  it('mails a one-time sign-in link on request', async () => {
    const account = await signUp(api, 'magic@example.ru');
    await api.request('POST', '/105/api/fos/send/auth', { form: { email: 'magic@example.ru', type: 'login' } });
    const mail = await api.sink.next('magic@example.ru');
    expect(mail.subject).toBe('Вход в Штрафы Онлайн');
    const reply = await api.request('POST', '/105/api/login', { form: { _token: linkToken(mail) } });
    expect(reply.body.response.userId).toBe(account.userId);
  });

  it.each([
    [{ email: 'a@b.ru', type: 'other' }, 'Поле «Тип» заполнено неверно'],
    [{ email: 'bad', type: 'login' }, 'Некорректный e-mail'],
  ])('refuses %j', async (form, message) => {
    const reply = await api.request('POST', '/105/api/fos/send/auth', { form });
    expect(reply.status).toBe(422);
    expect(reply.body.error?.errorDesc).toBe(message);
  });
});

describe('does an account exist', () => {
  it('answers true or false', async () => {
    await signUp(api, 'exists@example.ru');
    expect((await api.request('GET', '/105/api/fos/exists?email=Exists@example.ru')).body.response).toEqual({ exists: true });
    expect((await api.request('GET', '/105/api/fos/exists?email=none@example.ru')).body.response).toEqual({ exists: false });
    expect((await api.request('GET', '/105/api/fos/exists?email=bad')).status).toBe(422);
  });
});
