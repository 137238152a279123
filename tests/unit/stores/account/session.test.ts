import { useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiReplyError } from '../../../../src/api/errors.ts';
import type { Credentials } from '../../../../src/api/structs/credentials.ts';
import { $authData } from '../../../../src/stores/authData.ts';
import { $account } from '../../../../src/stores/auth/account.ts';
import { isSessionError, withSession } from '../../../../src/stores/session.ts';
import { USER, fakeApi, ok } from '../fakeApi.ts';
import { SESSION_RECORD, resetAccountStores, signedIn } from './fixtures.ts';

const CLIENT_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const NEXT_USER = { userId: 42, session: 'n'.repeat(64), rand: 'm'.repeat(32), salt: 'k'.repeat(32) };
const refused = () => new ApiReplyError(401, 'Сессия истекла, войдите снова');

beforeAll(() => useTestStorageEngine());
beforeEach(() => resetAccountStores());
afterEach(() => resetAccountStores());

describe('withSession: a refused session (401)', () => {
  it('for an account: marks the session expired, rethrows, and does not register an anonymous user', async () => {
    signedIn({ email: 'ivan@mail.ru' });
    const api = fakeApi({ 'GET /105/api/client': () => ok({ clientId: CLIENT_ID }), 'POST /105/api/newuser': () => ok(NEXT_USER) });
    const seen: Credentials[] = [];
    const call = async (auth: Credentials) => {
      seen.push(auth);
      throw refused();
    };
    await expect(withSession(call)).rejects.toEqual(refused());
    expect(seen).toEqual([{ session: USER.session, rand: USER.rand, userId: '41' }]);
    expect(api.calls).toHaveLength(0);
    expect($account.get()).toMatchObject({ isWebUser: true, sessionExpired: true, email: 'ivan@mail.ru' });
    // The account's record stays, so signing in again on this device finds its clientId.
    expect($authData.get().web).toEqual(SESSION_RECORD);
  });

  it('for an anonymous visitor: drops the record, registers a new user and calls once more with it', async () => {
    signedIn();
    const api = fakeApi({ 'GET /105/api/client': () => ok({ clientId: CLIENT_ID }), 'POST /105/api/newuser': () => ok(NEXT_USER) });
    const seen: string[] = [];
    const result = await withSession(async (auth) => {
      seen.push(auth.userId);
      if (auth.userId === '41') throw refused();
      return 'готово';
    });
    expect(result).toBe('готово');
    expect(seen).toEqual(['41', '42']);
    expect(api.calls.map((c) => c.path)).toEqual(['/105/api/client', '/105/api/newuser']);
    expect($authData.get().web).toMatchObject({ userId: '42', session: NEXT_USER.session, clientId: CLIENT_ID });
    expect($account.get().sessionExpired).toBe(false);
  });

  it('for an anonymous visitor: a second refusal is not retried again', async () => {
    signedIn();
    fakeApi({ 'GET /105/api/client': () => ok({ clientId: CLIENT_ID }), 'POST /105/api/newuser': () => ok(NEXT_USER) });
    let calls = 0;
    await expect(
      withSession(async () => {
        calls++;
        throw refused();
      }),
    ).rejects.toMatchObject({ status: 401 });
    expect(calls).toBe(2);
  });
});

describe('withSession: everything else', () => {
  it('registers first when there is no session, then calls with it', async () => {
    const api = fakeApi({ 'GET /105/api/client': () => ok({ clientId: CLIENT_ID }), 'POST /105/api/newuser': () => ok(NEXT_USER) });
    await expect(withSession(async (auth) => auth.userId)).resolves.toBe('42');
    expect(api.calls).toHaveLength(2);
  });

  it.each([
    ['a 403', new ApiReplyError(403, 'Нет доступа')],
    ['a 500', new ApiReplyError(500, 'Ошибка')],
    ['a thrown TypeError', new TypeError('boom')],
  ])('passes %s through for an account and an anonymous visitor alike, changing nothing', async (_name, error) => {
    for (const account of [{ email: 'ivan@mail.ru' }, undefined]) {
      resetAccountStores();
      signedIn(account);
      const before = $account.get();
      const api = fakeApi({});
      await expect(withSession(async () => Promise.reject(error))).rejects.toBe(error);
      expect($account.get()).toEqual(before);
      expect($authData.get().web).toEqual(SESSION_RECORD);
      expect(api.calls).toHaveLength(0);
    }
  });

  it.each<[unknown, boolean]>([
    [new ApiReplyError(401, 'x'), true],
    [new ApiReplyError(403, 'x'), false],
    [new Error('401'), false],
    [{ status: 401 }, false],
  ])('isSessionError(%o) → %s', (error, expected) => {
    expect(isSessionError(error)).toBe(expected);
  });
});
