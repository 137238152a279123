import { describe, expect, it } from 'vitest';
import { HEADER_ACCOUNT_SCRIPT } from '../../../src/islands/header/headerAccountScript.ts';
import { maskEmail } from '../../../src/lib/email.ts';
import { signedInCookies } from '../../../src/lib/accountCookies.ts';

/** A stand-in for the few DOM parts the header's inline script touches. */
function fakePage(cookie: string, profile: string | null) {
  const label = { textContent: 'Войти' };
  const email = { textContent: '', hidden: true };
  const link = {
    href: '/auth/',
    attributes: {} as Record<string, string>,
    querySelector: (selector: string) => (selector === '[data-account-label]' ? label : selector === '[data-account-email]' ? email : null),
    setAttribute(name: string, value: string) {
      this.attributes[name] = value;
    },
  };
  const signOut = [{ hidden: true }, { hidden: true }];
  const doc = {
    cookie,
    defaultView: { localStorage: { getItem: (key: string) => (key === 'profile' ? profile : null) } },
    querySelectorAll: (selector: string) => (selector === '[data-account-link]' ? [link] : selector === '[data-sign-out]' ? signOut : []),
  };
  // The script's own text, as the page runs it (the page passes `document`).
  new Function('document', HEADER_ACCOUNT_SCRIPT)(doc);
  return { link, label, email, signOut };
}

/** The cookie string a browser shows after the given Set-Cookie strings. */
const cookieOf = (cookies: readonly string[]) => cookies.map((c) => c.split(';')[0]).join('; ');

describe('the header’s account, read before the first paint (issue 24 item 7)', () => {
  it('a guest keeps «Войти» and no «Выйти»', () => {
    const page = fakePage('isMobileAppBanner=false', null);
    expect(page.link.href).toBe('/auth/');
    expect(page.label.textContent).toBe('Войти');
    expect(page.signOut.every((b) => b.hidden)).toBe(true);
  });

  it('a signed-in driver sees «Профиль» with the masked e-mail, and «Выйти»', () => {
    const page = fakePage(cookieOf(signedInCookies(false)), JSON.stringify({ email: 'ivanov@mail.ru' }));
    expect(page.link.href).toBe('/profile/');
    expect(page.label.textContent).toBe('Профиль');
    expect(page.email).toEqual({ textContent: maskEmail('ivanov@mail.ru'), hidden: false });
    // The name holds the visible text as it reads (axe: label-content-name-mismatch), on phones too where the e-mail is not shown.
    expect(page.link.attributes['aria-label']).toBe('Профиль iv***@mail.ru');
    expect(page.signOut.every((b) => !b.hidden)).toBe(true);
  });

  it('a legal entity is sent to its cabinet', () => {
    const page = fakePage(`a=1; ${cookieOf(signedInCookies(true))}`, JSON.stringify({ email: 'buh@firma.ru' }));
    expect(page.link.href).toBe('/organization/');
    expect(page.label.textContent).toBe('Кабинет');
  });

  it.each(['ab@x.ru', 'a@x.ru', 'ivan.petrov@yandex.ru'])('masks %s as maskEmail does', (address) => {
    expect(fakePage('session-logged=1', JSON.stringify({ email: address })).email.textContent).toBe(maskEmail(address));
  });

  it.each([null, 'not json', '{"email":42}', '{"email":"no-at-sign"}'])('without a readable e-mail (%s) shows «Профиль» alone', (profile) => {
    const page = fakePage('session-logged=1', profile);
    expect(page.label.textContent).toBe('Профиль');
    expect(page.email.hidden).toBe(true);
    expect(page.link.attributes['aria-label']).toBeUndefined();
  });
});
