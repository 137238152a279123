import { useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_MESSAGES } from '../../../../src/api/userMessage.ts';
import { $authData } from '../../../../src/stores/authData.ts';
import { $accountStatus } from '../../../../src/stores/auth/account.ts';
import { $passwordReset, openResetPage, submitNewPassword } from '../../../../src/stores/auth/passwordReset.ts';
import { fail, fakeApi, ok } from '../fakeApi.ts';
import type { Handler } from '../fakeApi.ts';
import { NEW_SESSION, TOKEN, accountReply, formOf, resetAccountStores } from './fixtures.ts';

const INCOMPLETE = 'Ссылка неполная или повреждена. Запросите восстановление пароля ещё раз';

beforeAll(() => useTestStorageEngine());
beforeEach(() => resetAccountStores());
afterEach(() => resetAccountStores());

describe('openResetPage: the token from /reset/{token}/', () => {
  it.each<[string, string]>([
    [`/reset/${TOKEN}/`, TOKEN],
    [`/reset/${TOKEN}`, TOKEN],
    ['/reset/', ''],
    ['/reset/short/', ''],
    [`/reset/${TOKEN}x/`, ''],
    [`/reset/${TOKEN}/extra/`, ''],
    [`/other/${TOKEN}/`, ''],
  ])('%s → %j', (path, token) => {
    openResetPage(path);
    const state = $passwordReset.get();
    expect(state.token).toBe(token);
    expect(state.linkDead).toBe(token === '');
    expect(state.error).toBe(token === '' ? INCOMPLETE : '');
  });

  it('starts from a clean page', () => {
    $passwordReset.set({ token: 'x', busy: true, error: 'e', linkDead: true, fields: { password: 'p' }, done: true });
    openResetPage(`/reset/${TOKEN}/`);
    expect($passwordReset.get()).toEqual({ token: TOKEN, busy: false, error: '', linkDead: false, fields: {}, done: false });
  });
});

describe('submitNewPassword', () => {
  it.each<[string, string, string, Record<string, string>]>([
    ['too short', '1234567', '1234567', { password: 'Пароль должен быть не короче 8 символов' }],
    ['too long', 'x'.repeat(129), 'x'.repeat(129), { password: 'Пароль должен быть не длиннее 128 символов' }],
    ['a mismatch', 'new-secret-1', 'new-secret-2', { confirm: 'Пароли не совпадают' }],
    ['both', 'short', '', { password: 'Пароль должен быть не короче 8 символов', confirm: 'Пароли не совпадают' }],
  ])('%s: field messages and no request', async (_name, password, confirm, fields) => {
    openResetPage(`/reset/${TOKEN}/`);
    const api = fakeApi({});
    await submitNewPassword(password, confirm);
    expect($passwordReset.get().fields).toEqual(fields);
    expect(api.calls).toHaveLength(0);
  });

  it('sets the password, signs this device in with the new session, and is done', async () => {
    openResetPage(`/reset/${TOKEN}/`);
    const api = fakeApi({ 'POST /105/api/password/reset': () => ok(NEW_SESSION), 'GET /105/api/user': () => ok(accountReply()) });
    await submitNewPassword('new-secret-1', 'new-secret-1');
    expect(formOf(api.calls[0]?.body ?? '')).toEqual({ token: TOKEN, newPassword: 'new-secret-1' });
    expect(api.calls[0]?.headers.get('X-Session')).toBeNull();
    expect($authData.get().web.session).toBe(NEW_SESSION.session);
    expect($accountStatus.get()).toBe('signedIn');
    expect($passwordReset.get()).toMatchObject({ done: true, busy: false, error: '', linkDead: false, fields: {} });
  });

  it.each<[string, Handler, string, boolean]>([
    ['a used or expired link (410)', () => fail(410, 'Ссылка устарела. Запросите восстановление ещё раз'), 'Ссылка устарела. Запросите восстановление ещё раз', true],
    ['an unknown link (400)', () => fail(400, 'Ссылка недействительна'), 'Ссылка недействительна', true],
    ['too many attempts (429)', () => fail(429, 'Слишком много попыток, попробуйте позже'), 'Слишком много попыток, попробуйте позже', false],
    ['a server failure', () => fail(500, 'x'), USER_MESSAGES.server, false],
    [
      'no connection',
      () => {
        throw new TypeError('offline');
      },
      USER_MESSAGES.network,
      false,
    ],
  ])('%s: the message, dead link %s, not done', async (_name, handler, message, dead) => {
    openResetPage(`/reset/${TOKEN}/`);
    fakeApi({ 'POST /105/api/password/reset': handler });
    await submitNewPassword('new-secret-1', 'new-secret-1');
    expect($passwordReset.get()).toMatchObject({ error: message, linkDead: dead, done: false, busy: false });
    expect($authData.get().web.session).toBe('');
  });

  it('sends nothing for a dead link', async () => {
    openResetPage('/reset/broken/');
    const api = fakeApi({});
    await submitNewPassword('new-secret-1', 'new-secret-1');
    expect(api.calls).toHaveLength(0);
    expect($passwordReset.get().done).toBe(false);
  });

  it('a second submit while one runs does nothing', async () => {
    openResetPage(`/reset/${TOKEN}/`);
    let release: () => void = () => {};
    const api = fakeApi({
      'POST /105/api/password/reset': () => new Promise((resolve) => (release = () => resolve(ok(NEW_SESSION)))),
      'GET /105/api/user': () => ok(accountReply()),
    });
    const first = submitNewPassword('new-secret-1', 'new-secret-1');
    expect($passwordReset.get().busy).toBe(true);
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));
    await submitNewPassword('new-secret-1', 'new-secret-1');
    release();
    await first;
    expect(api.calls.filter((c) => c.path === '/105/api/password/reset')).toHaveLength(1);
    expect($passwordReset.get()).toMatchObject({ done: true, busy: false });
  });
});
