import { beforeEach, describe, expect, it } from 'vitest';
import { ApiReplyError, NetworkError } from '../../../../src/api/errors.ts';
import { $signInWays, loadSignInWays, resetSignInWays } from '../../../../src/stores/auth/signInWays.ts';
import { providerMessage } from '../../../../src/stores/auth/oauthSignIn.ts';
import { USER_MESSAGES } from '../../../../src/api/userMessage.ts';
import { fail, fakeApi, ok } from '../fakeApi.ts';

beforeEach(() => resetSignInWays());

describe('the ways of signing in the server offers', () => {
  it('none is shown before the server said; then exactly those it offers', async () => {
    const api = fakeApi({ 'GET /105/api/auth/ways': () => ok({ phone: false, providers: ['vk'] }) });
    expect($signInWays.get()).toEqual({ loaded: false, phone: false, providers: [] });
    await Promise.all([loadSignInWays(), loadSignInWays()]);
    expect($signInWays.get()).toEqual({ loaded: true, phone: false, providers: ['vk'] });
    expect(api.calls).toHaveLength(1);
  });

  it('a failed call shows only e-mail, and the next call asks again', async () => {
    const api = fakeApi({ 'GET /105/api/auth/ways': [() => fail(500, 'Внутренняя ошибка'), () => ok({ phone: true, providers: ['yandex', 'vk'] })] });
    await loadSignInWays();
    expect($signInWays.get()).toEqual({ loaded: true, phone: false, providers: [] });
    await loadSignInWays();
    expect($signInWays.get()).toEqual({ loaded: true, phone: true, providers: ['yandex', 'vk'] });
    expect(api.calls).toHaveLength(2);
  });
});

describe("a provider's failure on return", () => {
  it("shows the server's sentence for a 502 (it names the provider and what to do), not the generic one", () => {
    const text = 'VK ID не ответил, попробуйте ещё раз или войдите по номеру телефона';
    expect(providerMessage(new ApiReplyError(502, text))).toBe(text);
    expect(providerMessage(new ApiReplyError(403, 'Вы отменили вход через Яндекс ID'))).toBe('Вы отменили вход через Яндекс ID');
  });

  it('other server failures and the network stay generic', () => {
    expect(providerMessage(new ApiReplyError(500, 'Internal'))).toBe(USER_MESSAGES.server);
    expect(providerMessage(new ApiReplyError(502, ' '))).toBe(USER_MESSAGES.server);
    expect(providerMessage(new NetworkError())).toBe(USER_MESSAGES.network);
  });
});
