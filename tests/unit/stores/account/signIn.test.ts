import { useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_VERSION } from '../../../../src/lib/consent.ts';
import { USER_MESSAGES } from '../../../../src/api/userMessage.ts';
import { VALIDATION_MESSAGES } from '../../../../src/lib/validationMessages.ts';
import { $authData } from '../../../../src/stores/authData.ts';
import { $account, $accountStatus } from '../../../../src/stores/auth/account.ts';
import {
  $signIn,
  acceptDeviceData,
  chooseView,
  declineDeviceData,
  openAuthPage,
  openMailedLink,
  requestLink,
  skipFirstPassword,
  submitFirstPassword,
  submitLogin,
  submitRegistration,
} from '../../../../src/stores/auth/signIn.ts';
import type { AuthView } from '../../../../src/stores/auth/signIn.ts';
import { USER, fail, fakeApi, ok } from '../fakeApi.ts';
import type { Handler } from '../fakeApi.ts';
import { NEW_SESSION, SESSION_RECORD, TOKEN, accountReply, formOf, resetAccountStores, signedIn } from './fixtures.ts';

const EXPIRED = 'Сессия истекла, войдите снова';

beforeAll(() => useTestStorageEngine());
beforeEach(() => resetAccountStores());
afterEach(() => resetAccountStores());

/** A handler that answers only when released. */
function held(answer: ReturnType<Handler>) {
  let release: () => void = () => {};
  const handler: Handler = () => new Promise((resolve) => (release = () => resolve(answer)));
  return { handler, release: () => release() };
}

describe('openAuthPage: what the address asks for', () => {
  it.each<[string, string, AuthView['kind']]>([
    ['no query', '', 'login'],
    ['mode=register', '?mode=register', 'register'],
    ['mode=link', '?mode=link', 'link'],
    ['mode=reset', '?mode=reset', 'reset'],
    ['an unknown mode', '?mode=admin', 'login'],
    ['without the question mark', 'mode=register', 'register'],
  ])('%s → the %s form', (_name, search, kind) => {
    openAuthPage(search);
    expect($signIn.get().view).toEqual({ kind });
  });

  // Without a safe ?back= the account's own home is chosen once it is known (see 'destination' below).
  it.each<[string, string | undefined]>([
    ['', undefined],
    ['?back=%2Ffines%2F%3Ftab%3Dinn', '/fines/?tab=inn'],
    ['?back=/fines/', '/fines/'],
    ['?back=%2F%2Fevil.com', undefined],
    ['?back=https%3A%2F%2Fevil.com%2F', undefined],
    ['?back=%2F%5Cevil.com', undefined],
    ['?back=%2Fauth%2F%3Fmode%3Dregister', undefined],
    ['?back=javascript%3Aalert(1)', undefined],
  ])('back from %j is %j', (search, back) => {
    openAuthPage(search);
    expect($signIn.get().back).toBe(back);
  });

  it.each<[string, string | undefined]>([
    ['', undefined],
    ['?mode=login', undefined],
    [`?token=${TOKEN}`, TOKEN],
    [`?token=${TOKEN}&back=%2Ffines%2F`, TOKEN],
    ['?token=short', ''],
    [`?token=${TOKEN}x`, ''],
    [`?token=${TOKEN.slice(1)}%2B`, ''],
    ['?token=', ''],
  ])('token from %j → %j', (search, token) => {
    expect(openAuthPage(search)).toEqual({ token });
  });

  it('shows the expired-session note only for expired=1, and starts from a clean form', () => {
    $signIn.set({ ...$signIn.get(), busy: true, error: 'старое', fields: { email: 'старое' } });
    openAuthPage('?expired=1');
    expect($signIn.get()).toMatchObject({ error: EXPIRED, busy: false, fields: {} });
    openAuthPage('?expired=0');
    expect($signIn.get().error).toBe('');
  });

  it('chooseView switches the form and drops the messages of the last one', () => {
    $signIn.set({ ...$signIn.get(), error: 'Неверный e-mail или пароль', fields: { password: 'Введите пароль' } });
    chooseView('register');
    expect($signIn.get()).toMatchObject({ view: { kind: 'register' }, error: '', fields: {} });
  });
});

describe('submitLogin', () => {
  it.each<[string, string, string, Record<string, string>]>([
    ['no e-mail', '', 'secret123', { email: 'Укажите e-mail' }],
    ['a blank e-mail', '   ', 'secret123', { email: 'Укажите e-mail' }],
    ['a wrong e-mail', 'ivan@', 'secret123', { email: VALIDATION_MESSAGES.email }],
    ['no password', 'ivan@mail.ru', '', { password: 'Введите пароль' }],
    ['nothing', '', '', { email: 'Укажите e-mail', password: 'Введите пароль' }],
  ])('%s: field messages and no request', async (_name, email, password, fields) => {
    const api = fakeApi({});
    await submitLogin(email, password);
    expect($signIn.get().fields).toEqual(fields);
    expect(api.calls).toHaveLength(0);
  });

  it("signs in with the device's credentials (its documents join the account) and goes back", async () => {
    signedIn();
    openAuthPage('?back=%2Ffines%2F');
    const api = fakeApi({ 'POST /105/api/login': () => ok(NEW_SESSION), 'GET /105/api/user': () => ok(accountReply()) });
    await submitLogin('  ivan@mail.ru ', 'secret123');
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /105/api/login', 'GET /105/api/user']);
    expect(formOf(api.calls[0]?.body ?? '')).toEqual({ _username: 'ivan@mail.ru', _password: 'secret123' });
    expect(api.calls[0]?.headers.get('X-Session')).toBe(USER.session);
    expect(api.calls[1]?.headers.get('X-Session')).toBe(NEW_SESSION.session);
    expect($authData.get().web).toMatchObject({ clientId: SESSION_RECORD.clientId, session: NEW_SESSION.session });
    expect($accountStatus.get()).toBe('signedIn');
    expect($signIn.get()).toMatchObject({ view: { kind: 'done', next: '/fines/' }, busy: false, error: '', fields: {} });
  });

  it('sends a legal entity without ?back= to its cabinet', async () => {
    fakeApi({ 'POST /105/api/login': () => ok(NEW_SESSION), 'GET /105/api/user': () => ok(accountReply({ userType: 3 })) });
    openAuthPage('');
    await submitLogin('fleet@mail.ru', 'secret123');
    expect($signIn.get().view).toEqual({ kind: 'done', next: '/organization/' });
  });

  it('signs in on a device without any session, sending no credentials', async () => {
    const api = fakeApi({ 'POST /105/api/login': () => ok(NEW_SESSION), 'GET /105/api/user': () => ok(accountReply()) });
    await submitLogin('ivan@mail.ru', 'secret123');
    expect(api.calls[0]?.headers.get('X-Session')).toBeNull();
    expect($signIn.get().view).toEqual({ kind: 'done', next: '/profile/' });
  });

  it.each<[string, Handler, string]>([
    ['a wrong pair', () => fail(401, 'Неверный e-mail или пароль'), 'Неверный e-mail или пароль'],
    ['too many attempts', () => fail(429, 'Слишком много попыток. Попробуйте через 5 минут'), 'Слишком много попыток. Попробуйте через 5 минут'],
    ['a server failure', () => fail(500, 'stack trace'), USER_MESSAGES.server],
    [
      'no connection',
      () => {
        throw new TypeError('offline');
      },
      USER_MESSAGES.network,
    ],
    ['a reply of another shape', () => ok({ userId: 'x' }), USER_MESSAGES.unexpected],
  ])('%s: one message for the form, no field messages, still on the form, nothing stored', async (_name, handler, message) => {
    signedIn();
    const api = fakeApi({ 'POST /105/api/login': handler });
    await submitLogin('ivan@mail.ru', 'secret123');
    expect($signIn.get()).toMatchObject({ view: { kind: 'login' }, busy: false, error: message, fields: {} });
    expect(api.calls).toHaveLength(1);
    expect($authData.get().web).toEqual(SESSION_RECORD);
    expect($account.get().isWebUser).toBe(false);
  });

  it('clears the last failure when trying again', async () => {
    fakeApi({ 'POST /105/api/login': [() => fail(401, 'Неверный e-mail или пароль'), () => ok(NEW_SESSION)], 'GET /105/api/user': () => ok(accountReply()) });
    await submitLogin('ivan@mail.ru', 'wrong-one');
    expect($signIn.get().error).toBe('Неверный e-mail или пароль');
    await submitLogin('ivan@mail.ru', 'secret123');
    expect($signIn.get()).toMatchObject({ error: '', view: { kind: 'done' } });
  });
});

describe('busy guard: a second submit while one runs does nothing', () => {
  it.each<[string, string, () => Promise<void>, ReturnType<Handler>]>([
    ['login', 'POST /105/api/login', () => submitLogin('ivan@mail.ru', 'secret123'), ok(NEW_SESSION)],
    ['registration', 'POST /105/api/user/register', () => submitRegistration('ivan@mail.ru', false, true), ok({ userId: 41, email: 'ivan@mail.ru' })],
    ['link request', 'POST /105/api/fos/send/auth', () => requestLink('ivan@mail.ru', 'login'), ok({ sent: true })],
    ['first password', 'POST /105/api/password/change', () => submitFirstPassword('new-secret-1', 'new-secret-1', 'ivan@mail.ru'), ok({ changed: true, revokedSessions: 0 })],
  ])('%s', async (_name, route, submit, answer) => {
    signedIn();
    const { handler, release } = held(answer);
    const api = fakeApi({ [route]: handler, 'GET /105/api/user': () => ok(accountReply()) });
    const first = submit();
    expect($signIn.get().busy).toBe(true);
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));
    await submit();
    expect(api.calls.filter((c) => `${c.method} ${c.path}` === route)).toHaveLength(1);
    expect($signIn.get().busy).toBe(true);
    release();
    await first;
    expect($signIn.get()).toMatchObject({ busy: false, error: '' });
    expect(api.calls.filter((c) => `${c.method} ${c.path}` === route)).toHaveLength(1);
  });
});

describe('submitRegistration (spec §7 register)', () => {
  it.each<[string, string, boolean, Record<string, string>]>([
    ['no consent', 'ivan@mail.ru', false, { consent: 'Нужно ваше согласие на обработку персональных данных' }],
    ['no e-mail', '', true, { email: 'Укажите e-mail' }],
    ['neither', 'not-an-address', false, { email: VALIDATION_MESSAGES.email, consent: 'Нужно ваше согласие на обработку персональных данных' }],
  ])('%s: field messages and no request', async (_name, email, consent, fields) => {
    signedIn();
    const api = fakeApi({});
    await submitRegistration(email, true, consent);
    expect($signIn.get().fields).toEqual(fields);
    expect(api.calls).toHaveLength(0);
  });

  it.each<[boolean, string]>([
    [true, '1'],
    [false, '0'],
  ])('isLegalEntity %s is sent as %s, with the current credentials; then the sent view', async (isLegalEntity, flag) => {
    signedIn();
    const api = fakeApi({ 'POST /105/api/user/register': () => ok({ userId: 41, email: 'ivan@mail.ru' }) });
    await submitRegistration(' Ivan@Mail.ru ', isLegalEntity, true);
    expect(formOf(api.calls[0]?.body ?? '')).toEqual({ email: 'Ivan@Mail.ru', isLegalEntity: flag, consentVersion: CONSENT_VERSION });
    expect(api.calls[0]?.headers.get('X-Session')).toBe(USER.session);
    expect($signIn.get()).toMatchObject({ view: { kind: 'sent', purpose: 'register', email: 'ivan@mail.ru' }, busy: false, error: '' });
  });

  it('registers an anonymous user first when the visitor has none', async () => {
    const api = fakeApi({
      'GET /105/api/client': () => ok({ clientId: '0f8fad5b-d9cb-469f-a165-70867728950e' }),
      'POST /105/api/newuser': () => ok(USER),
      'POST /105/api/user/register': () => ok({ userId: 41, email: 'ivan@mail.ru' }),
    });
    await submitRegistration('ivan@mail.ru', false, true);
    expect(api.calls.map((c) => c.path)).toEqual(['/105/api/client', '/105/api/newuser', '/105/api/user/register']);
    expect(api.calls[2]?.headers.get('X-User-Id')).toBe('41');
    expect($signIn.get().view).toMatchObject({ kind: 'sent', purpose: 'register' });
  });

  it("shows the server's message and stays on the form", async () => {
    signedIn();
    openAuthPage('?mode=register');
    fakeApi({ 'POST /105/api/user/register': () => fail(429, 'Слишком много запросов, попробуйте позже') });
    await submitRegistration('ivan@mail.ru', false, true);
    expect($signIn.get()).toMatchObject({ view: { kind: 'register' }, error: 'Слишком много запросов, попробуйте позже', busy: false });
  });
});

describe('requestLink', () => {
  it.each<['login' | 'reset', 'link' | 'reset']>([
    ['login', 'link'],
    ['reset', 'reset'],
  ])('%s: asks for the mail without credentials and shows where it went', async (type, purpose) => {
    signedIn();
    const api = fakeApi({ 'POST /105/api/fos/send/auth': () => ok({ sent: true }) });
    await requestLink(' Ivan@Mail.RU ', type);
    expect(formOf(api.calls[0]?.body ?? '')).toEqual({ email: 'Ivan@Mail.RU', type });
    expect(api.calls[0]?.headers.get('X-Session')).toBeNull();
    expect($signIn.get()).toMatchObject({ view: { kind: 'sent', purpose, email: 'ivan@mail.ru' }, busy: false, error: '' });
  });

  it('checks the address first', async () => {
    const api = fakeApi({});
    await requestLink('ivan', 'reset');
    expect($signIn.get().fields).toEqual({ email: VALIDATION_MESSAGES.email });
    expect(api.calls).toHaveLength(0);
  });

  it('words a failure and stays on the form', async () => {
    openAuthPage('?mode=link');
    fakeApi({ 'POST /105/api/fos/send/auth': () => fail(429, 'Письмо уже отправлено, подождите минуту') });
    await requestLink('ivan@mail.ru', 'login');
    expect($signIn.get()).toMatchObject({ view: { kind: 'link' }, error: 'Письмо уже отправлено, подождите минуту' });
  });
});

describe('openMailedLink', () => {
  it('says a malformed link is broken, without asking the server', async () => {
    const api = fakeApi({});
    const { token } = openAuthPage('?token=broken');
    await openMailedLink(token ?? 'unexpected');
    expect($signIn.get().view).toEqual({ kind: 'linkFailed', message: 'Ссылка повреждена. Запросите новую ссылку для входа' });
    expect(api.calls).toHaveLength(0);
  });

  it('signs in by the token (opening state meanwhile) and goes back when the account has a password', async () => {
    signedIn();
    openAuthPage(`?token=${TOKEN}&back=%2Ffines%2F`);
    const { handler, release } = held(ok(NEW_SESSION));
    const api = fakeApi({ 'POST /105/api/login': handler, 'GET /105/api/user': () => ok(accountReply({ hasPassword: true })) });
    const done = openMailedLink(TOKEN);
    expect($signIn.get()).toMatchObject({ view: { kind: 'openingLink' }, busy: true });
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));
    release();
    await done;
    expect(formOf(api.calls[0]?.body ?? '')).toEqual({ _token: TOKEN });
    expect(api.calls[0]?.headers.get('X-Session')).toBe(USER.session);
    expect($authData.get().web.session).toBe(NEW_SESSION.session);
    expect($signIn.get()).toMatchObject({ view: { kind: 'done', next: '/fines/' }, busy: false, error: '' });
  });

  it('asks an account without a password to set one', async () => {
    fakeApi({ 'POST /105/api/login': () => ok(NEW_SESSION), 'GET /105/api/user': () => ok(accountReply({ hasPassword: false })) });
    await openMailedLink(TOKEN);
    expect($signIn.get().view).toEqual({ kind: 'setPassword' });
    expect($accountStatus.get()).toBe('signedIn');
  });

  const offer = { documents: 2, payments: 1, searches: 0, mergeToken: 'M'.repeat(43) };

  it("asks before this device's data joins the account, and moves it only when the person agrees", async () => {
    signedIn();
    const api = fakeApi({
      'POST /105/api/login': () => ok({ ...NEW_SESSION, deviceData: offer }),
      'GET /105/api/user': () => ok(accountReply({ hasPassword: false })),
      'POST /105/api/user/merge': () => ok({ merged: true }),
    });
    await openMailedLink(TOKEN);
    expect($signIn.get().view).toEqual({ kind: 'offerMerge', offer, then: 'setPassword' });
    expect(api.calls.map((call) => call.path)).not.toContain('/105/api/user/merge');
    await acceptDeviceData();
    const merge = api.calls.find((call) => call.path === '/105/api/user/merge');
    expect(formOf(merge?.body ?? '')).toEqual({ mergeToken: offer.mergeToken });
    expect(merge?.headers.get('X-Session')).toBe(NEW_SESSION.session);
    expect($signIn.get().view).toEqual({ kind: 'setPassword' });
  });

  it('declining leaves the data where it is and goes on', async () => {
    const api = fakeApi({ 'POST /105/api/login': () => ok({ ...NEW_SESSION, deviceData: offer }), 'GET /105/api/user': () => ok(accountReply({ hasPassword: true })) });
    await openMailedLink(TOKEN);
    declineDeviceData();
    expect($signIn.get().view).toEqual({ kind: 'done', next: '/profile/' });
    expect(api.calls.some((call) => call.path.endsWith('/merge'))).toBe(false);
  });

  it.each([
    [410, 'Ссылка уже использована или устарела. Запросите новую'],
    [429, 'Слишком много попыток, попробуйте позже'],
  ])("a refused link (%i) fails with the server's text, once, not as a form error", async (status, text) => {
    signedIn();
    fakeApi({ 'POST /105/api/login': () => fail(status, text) });
    await openMailedLink(TOKEN);
    expect($signIn.get()).toMatchObject({ view: { kind: 'linkFailed', message: text }, error: '', busy: false });
    expect($authData.get().web).toEqual(SESSION_RECORD);
  });

  it('a lost connection fails with the network message', async () => {
    fakeApi({
      'POST /105/api/login': () => {
        throw new TypeError('offline');
      },
    });
    await openMailedLink(TOKEN);
    expect($signIn.get().view).toEqual({ kind: 'linkFailed', message: USER_MESSAGES.network });
  });
});

describe('submitFirstPassword', () => {
  it.each<[string, string, string, Record<string, string>]>([
    ['too short', 'short', 'short', { password: 'Пароль должен быть не короче 8 символов' }],
    ['the e-mail', 'Ivan@mail.ru', 'Ivan@mail.ru', { password: 'Пароль не должен совпадать с e-mail' }],
    ['only spaces', '          ', '          ', { password: 'Пароль не может состоять из одних пробелов' }],
    ['a mismatch', 'new-secret-1', 'new-secret-2', { confirm: 'Пароли не совпадают' }],
    ['both', 'short', 'other', { password: 'Пароль должен быть не короче 8 символов', confirm: 'Пароли не совпадают' }],
  ])('%s: field messages and no request', async (_name, password, confirm, fields) => {
    signedIn({});
    const api = fakeApi({});
    await submitFirstPassword(password, confirm, 'ivan@mail.ru');
    expect($signIn.get().fields).toEqual(fields);
    expect(api.calls).toHaveLength(0);
  });

  it('sets the password without an old one and goes back', async () => {
    signedIn({ hasPassword: false });
    openAuthPage('?back=%2Ffines%2F');
    const api = fakeApi({ 'POST /105/api/password/change': () => ok({ changed: true, revokedSessions: 0 }) });
    await submitFirstPassword('new-secret-1', 'new-secret-1', 'ivan@mail.ru');
    expect(formOf(api.calls[0]?.body ?? '')).toEqual({ newPass: 'new-secret-1', confirmPass: 'new-secret-1' });
    expect(api.calls[0]?.headers.get('X-Session')).toBe(USER.session);
    expect($signIn.get()).toMatchObject({ view: { kind: 'done', next: '/fines/' }, fields: {}, error: '' });
  });

  it('without a session says it expired, without a request', async () => {
    const api = fakeApi({});
    await submitFirstPassword('new-secret-1', 'new-secret-1', 'ivan@mail.ru');
    expect($signIn.get().error).toBe(EXPIRED);
    expect(api.calls).toHaveLength(0);
  });

  it("shows the server's refusal", async () => {
    signedIn({ hasPassword: false });
    $signIn.setKey('view', { kind: 'setPassword' });
    fakeApi({ 'POST /105/api/password/change': () => fail(400, 'Пароль не должен совпадать с e-mail') });
    await submitFirstPassword('new-secret-1', 'new-secret-1', '');
    expect($signIn.get()).toMatchObject({ view: { kind: 'setPassword' }, error: 'Пароль не должен совпадать с e-mail' });
  });

  it('can be skipped for now', () => {
    openAuthPage('?back=%2Ffines%2F');
    skipFirstPassword();
    expect($signIn.get().view).toEqual({ kind: 'done', next: '/fines/' });
  });
});
