/** Spec §3 cookie set while a signed-in account uses the site (lets static pages show "Профиль" at once). */
export const SESSION_LOGGED_COOKIE = 'session-logged';
/** Spec §3 cookie of a legal entity's session. */
export const LEGAL_ENTITY_COOKIE = 'isLegalEntity';

/** Cookie strings written on sign-in: session-logged always, isLegalEntity for a legal entity (30 days, the session's own lifetime). */
export function signedInCookies(isLegalEntity: boolean): string[] {
  const attributes = `max-age=${30 * 24 * 3600}; path=/; samesite=lax`;
  return [`${SESSION_LOGGED_COOKIE}=1; ${attributes}`, ...(isLegalEntity ? [`${LEGAL_ENTITY_COOKIE}=1; ${attributes}`] : [])];
}

/** Cookie strings that delete both (spec §4 Logout; the default path is '/'). */
export function signedOutCookies(): string[] {
  return [SESSION_LOGGED_COOKIE, LEGAL_ENTITY_COOKIE].map((name) => `${name}=; max-age=0; path=/; samesite=lax`);
}

/** A same-site path to return to after signing in ('/profile/'), or undefined for anything else (another host, '//x', a script). */
export function safeBackPath(value: string | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\') || /[\u0000-\u001f]/.test(value)) return undefined;
  if (value.startsWith('/auth/') || value.startsWith('/reset/')) return undefined;
  return value;
}
