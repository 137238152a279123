import { getTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { $authData, $credentials, EMPTY_AUTH_RECORD, setAuthRecord } from '../../../../src/stores/authData.ts';
import {
  $account,
  $accountStatus,
  EMPTY_ACCOUNT,
  acceptSession,
  decodeAccount,
  loadAccount,
  markSessionExpired,
  signOut,
} from '../../../../src/stores/auth/account.ts';
import type { AccountState } from '../../../../src/stores/auth/account.ts';
import { NetworkError } from '../../../../src/api/errors.ts';
import { $documents, $documentsLoad } from '../../../../src/stores/profile/documents.ts';
import { $ordinances, INITIAL_ORDINANCES } from '../../../../src/stores/profile/ordinances.ts';
import { $settings } from '../../../../src/stores/profile/settings.ts';
import { USER, fail, fakeApi, ok } from '../fakeApi.ts';
import { NEW_SESSION, SESSION_RECORD, accountReply, formOf, innFixture, ordinanceFixture, resetAccountStores, signedIn, stsFixture } from './fixtures.ts';

beforeAll(() => useTestStorageEngine());
beforeEach(() => resetAccountStores());
afterEach(() => resetAccountStores());

describe('decodeAccount: the stored profile', () => {
  it.each<[string, string, Partial<AccountState>]>([
    ['not JSON', '{oops', {}],
    ['null', 'null', {}],
    ['a number', '42', {}],
    ['a partial record', '{"userId":"41","isWebUser":true}', { userId: '41', isWebUser: true }],
    ['a whole record', JSON.stringify({ ...EMPTY_ACCOUNT, email: 'a@b.ru', sessionExpired: true }), { email: 'a@b.ru', sessionExpired: true }],
  ])('%s', (_name, text, patch) => {
    expect(decodeAccount(text)).toEqual({ ...EMPTY_ACCOUNT, ...patch });
  });

  it('is kept in local storage under profile', () => {
    signedIn({ email: 'x@y.ru' });
    expect(decodeAccount(getTestStorage()['profile'] ?? '')).toMatchObject({ email: 'x@y.ru', isWebUser: true });
  });
});

describe('$accountStatus', () => {
  it.each<[string, boolean, Partial<AccountState>, string]>([
    ['an account with a session', true, { isWebUser: true }, 'signedIn'],
    ['an account whose session ended', true, { isWebUser: true, sessionExpired: true }, 'expired'],
    ['an account whose session ended and was dropped', false, { isWebUser: true, sessionExpired: true }, 'expired'],
    ['an account without a stored session', false, { isWebUser: true }, 'guest'],
    ['an anonymous session', true, { isWebUser: false }, 'guest'],
    ['nobody', false, {}, 'guest'],
  ])('%s → %s', (_name, withSession, account, status) => {
    if (withSession) setAuthRecord({ ...SESSION_RECORD });
    $account.set({ ...EMPTY_ACCOUNT, ...account });
    expect($accountStatus.get()).toBe(status);
  });
});

describe('loadAccount (spec §4 Session)', () => {
  it('marks an account web and its session alive, sending the session as headers', async () => {
    signedIn({ sessionExpired: true });
    const api = fakeApi({ 'GET /105/api/user': () => ok(accountReply({ userType: 3, doNotify: 0, hasPassword: false })) });
    const account = await loadAccount();
    expect(account).toEqual({
      userId: '41',
      email: 'ivan@mail.ru',
      // No phone in the reply (an older server, or none linked): '' (issue 29).
      phone: '',
      isWebUser: true,
      sessionExpired: false,
      name: 'Иван',
      userType: 3,
      hasPassword: false,
      doNotify: false,
      gender: '',
    });
    expect($account.get()).toEqual(account);
    expect(api.calls[0]?.headers.get('X-Session')).toBe(USER.session);
    expect(api.calls[0]?.headers.get('X-User-Id')).toBe('41');
    expect($accountStatus.get()).toBe('signedIn');
  });

  it('keeps an anonymous user not web (null e-mail and name become empty)', async () => {
    signedIn();
    fakeApi({ 'GET /105/api/user': () => ok(accountReply({ isWebUser: false, email: null, name: null })) });
    const account = await loadAccount();
    expect(account).toMatchObject({ userId: '41', isWebUser: false, email: '', name: '', sessionExpired: false });
    expect($accountStatus.get()).toBe('guest');
  });

  it("marks an account's refused session (401) expired and keeps who it was", async () => {
    signedIn({ email: 'ivan@mail.ru' });
    fakeApi({ 'GET /105/api/user': () => fail(401, 'Сессия истекла, войдите снова') });
    const account = await loadAccount();
    expect(account).toMatchObject({ isWebUser: true, sessionExpired: true, email: 'ivan@mail.ru' });
    expect($accountStatus.get()).toBe('expired');
  });

  it('makes an anonymous visitor with a refused session nobody', async () => {
    signedIn();
    $account.set({ ...EMPTY_ACCOUNT, userId: '41' });
    fakeApi({ 'GET /105/api/user': () => fail(401, 'Сессия истекла, войдите снова') });
    expect(await loadAccount()).toEqual(EMPTY_ACCOUNT);
  });

  it('asks nothing without credentials: an anonymous visitor is nobody', async () => {
    $account.set({ ...EMPTY_ACCOUNT, userId: '7', email: 'left@over.ru' });
    const api = fakeApi({ 'GET /105/api/user': () => ok(accountReply()) });
    expect(await loadAccount()).toEqual(EMPTY_ACCOUNT);
    expect(api.calls).toHaveLength(0);
  });

  it('rethrows other failures and leaves the account as it was', async () => {
    signedIn({ email: 'ivan@mail.ru' });
    const before = $account.get();
    fakeApi({ 'GET /105/api/user': () => fail(503, 'Сервис недоступен') });
    await expect(loadAccount()).rejects.toMatchObject({ status: 503 });
    expect($account.get()).toEqual(before);
  });

  it('rejects a reply of another shape without touching the account', async () => {
    signedIn({ email: 'ivan@mail.ru' });
    const before = $account.get();
    fakeApi({ 'GET /105/api/user': () => ok({ userId: 41 }) });
    await expect(loadAccount()).rejects.toMatchObject({ name: 'ValidationError' });
    expect($account.get()).toEqual(before);
  });
});

describe('markSessionExpired', () => {
  it('flags an account and forgets an anonymous visitor', () => {
    $account.set({ ...EMPTY_ACCOUNT, isWebUser: true, email: 'a@b.ru' });
    markSessionExpired();
    expect($account.get()).toMatchObject({ isWebUser: true, sessionExpired: true, email: 'a@b.ru' });
    $account.set({ ...EMPTY_ACCOUNT, userId: '5' });
    markSessionExpired();
    expect($account.get()).toEqual(EMPTY_ACCOUNT);
  });
});

describe('acceptSession', () => {
  it("stores the new session's auth record, keeps the device's clientId, and loads the account with it", async () => {
    setAuthRecord({ ...SESSION_RECORD, clientId: 'device-7' });
    const api = fakeApi({ 'GET /105/api/user': () => ok(accountReply()) });
    const account = await acceptSession(NEW_SESSION);
    expect($authData.get().web).toEqual({ clientId: 'device-7', salt: NEW_SESSION.salt, rand: NEW_SESSION.rand, userId: '41', session: NEW_SESSION.session });
    expect(api.calls[0]?.headers.get('X-Session')).toBe(NEW_SESSION.session);
    expect(account).toMatchObject({ isWebUser: true, sessionExpired: false });
    expect($accountStatus.get()).toBe('signedIn');
  });

  it('works on a device that had no record at all', async () => {
    fakeApi({ 'GET /105/api/user': () => ok(accountReply()) });
    await acceptSession(NEW_SESSION);
    expect($authData.get().web).toMatchObject({ clientId: '', userId: '41', session: NEW_SESSION.session });
  });
});

describe('signOut (spec §4 Logout)', () => {
  /** A signed-in account with documents, a list and settings loaded. */
  function fullCabinet(): void {
    signedIn({ email: 'ivan@mail.ru' });
    $documents.set({ transport: [stsFixture(1)], driverLicense: [], inn: [innFixture(2)], documentsExpiration: Date.now() + 1000 });
    $documentsLoad.set({ busy: false, error: 'старая ошибка' });
    $ordinances.set({ ...INITIAL_ORDINANCES, items: [ordinanceFixture() as never], total: 1, lastUpdatedTimestamp: 5, sortIdentifier: 'fines' });
    $settings.set({ email: 'ivan@mail.ru', pendingEmail: 'new@mail.ru', doNotify: false, loaded: true, saving: '' });
  }

  function expectForgotten(): void {
    expect($authData.get().web).toEqual(EMPTY_AUTH_RECORD);
    expect($credentials.get()).toBeUndefined();
    expect($account.get()).toEqual(EMPTY_ACCOUNT);
    expect($documents.get()).toEqual({ transport: [], driverLicense: [], inn: [], documentsExpiration: 0 });
    expect($documentsLoad.get()).toEqual({ busy: false, error: '' });
    expect($ordinances.get()).toEqual(INITIAL_ORDINANCES);
    expect($settings.get()).toEqual({ email: '', pendingEmail: '', doNotify: true, loaded: false, saving: '' });
    expect($accountStatus.get()).toBe('guest');
  }

  it('ends this session on the server, then forgets everything locally', async () => {
    fullCabinet();
    const api = fakeApi({ 'POST /105/api/logout': () => ok({ revoked: 1 }) });
    await signOut();
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]?.headers.get('X-Session')).toBe(USER.session);
    expect(formOf(api.calls[0]?.body ?? '')).toEqual({});
    expectForgotten();
  });

  it('asks to end every session with all=1', async () => {
    fullCabinet();
    const api = fakeApi({ 'POST /105/api/logout': () => ok({ revoked: 3 }) });
    await signOut(true);
    expect(formOf(api.calls[0]?.body ?? '')).toEqual({ all: '1' });
    expectForgotten();
  });

  it('counts a session the server already ended (401) as done', async () => {
    fullCabinet();
    fakeApi({ 'POST /105/api/logout': () => fail(401, 'Сессия истекла, войдите снова') });
    await expect(signOut()).resolves.toBeUndefined();
    expectForgotten();
  });

  it('still signs out locally when the server cannot be reached, and reports the failure', async () => {
    fullCabinet();
    fakeApi({
      'POST /105/api/logout': () => {
        throw new TypeError('offline');
      },
    });
    await expect(signOut()).rejects.toBeInstanceOf(NetworkError);
    expectForgotten();
  });

  it('still signs out locally when the server fails', async () => {
    fullCabinet();
    fakeApi({ 'POST /105/api/logout': () => fail(500, 'Внутренняя ошибка') });
    await expect(signOut(true)).rejects.toMatchObject({ status: 500 });
    expectForgotten();
  });

  it('without a stored session, calls nothing and clears what is left', async () => {
    fullCabinet();
    $authData.set({ ...$authData.get(), web: { ...EMPTY_AUTH_RECORD } });
    const api = fakeApi({ 'POST /105/api/logout': () => ok({ revoked: 1 }) });
    await signOut();
    expect(api.calls).toHaveLength(0);
    expectForgotten();
  });

  it('removes the stored documents and profile from local storage', async () => {
    fullCabinet();
    fakeApi({ 'POST /105/api/logout': () => ok({ revoked: 1 }) });
    await signOut();
    const stored = getTestStorage();
    expect(JSON.parse(stored['documents'] ?? '{}')).toMatchObject({ transport: [], inn: [] });
    expect(decodeAccount(stored['profile'] ?? '')).toEqual(EMPTY_ACCOUNT);
    expect(JSON.parse(stored['authData'] ?? '{}').web).toEqual(EMPTY_AUTH_RECORD);
  });
});
