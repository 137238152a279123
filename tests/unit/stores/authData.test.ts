import { cleanTestStorage, getTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  $authData,
  $credentials,
  $platform,
  AUTH_DATA_KEY,
  EMPTY_AUTH_RECORD,
  clearAuthRecord,
  decodeAuthData,
  emptyAuthData,
  isAuthPresent,
  sameAuth,
  setAuthRecord,
} from '../../../src/stores/authData.ts';
import type { AuthRecord } from '../../../src/stores/authData.ts';

const full: AuthRecord = { clientId: 'c-1', salt: 's', rand: 'r', userId: '41', session: 'sess' };

beforeAll(() => useTestStorageEngine());
afterEach(() => {
  $authData.set(emptyAuthData());
  $platform.set('web');
  cleanTestStorage();
});

describe('stored auth data (spec §3)', () => {
  it('is empty by default: every field of both platforms is an empty string', () => {
    expect(emptyAuthData()).toEqual({ web: EMPTY_AUTH_RECORD, chromeExtension: EMPTY_AUTH_RECORD });
    expect(Object.values(EMPTY_AUTH_RECORD).every((v) => v === '')).toBe(true);
  });

  describe.each<[string, Partial<AuthRecord>, boolean]>([
    ['all three set', {}, true],
    ['no rand', { rand: '' }, false],
    ['no session', { session: '' }, false],
    ['no userId', { userId: '' }, false],
    ['no salt (not needed)', { salt: '' }, true],
    ['no clientId (not needed)', { clientId: '' }, true],
    ['only clientId', { salt: '', rand: '', userId: '', session: '' }, false],
  ])('presence: %s', (_name, patch, present) => {
    it(`is ${present ? '' : 'not '}present`, () => expect(isAuthPresent({ ...full, ...patch })).toBe(present));
  });

  describe.each<[string, Partial<AuthRecord>, boolean]>([
    ['identical', {}, true],
    ['another clientId', { clientId: 'c-2' }, true],
    ['another rand', { rand: 'r2' }, false],
    ['another salt', { salt: 's2' }, false],
    ['another session', { session: 'x' }, false],
    ['another userId', { userId: '42' }, false],
  ])('equality: %s', (_name, patch, equal) => {
    it(`is ${equal ? '' : 'not '}equal`, () => expect(sameAuth(full, { ...full, ...patch })).toBe(equal));
  });

  it('keeps one record per platform under the local-storage key authData', () => {
    expect(AUTH_DATA_KEY).toBe('authData');
    setAuthRecord(full, 'web');
    setAuthRecord({ ...full, userId: '99' }, 'chromeExtension');
    const stored = JSON.parse(getTestStorage()['authData'] ?? '{}') as Record<string, AuthRecord>;
    expect(stored['web']?.userId).toBe('41');
    expect(stored['chromeExtension']?.userId).toBe('99');
  });

  it('gives credentials only for the current platform and only when present', () => {
    setAuthRecord(full, 'chromeExtension');
    expect($credentials.get()).toBeUndefined();
    $platform.set('chromeExtension');
    expect($credentials.get()).toEqual({ session: 'sess', rand: 'r', userId: '41' });
  });

  it('writes nothing until a record is set, and nothing again for an equal record', () => {
    expect(getTestStorage()['authData']).toBeUndefined();
    setAuthRecord(full);
    const first = getTestStorage()['authData'];
    setAuthRecord({ ...full });
    expect(getTestStorage()['authData']).toBe(first);
  });

  it('clears a platform back to the empty record', () => {
    setAuthRecord(full);
    clearAuthRecord();
    expect($authData.get().web).toEqual(EMPTY_AUTH_RECORD);
    expect($credentials.get()).toBeUndefined();
  });

  it.each([
    ['not JSON', '{oops'],
    ['a number', '42'],
    ['null', 'null'],
    ['wrong fields', '{"web":{"rand":1,"session":null}}'],
  ])('reads broken stored data (%s) as empty records', (_name, text) => {
    const data = decodeAuthData(text);
    expect(isAuthPresent(data.web)).toBe(false);
    expect(isAuthPresent(data.chromeExtension)).toBe(false);
  });

  it('reads a numeric userId as its digits', () => {
    expect(decodeAuthData('{"web":{"userId":41,"rand":"r","session":"s"}}').web.userId).toBe('41');
  });
});
