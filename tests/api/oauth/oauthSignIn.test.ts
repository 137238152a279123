import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailTestApi, signUp } from '../helpers/accounts.ts';
import type { MailTestApi } from '../helpers/accounts.ts';
import { consent, finish, signInWith, start } from './helpers.ts';

let api: MailTestApi;
beforeAll(async () => {
  api = await createMailTestApi();
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

describe.each(['yandex', 'vk'] as const)('sign-in by %s (our sandbox, the provider protocol)', (provider) => {
  it('the first sign-in makes an account of the device; the next one signs the same account in', async () => {
    const device = await api.register({ sts: '7700123456', plate: 'А123ВС77' });
    const first = await signInWith(api, provider, `first-${provider}`, device);
    expect(first.userId).toBe(device.userId);
    const user = await api.request('GET', '/105/api/user', { session: first });
    expect(user.body.response).toMatchObject({ isWebUser: true, email: null });
    const identities = await api.request('GET', '/105/api/user/identities', { session: first });
    expect(identities.body.response.identities).toEqual([expect.objectContaining({ provider, email: expect.stringContaining(`first-${provider}@`) })]);
    const again = await signInWith(api, provider, `first-${provider}`);
    expect(again.userId).toBe(first.userId);
    expect((await api.request('GET', '/105/api/sts', { session: again })).body.response.sts).toHaveLength(1);
  });

  it('refuses a state that this device did not start (state mismatch, another device, a replay)', async () => {
    const device = await api.register();
    const { authorizeUrl } = await start(api, provider, device);
    const back = await consent(api, authorizeUrl, 'victim');
    const forged = await finish(api, provider, device, back, 'A'.repeat(43));
    expect(forged.status).toBe(400);
    const stranger = await api.register();
    expect((await finish(api, provider, stranger, back)).status).toBe(400);
    const signedIn = await finish(api, provider, device, back);
    expect(signedIn.status).toBe(200);
    // The device's anonymous session ended when it became the account; the replay comes with the new one.
    const replay = await finish(api, provider, signedIn.body.response.session, back);
    expect(replay.status).toBe(400);
    expect(replay.body.error?.errorDesc).toMatch(/не подтверждён: начните его снова/);
  });

  it("a code with another flow's PKCE verifier is refused by the provider", async () => {
    const device = await api.register();
    const a = await start(api, provider, device);
    const b = await start(api, provider, device);
    const backA = await consent(api, a.authorizeUrl, 'pkce');
    // The code of flow A under flow B's state: the server sends B's verifier, A's challenge does not match.
    const reply = await finish(api, provider, device, backA, b.state);
    expect(reply.status).toBe(502);
    expect(reply.body.error?.errorDesc).toMatch(/не подтвердил вход/);
  });

  it('the person declining on the consent page is a refusal, not an account', async () => {
    const device = await api.register();
    const { authorizeUrl } = await start(api, provider, device);
    const back = await consent(api, authorizeUrl, 'declines', 'deny');
    expect(back.get('error')).toBe('access_denied');
    const reply = await finish(api, provider, device, back);
    expect(reply.status).toBe(403);
    expect((await api.request('GET', '/105/api/user', { session: device })).body.response.isWebUser).toBe(false);
  });

  it('never signs in to an account by the same e-mail', async () => {
    const domain = provider === 'yandex' ? 'yandex.ru' : 'vk.example';
    const byEmail = await signUp(api, `same-${provider}@${domain}`);
    const byProvider = await signInWith(api, provider, `same-${provider}`);
    expect(byProvider.userId).not.toBe(byEmail.userId);
  });

  it('links to an e-mail account from the profile; another account cannot take it; the last way stays', async () => {
    const account = await signUp(api, `linker-${provider}@example.ru`);
    const { authorizeUrl } = await start(api, provider, account, 'link');
    const linked = await finish(api, provider, account, await consent(api, authorizeUrl, `linked-${provider}`));
    expect(linked.status).toBe(200);
    expect(linked.body.response).toEqual({ linked: provider });
    expect((await signInWith(api, provider, `linked-${provider}`)).userId).toBe(account.userId);

    const other = await signUp(api, `other-${provider}@example.ru`);
    const second = await start(api, provider, other, 'link');
    const taken = await finish(api, provider, other, await consent(api, second.authorizeUrl, `linked-${provider}`));
    expect(taken.status).toBe(409);

    expect((await api.request('DELETE', `/105/api/user/identities/${provider}`, { session: account })).status).toBe(200);
    const only = await signInWith(api, provider, `only-${provider}`);
    const refused = await api.request('DELETE', `/105/api/user/identities/${provider}`, { session: only });
    expect(refused.status).toBe(409);
    expect(refused.body.error?.errorDesc).toBe('Это единственный способ входа. Сначала добавьте телефон или e-mail');
  });

  it('an anonymous device cannot start a link', async () => {
    const device = await api.register();
    expect((await api.request('POST', `/105/api/oauth/${provider}/start`, { session: device, form: { purpose: 'link' } })).status).toBe(403);
  });
});

describe('the sandbox token endpoint speaks the protocol', () => {
  it('a code is single use, and only with its verifier', async () => {
    const device = await api.register();
    const { authorizeUrl } = await start(api, 'yandex', device);
    const back = await consent(api, authorizeUrl, 'protocol');
    const flow = await api.deps.db.selectFrom('oauth_flows').select('code_verifier').where('user_id', '=', device.userId).executeTakeFirstOrThrow();
    const token = (verifier: string) =>
      api.app.request('/105/oauth-sandbox/yandex/token', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'authorization_code', code: back.get('code') ?? '', client_id: 'shtrafy-sandbox', client_secret: 'sandbox-secret', code_verifier: verifier }).toString(),
      });
    // Another last character (a fixed 'x' was the verifier's own one time in 64: then «wrong» was right).
    const last = flow.code_verifier.slice(-1);
    const wrong = await token(`${flow.code_verifier.slice(0, -1)}${last === 'x' ? 'y' : 'x'}`);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await token(flow.code_verifier)).status).toBe(200);
    const reused = await token(flow.code_verifier);
    expect(reused.status).toBe(400);
    expect(await reused.json()).toEqual({ error: 'invalid_grant', error_description: 'code already used' });
  });

  it('an unknown provider is 404', async () => {
    const device = await api.register();
    expect((await api.request('POST', '/105/api/oauth/google/start', { session: device })).status).toBe(404);
  });
});
