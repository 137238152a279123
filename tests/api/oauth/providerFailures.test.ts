import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi } from '../helpers/testApi.ts';
import type { TestApi } from '../helpers/testApi.ts';
import { consent, finish, start } from './helpers.ts';

let api: TestApi;
let noSms: TestApi;
beforeAll(async () => {
  api = await createTestApi();
  noSms = await createTestApi({ phone: { sms: 'off' } });
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  expect(noSms.unexpected).toEqual([]);
  await api.close();
  await noSms.close();
});

/** A whole round-trip as `login` (or a denial); the finish reply. */
async function roundTrip(on: TestApi, provider: 'yandex' | 'vk', login: string, decision: 'allow' | 'deny' = 'allow') {
  const device = await on.register();
  const { authorizeUrl } = await start(on, provider, device);
  const back = await consent(on, authorizeUrl, login, decision);
  return { device, back, reply: await finish(on, provider, device, back) };
}

describe.each([
  ['yandex', 'Яндекс ID'],
  ['vk', 'VK ID'],
] as const)('%s failures name the provider and what to do', (provider, name) => {
  it('the person declined on the consent page', async () => {
    const { reply } = await roundTrip(api, provider, 'declines', 'deny');
    expect(reply.status).toBe(403);
    expect(reply.body.error?.errorDesc).toBe(`Вы отменили вход через ${name}`);
  });

  it('the provider is down at the token exchange: «не ответил», and the phone as the other way', async () => {
    const { reply, device } = await roundTrip(api, provider, 'down-ivan');
    expect(reply.status).toBe(502);
    expect(reply.body.error?.errorDesc).toBe(`${name} не ответил, попробуйте ещё раз или войдите по номеру телефона`);
    expect((await api.request('GET', '/105/api/user', { session: device })).body.response.isWebUser).toBe(false);
  });

  it('the provider fails to give the profile after the token', async () => {
    const { reply } = await roundTrip(api, provider, 'noinfo-ivan');
    expect(reply.status).toBe(502);
    expect(reply.body.error?.errorDesc).toBe(`${name} не передал данные профиля. Попробуйте ещё раз или войдите по номеру телефона`);
  });

  it('the provider refuses the code (used already by another flow of this device)', async () => {
    const device = await api.register();
    const a = await start(api, provider, device);
    const backA = await consent(api, a.authorizeUrl, 'twice');
    const b = await start(api, provider, device);
    const reply = await finish(api, provider, device, backA, b.state);
    expect(reply.status).toBe(502);
    expect(reply.body.error?.errorDesc).toMatch(new RegExp(`^${name} не подтвердил вход: .*войдите по номеру телефона$`));
  });

  it('another error in the return address', async () => {
    const device = await api.register();
    const { state } = await start(api, provider, device);
    const reply = await finish(api, provider, device, new URLSearchParams({ state, error: 'server_error' }));
    expect(reply.status).toBe(502);
    expect(reply.body.error?.errorDesc).toBe(`${name} не подтвердил вход и сообщил об ошибке. Попробуйте ещё раз или войдите по номеру телефона`);
  });

  it('without SMS the other way offered is e-mail', async () => {
    const { reply } = await roundTrip(noSms, provider, 'down-petr');
    expect(reply.body.error?.errorDesc).toBe(`${name} не ответил, попробуйте ещё раз или войдите по e-mail`);
  });
});
