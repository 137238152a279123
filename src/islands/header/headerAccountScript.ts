// The site header is static HTML, but after sign-in it must show the account, not «Войти» (issue 24
// item 7), with no visible jump: so this script runs inline, right after the header's markup, before
// the first paint. It is plain JavaScript in a string because an inline script needs its exact text
// hashed into the Content-Security-Policy (astro.config.mjs, scriptDirective.hashes): the text built
// here is the text hashed there. tests/unit/site/headerAccount.test.ts runs it against a fake page.

/**
 * Reads the spec's session-logged and isLegalEntity cookies (src/lib/accountCookies.ts) and the account
 * kept in local storage under `profile` (src/stores/auth/accountState.ts); for a signed-in visitor,
 * points the header's account link at the profile (or the organization's cabinet), names it, adds the
 * masked e-mail as src/lib/email.ts maskEmail writes it ('iv***@mail.ru'), and shows «Выйти».
 */
export const HEADER_ACCOUNT_SCRIPT = `(function (doc) {
  var cookies = doc.cookie.split(/;\\s*/);
  if (cookies.indexOf('session-logged=1') < 0) return;
  var legal = cookies.indexOf('isLegalEntity=1') >= 0;
  var email = '';
  try {
    var profile = JSON.parse(doc.defaultView.localStorage.getItem('profile') || 'null');
    if (profile && typeof profile.email === 'string') email = profile.email;
  } catch (e) {}
  var at = email.lastIndexOf('@');
  var masked = at < 1 ? '' : email.slice(0, at <= 2 ? 1 : 2) + '***' + email.slice(at);
  var label = legal ? 'Кабинет' : 'Профиль';
  doc.querySelectorAll('[data-account-link]').forEach(function (link) {
    link.href = legal ? '/organization/' : '/profile/';
    var name = link.querySelector('[data-account-label]');
    if (name) name.textContent = label;
    var shown = link.querySelector('[data-account-email]');
    if (shown && masked) {
      shown.textContent = masked;
      shown.hidden = false;
      link.setAttribute('aria-label', label + ' ' + masked);
    }
  });
  doc.querySelectorAll('[data-sign-out]').forEach(function (button) { button.hidden = false; });
})(document);`;
