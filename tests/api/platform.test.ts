import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../server/http/auth.ts';
import { createMailTestApi, setPassword, signUp } from './helpers/accounts.ts';
import type { MailTestApi } from './helpers/accounts.ts';
import type { Session } from './helpers/testApi.ts';

let api: MailTestApi;
let web: Session;
beforeAll(async () => {
  api = await createMailTestApi();
  web = await signUp(api, 'ext@example.ru');
  await setPassword(api, web, 'очень-длинный-пароль');
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

const platformOf = async (session: Session) =>
  (await api.deps.db.selectFrom('sessions').select('platform').where('token_hash', '=', hashToken(session.session)).executeTakeFirstOrThrow()).platform;

describe('platforms (spec §1 "Platforms", §3 authData per platform, §5 "Platform name")', () => {
  it.each([
    [undefined, 'web'],
    ['', 'web'],
    ['web', 'web'],
    ['chromeExtension', 'chromeExtension'],
  ])('POST /newuser with platform %j opens a %s session', async (platform, expected) => {
    const client = await api.request('GET', '/105/api/client');
    const reply = await api.request('POST', '/105/api/newuser', { form: { clientId: client.body.response.clientId, ...(platform === undefined ? {} : { platform }) } });
    expect(reply.status).toBe(200);
    expect(await platformOf(reply.body.response as Session)).toBe(expected);
  });

  it.each([['android'], ['Web'], ['chrome']])('refuses platform %s with 400 on /newuser and /login', async (platform) => {
    const client = await api.request('GET', '/105/api/client');
    const newUser = await api.request('POST', '/105/api/newuser', { form: { clientId: client.body.response.clientId, platform } });
    expect(newUser.status).toBe(400);
    expect(newUser.body.error?.errorDesc).toBe('Некорректная платформа');
    const login = await api.request('POST', '/105/api/login', { form: { _username: 'ext@example.ru', _password: 'очень-длинный-пароль', platform } });
    expect(login.status).toBe(400);
  });

  it('keeps the extension’s sign-in separate from the web one: signing out of one leaves the other', async () => {
    const login = await api.request('POST', '/105/api/login', { form: { _username: 'ext@example.ru', _password: 'очень-длинный-пароль', platform: 'chromeExtension' } });
    expect(login.status).toBe(200);
    const extension = login.body.response as Session;
    expect(extension.session).not.toBe(web.session);
    expect(await platformOf(extension)).toBe('chromeExtension');
    expect(await platformOf(web)).toBe('web');
    expect((await api.request('POST', '/105/api/logout', { session: web })).status).toBe(200);
    expect((await api.request('GET', '/105/api/user', { session: web })).status).toBe(401);
    const stillIn = await api.request('GET', '/105/api/user', { session: extension });
    expect(stillIn.status).toBe(200);
    expect(stillIn.body.response.email).toBe('ext@example.ru');
  });
});
