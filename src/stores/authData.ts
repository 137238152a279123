import { atom, computed } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';
import { PLATFORMS } from '../lib/platform.ts';
import type { Platform } from '../lib/platform.ts';
import type { Credentials } from '../api/structs/credentials.ts';
import { ApiReplyError } from '../api/errors.ts';

/** One platform's stored auth data (spec §3); every field is an empty string until set. */
export type AuthRecord = { clientId: string; salt: string; rand: string; userId: string; session: string };

/** Every platform's record, as kept in local storage under AUTH_DATA_KEY. */
export type AuthData = Record<Platform, AuthRecord>;

/** The local-storage key of the stored auth data (spec §3). */
export const AUTH_DATA_KEY = 'authData';

/** A record with every field empty: the default, and what logout resets to. */
export const EMPTY_AUTH_RECORD: AuthRecord = Object.freeze({ clientId: '', salt: '', rand: '', userId: '', session: '' });

const FIELDS = ['clientId', 'salt', 'rand', 'userId', 'session'] as const;

/** Stored auth data with an empty record for every platform. */
export function emptyAuthData(): AuthData {
  return { web: { ...EMPTY_AUTH_RECORD }, chromeExtension: { ...EMPTY_AUTH_RECORD } };
}

/** A record from anything (stored JSON may be old or edited by hand): strings are kept, everything else is empty. */
export function toAuthRecord(value: unknown): AuthRecord {
  const source = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const record = { ...EMPTY_AUTH_RECORD };
  for (const field of FIELDS) {
    const v = source[field];
    record[field] = typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : '';
  }
  return record;
}

/** Reads the stored JSON; unreadable text gives empty records. */
export function decodeAuthData(text: string): AuthData {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return emptyAuthData();
  }
  const source = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  const data = emptyAuthData();
  for (const platform of PLATFORMS) data[platform] = toAuthRecord(source[platform]);
  return data;
}

/** Spec §3: a record counts as present only when rand, session and userId are all set. */
export function isAuthPresent(record: AuthRecord): boolean {
  return record.rand !== '' && record.session !== '' && record.userId !== '';
}

/** Spec §3: two records are equal when rand, salt, session and userId match (clientId does not count). */
export function sameAuth(a: AuthRecord, b: AuthRecord): boolean {
  return a.rand === b.rand && a.salt === b.salt && a.session === b.session && a.userId === b.userId;
}

/** The session params of a present record, for the API client; undefined when the record is not present. */
export function credentialsOf(record: AuthRecord): Credentials | undefined {
  return isAuthPresent(record) ? { session: record.session, rand: record.rand, userId: record.userId } : undefined;
}

/** Stored auth data, one record per platform; nothing is written to local storage until a record is set. */
export const $authData = persistentAtom<AuthData>(AUTH_DATA_KEY, emptyAuthData(), {
  encode: JSON.stringify,
  decode: decodeAuthData,
});

/** The platform this page works for (spec §1: web by default). */
export const $platform = atom<Platform>('web');

/** The current platform's record. */
export const $authRecord = computed([$authData, $platform], (data, platform) => data[platform]);

/** The current platform's session params, or undefined when the visitor has none. */
export const $credentials = computed($authRecord, credentialsOf);

/** Stores a platform's record; an equal record (spec §3 rule) with the same clientId is not written again. */
export function setAuthRecord(record: AuthRecord, platform: Platform = $platform.get()): void {
  const data = $authData.get();
  const current = data[platform];
  if (sameAuth(current, record) && current.clientId === record.clientId) return;
  $authData.set({ ...data, [platform]: { ...record } });
}

/** Resets a platform's record to the empty one (logout, or a session the server no longer knows). */
export function clearAuthRecord(platform: Platform = $platform.get()): void {
  if (sameAuth($authData.get()[platform], EMPTY_AUTH_RECORD) && $authData.get()[platform].clientId === '') return;
  $authData.set({ ...$authData.get(), [platform]: { ...EMPTY_AUTH_RECORD } });
}

/** The current platform's session params; without them, the 401 a refused session gets (callers treat both alike). */
export function requireCredentials(): Credentials {
  const credentials = $credentials.get();
  if (credentials === undefined) throw new ApiReplyError(401, 'Сессия истекла, войдите снова');
  return credentials;
}
