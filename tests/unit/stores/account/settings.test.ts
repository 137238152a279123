import { useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_MESSAGES } from '../../../../src/api/userMessage.ts';
import { VALIDATION_MESSAGES } from '../../../../src/lib/validationMessages.ts';
import { $account } from '../../../../src/stores/auth/account.ts';
import { $notices } from '../../../../src/stores/notices.ts';
import { $settings, SAVE_BUSY_MESSAGE, loadSettings, setNotifications, submitNewEmail, submitPasswordChange } from '../../../../src/stores/profile/settings.ts';
import { USER, fail, fakeApi, ok } from '../fakeApi.ts';
import { formOf, resetAccountStores, signedIn } from './fixtures.ts';

const EXPIRED = 'Сессия истекла, войдите снова';
const notices = () => $notices.get().map((n) => [n.kind, n.message]);
const emailReply = (patch: Record<string, unknown> = {}) => ({ email: 'ivan@mail.ru', doNotify: 1, pendingEmail: null, ...patch });

beforeAll(() => useTestStorageEngine());
beforeEach(() => resetAccountStores());
afterEach(() => resetAccountStores());

describe('loadSettings', () => {
  it('loads the address and the notification choice, and tells the account', async () => {
    signedIn({ doNotify: true });
    const api = fakeApi({ 'GET /105/api/email': () => ok(emailReply({ doNotify: 0, pendingEmail: 'new@mail.ru' })) });
    await expect(loadSettings()).resolves.toBeUndefined();
    expect(api.calls[0]?.headers.get('X-Session')).toBe(USER.session);
    expect($settings.get()).toEqual({ email: 'ivan@mail.ru', pendingEmail: 'new@mail.ru', doNotify: false, loaded: true, saving: '' });
    expect($account.get().doNotify).toBe(false);
  });

  it('an account without an address yet shows an empty one', async () => {
    signedIn({});
    fakeApi({ 'GET /105/api/email': () => ok(emailReply({ email: null })) });
    await loadSettings();
    expect($settings.get()).toMatchObject({ email: '', pendingEmail: '', loaded: true });
  });

  it('a refused session marks it expired and says so', async () => {
    signedIn({});
    fakeApi({ 'GET /105/api/email': () => fail(401, EXPIRED) });
    await expect(loadSettings()).resolves.toBe(EXPIRED);
    expect($account.get().sessionExpired).toBe(true);
    expect($settings.get().loaded).toBe(false);
  });

  it('without a session asks nothing', async () => {
    const api = fakeApi({});
    await expect(loadSettings()).resolves.toBe(EXPIRED);
    expect(api.calls).toHaveLength(0);
  });
});

describe('setNotifications (spec §3 doNotify)', () => {
  it.each<[boolean, string, string]>([
    [true, '1', 'Будем сообщать о новых штрафах на e-mail'],
    [false, '0', 'Уведомления о новых штрафах выключены'],
  ])('%s is sent as doNotify=%s and applied from the answer', async (on, flag, message) => {
    signedIn({ doNotify: !on });
    const api = fakeApi({ 'POST /105/api/email/notify': () => ok(emailReply({ doNotify: Number(flag) })) });
    await expect(setNotifications(on)).resolves.toBeUndefined();
    expect(formOf(api.calls[0]?.body ?? '')).toEqual({ doNotify: flag });
    expect($settings.get()).toMatchObject({ doNotify: on, saving: '' });
    expect($account.get().doNotify).toBe(on);
    expect(notices()).toEqual([['success', message]]);
  });

  it('is "saving notify" while it runs', async () => {
    signedIn({});
    let release: () => void = () => {};
    const api = fakeApi({ 'POST /105/api/email/notify': () => new Promise((resolve) => (release = () => resolve(ok(emailReply())))) });
    const saving = setNotifications(true);
    expect($settings.get().saving).toBe('notify');
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));
    expect($settings.get().saving).toBe('notify');
    release();
    await saving;
    expect($settings.get().saving).toBe('');
  });

  it('a failure keeps the old choice and says why', async () => {
    signedIn({});
    $settings.set({ ...$settings.get(), doNotify: true, loaded: true });
    fakeApi({ 'POST /105/api/email/notify': () => fail(500, 'x') });
    await expect(setNotifications(false)).resolves.toBe(USER_MESSAGES.server);
    expect($settings.get()).toMatchObject({ doNotify: true, saving: '' });
    expect(notices()).toEqual([]);
  });
});

describe('submitNewEmail', () => {
  it.each<[string, string]>([
    ['', 'Укажите новый e-mail'],
    ['   ', 'Укажите новый e-mail'],
    ['new@', VALIDATION_MESSAGES.email],
    ['new mail@mail.ru', VALIDATION_MESSAGES.email],
  ])('%j is refused with %j and not sent', async (email, message) => {
    signedIn({});
    const api = fakeApi({});
    await expect(submitNewEmail(email)).resolves.toBe(message);
    expect(api.calls).toHaveLength(0);
  });

  it('sends the trimmed address and shows it as waiting for confirmation', async () => {
    signedIn({});
    const api = fakeApi({ 'POST /105/api/email/edit': () => ok(emailReply({ pendingEmail: 'new@mail.ru' })) });
    await expect(submitNewEmail('  New@Mail.ru ')).resolves.toBeUndefined();
    expect(formOf(api.calls[0]?.body ?? '')).toEqual({ email: 'New@Mail.ru' });
    expect($settings.get()).toMatchObject({ email: 'ivan@mail.ru', pendingEmail: 'new@mail.ru', saving: '' });
    expect(notices()).toEqual([['info', 'Мы отправили ссылку на new@mail.ru. Адрес сменится, когда вы её откроете']]);
  });

  it("returns the server's refusal (address taken) and keeps the settings", async () => {
    signedIn({});
    $settings.set({ ...$settings.get(), email: 'ivan@mail.ru', loaded: true });
    fakeApi({ 'POST /105/api/email/edit': () => fail(409, 'Этот e-mail уже занят') });
    await expect(submitNewEmail('taken@mail.ru')).resolves.toBe('Этот e-mail уже занят');
    expect($settings.get()).toMatchObject({ email: 'ivan@mail.ru', pendingEmail: '' });
  });

  it('a refused session marks it expired', async () => {
    signedIn({});
    fakeApi({ 'POST /105/api/email/edit': () => fail(401, EXPIRED) });
    await expect(submitNewEmail('new@mail.ru')).resolves.toBe(EXPIRED);
    expect($account.get().sessionExpired).toBe(true);
  });
});

describe('submitPasswordChange', () => {
  it.each<[string, boolean, { oldPass: string; newPass: string; confirmPass: string }, string]>([
    ['no current password when the account has one', true, { oldPass: '', newPass: 'new-secret-1', confirmPass: 'new-secret-1' }, 'Введите текущий пароль'],
    ['a short new password', true, { oldPass: 'old-secret', newPass: 'short', confirmPass: 'short' }, 'Пароль должен быть не короче 8 символов'],
    ['the e-mail as the password', false, { oldPass: '', newPass: 'IVAN@mail.ru', confirmPass: 'IVAN@mail.ru' }, 'Пароль не должен совпадать с e-mail'],
    ['a long new password', false, { oldPass: '', newPass: 'x'.repeat(129), confirmPass: 'x'.repeat(129) }, 'Пароль должен быть не длиннее 128 символов'],
    ['a mismatch', true, { oldPass: 'old-secret', newPass: 'new-secret-1', confirmPass: 'new-secret-2' }, 'Пароли не совпадают'],
  ])('%s is refused without a request', async (_name, hasPassword, change, message) => {
    signedIn({ hasPassword, email: 'ivan@mail.ru' });
    const api = fakeApi({});
    await expect(submitPasswordChange(change)).resolves.toBe(message);
    expect(api.calls).toHaveLength(0);
  });

  it('sends the current and the new password and tells how many devices were signed out', async () => {
    signedIn({ hasPassword: true });
    const api = fakeApi({ 'POST /105/api/password/change': () => ok({ changed: true, revokedSessions: 2 }) });
    await expect(submitPasswordChange({ oldPass: 'old-secret', newPass: 'new-secret-1', confirmPass: 'new-secret-1' })).resolves.toBeUndefined();
    expect(formOf(api.calls[0]?.body ?? '')).toEqual({ oldPass: 'old-secret', newPass: 'new-secret-1', confirmPass: 'new-secret-1' });
    expect(notices()).toEqual([['success', 'Пароль изменён. На других устройствах (2) нужно войти заново']]);
    expect($settings.get().saving).toBe('');
  });

  it('an account without a password sets one without the current one, and then has one', async () => {
    signedIn({ hasPassword: false });
    const api = fakeApi({ 'POST /105/api/password/change': () => ok({ changed: true, revokedSessions: 0 }) });
    await expect(submitPasswordChange({ oldPass: '', newPass: 'new-secret-1', confirmPass: 'new-secret-1' })).resolves.toBeUndefined();
    expect(formOf(api.calls[0]?.body ?? '')).toEqual({ newPass: 'new-secret-1', confirmPass: 'new-secret-1' });
    expect($account.get().hasPassword).toBe(true);
    expect(notices()).toEqual([['success', 'Пароль сохранён']]);
  });

  it("returns the server's refusal of a wrong current password", async () => {
    signedIn({ hasPassword: true });
    fakeApi({ 'POST /105/api/password/change': () => fail(400, 'Текущий пароль неверен') });
    await expect(submitPasswordChange({ oldPass: 'wrong-one', newPass: 'new-secret-1', confirmPass: 'new-secret-1' })).resolves.toBe('Текущий пароль неверен');
    expect(notices()).toEqual([]);
  });
});

describe('one save at a time', () => {
  it('a save asked for while another runs is not sent and is not reported as done', async () => {
    signedIn({ hasPassword: true });
    let release: () => void = () => {};
    const api = fakeApi({
      'POST /105/api/email/edit': () => new Promise((resolve) => (release = () => resolve(ok(emailReply({ pendingEmail: 'new@mail.ru' }))))),
      'POST /105/api/password/change': () => ok({ changed: true, revokedSessions: 0 }),
      'POST /105/api/email/notify': () => ok(emailReply()),
    });
    const emailSaving = submitNewEmail('new@mail.ru');
    expect($settings.get().saving).toBe('email');
    await expect(submitPasswordChange({ oldPass: 'old-secret', newPass: 'new-secret-1', confirmPass: 'new-secret-1' })).resolves.toBe(SAVE_BUSY_MESSAGE);
    await expect(setNotifications(false)).resolves.toBe(SAVE_BUSY_MESSAGE);
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls.map((c) => c.path)).toEqual(['/105/api/email/edit']);
    release();
    await expect(emailSaving).resolves.toBeUndefined();
    expect($settings.get()).toMatchObject({ saving: '', pendingEmail: 'new@mail.ru', doNotify: true });
    expect($account.get().hasPassword).toBe(true);
  });
});
