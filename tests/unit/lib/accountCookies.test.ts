import { describe, expect, it } from 'vitest';
import { LEGAL_ENTITY_COOKIE, SESSION_LOGGED_COOKIE, safeBackPath, signedInCookies, signedOutCookies } from '../../../src/lib/accountCookies.ts';

describe('safeBackPath: only a same-site path that is not the sign-in pages', () => {
  it.each<[string, string | null | undefined, string | undefined]>([
    ['the profile', '/profile/', '/profile/'],
    ['a path with a query and a hash', '/fines/?tab=inn#list', '/fines/?tab=inn#list'],
    ['the home page', '/', '/'],
    ['a Cyrillic path', '/штрафы/', '/штрафы/'],
    ['missing (null)', null, undefined],
    ['missing (undefined)', undefined, undefined],
    ['empty', '', undefined],
    ['relative', 'profile/', undefined],
    ['protocol-relative to another host', '//evil.com', undefined],
    ['protocol-relative with a path', '//evil.com/profile/', undefined],
    ['an absolute address', 'https://x', undefined],
    ['a script', 'javascript:alert(1)', undefined],
    ['a backslash the browser reads as a slash', '/\\evil.com', undefined],
    ['a backslash further on', '/profile\\..\\', undefined],
    ['the sign-in page', '/auth/', undefined],
    ['the sign-in page with a query', '/auth/?mode=register', undefined],
    ['a reset link', '/reset/abc/', undefined],
    ['a tab that browsers drop ("/\\t/evil.com")', '/\t/evil.com', undefined],
    ['a new line', '/profile/\n', undefined],
    ['a NUL', '/pro\u0000file/', undefined],
  ])('%s: %j → %j', (_name, value, expected) => {
    expect(safeBackPath(value)).toBe(expected);
  });
});

describe('account cookies (spec §3, §4 Logout)', () => {
  const attributes = (cookie: string) => cookie.split('; ').slice(1);
  const name = (cookie: string) => cookie.slice(0, cookie.indexOf('='));

  it('sets only session-logged for a person, for 30 days on the whole site', () => {
    const cookies = signedInCookies(false);
    expect(cookies).toHaveLength(1);
    expect(cookies[0]?.startsWith(`${SESSION_LOGGED_COOKIE}=1;`)).toBe(true);
    expect(attributes(cookies[0] ?? '')).toEqual(['max-age=2592000', 'path=/', 'samesite=lax']);
  });

  it('adds isLegalEntity for a legal entity, with the same lifetime and path', () => {
    const cookies = signedInCookies(true);
    expect(cookies.map(name)).toEqual([SESSION_LOGGED_COOKIE, LEGAL_ENTITY_COOKIE]);
    expect(cookies[1]).toBe(`${LEGAL_ENTITY_COOKIE}=1; max-age=2592000; path=/; samesite=lax`);
  });

  it('deletes both cookies on sign-out, on the path they were set on', () => {
    expect(signedOutCookies()).toEqual([
      'session-logged=; max-age=0; path=/; samesite=lax',
      'isLegalEntity=; max-age=0; path=/; samesite=lax',
    ]);
  });
});
