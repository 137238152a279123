import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { $authData, emptyAuthData, setAuthRecord } from '../../../../src/stores/authData.ts';
import { $supportForm, editSupportField, openSupportForm, sendSupportTicket, supportErrors } from '../../../../src/stores/platform/support.ts';
import { APP_VERSION } from '../../../../src/lib/appVersion.ts';
import { fakeApi } from '../fakeApi.ts';

beforeAll(() => useTestStorageEngine());
beforeEach(() => openSupportForm());

afterEach(() => {
  $authData.set(emptyAuthData());
  cleanTestStorage();
});

const fill = () => {
  editSupportField('email', 'driver@example.ru');
  editSupportField('content', 'Не открывается фото штрафа');
};

describe('support form store', () => {
  it('sends e-mail, message, platform, app version and user id, and keeps the ticket number', async () => {
    const api = fakeApi({ 'POST /105/api/support/create': () => ({ json: { status: 'ok', response: { id: 17 } } }) });
    setAuthRecord({ clientId: 'c', salt: 's', rand: 'a'.repeat(32), userId: '41', session: 'b'.repeat(64) });
    fill();
    await sendSupportTicket();
    expect(Object.fromEntries(new URLSearchParams(api.calls[0]!.body))).toEqual({ email: 'driver@example.ru', content: 'Не открывается фото штрафа', user_platform: 'web', user_app_version: APP_VERSION, user_id: '41' });
    expect(api.calls[0]!.headers.get('X-User-Id')).toBe('41');
    expect($supportForm.get()).toMatchObject({ busy: false, sentId: 17, error: '' });
  });

  it('shows the server’s message, and a reply without an id is a failure (spec §5)', async () => {
    fakeApi({ 'POST /105/api/support/create': [() => ({ status: 429, json: { status: 'error', error: { errorDesc: 'Слишком много запросов. Повторите через 60 с' } } }), () => ({ json: { status: 'ok', response: {} } })] });
    fill();
    await sendSupportTicket();
    expect($supportForm.get()).toMatchObject({ sentId: undefined, error: 'Слишком много запросов. Повторите через 60 с' });
    await sendSupportTicket();
    expect($supportForm.get().sentId).toBeUndefined();
    expect($supportForm.get().error).not.toBe('');
  });

  it('fills in the account’s e-mail', async () => {
    fakeApi({ 'GET /105/api/user': () => ({ json: { status: 'ok', response: { userId: 41, email: 'me@example.ru', userType: -1, isWebUser: true, name: null, doNotify: 1, hasPassword: true, channel: 'fine', createdAt: '2026-03-16T07:00:00.000Z' } } }) });
    setAuthRecord({ clientId: 'c', salt: 's', rand: 'a'.repeat(32), userId: '41', session: 'b'.repeat(64) });
    await openSupportForm();
    expect($supportForm.get().email).toBe('me@example.ru');
  });

  it('checks the fields before sending anything', async () => {
    const api = fakeApi({});
    await sendSupportTicket();
    expect(api.calls).toHaveLength(0);
    expect($supportForm.get().errors).toEqual({ email: 'Укажите e-mail, чтобы мы могли ответить', content: 'Опишите, что случилось' });
  });

  it.each([
    ['a@b.ru', 'коротко', { content: 'Напишите чуть подробнее: не меньше 10 символов' }],
    ['нет', 'Достаточно длинное сообщение', { email: expect.any(String) }],
    ['a@b.ru', 'Достаточно длинное сообщение', {}],
  ])('%s / %s → %j', (email, content, errors) => {
    expect(supportErrors(email, content)).toEqual(errors);
  });
});
