import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { $authData, $credentials, emptyAuthData, setAuthRecord } from '../../../../src/stores/authData.ts';
import { $eraseConfirm, $privacy, askToErase, downloadMyData, EXPORT_FILE_NAME, eraseNow, readEraseToken } from '../../../../src/stores/platform/privacy.ts';
import { fakeApi } from '../fakeApi.ts';

const TOKEN = 'A'.repeat(43);
const ok = (response: unknown) => ({ json: { status: 'ok', response } });

beforeAll(() => useTestStorageEngine());
beforeEach(() => {
  $privacy.set({ exporting: false, erase: { kind: 'idle' }, error: '' });
  setAuthRecord({ clientId: 'c', salt: 's', rand: 'a'.repeat(32), userId: '41', session: 'b'.repeat(64) });
});
afterEach(() => {
  $authData.set(emptyAuthData());
  cleanTestStorage();
});

describe('personal data panel', () => {
  it('downloads the export as a JSON file', async () => {
    fakeApi({ 'GET /105/api/account/export': () => ok({ exportedAt: '2026-03-16T07:00:00.000Z', documents: { sts: [{ sts: '9941123456' }] } }) });
    const saved: { name: string; text: string }[] = [];
    await downloadMyData((name, blob) => void blob.text().then((text) => saved.push({ name, text })));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(saved[0]?.name).toBe(EXPORT_FILE_NAME);
    expect(JSON.parse(saved[0]?.text ?? '{}')).toEqual({ exportedAt: '2026-03-16T07:00:00.000Z', documents: { sts: [{ sts: '9941123456' }] } });
    expect($privacy.get().exporting).toBe(false);
  });

  it('shows why the export failed', async () => {
    fakeApi({ 'GET /105/api/account/export': () => ({ status: 429, json: { status: 'error', error: { errorDesc: 'Слишком много запросов. Повторите через 5 с' } } }) });
    await downloadMyData(() => undefined);
    expect($privacy.get()).toMatchObject({ exporting: false, error: 'Слишком много запросов. Повторите через 5 с' });
  });

  it('asks for the erase mail and says where it went', async () => {
    const api = fakeApi({ 'POST /105/api/account/erase/request': () => ok({ sent: true, email: 'ow***@example.ru' }) });
    await askToErase();
    expect(api.calls[0]?.headers.get('X-Session')).toBe('b'.repeat(64));
    expect($privacy.get().erase).toEqual({ kind: 'sent', email: 'ow***@example.ru' });
  });
});

describe('erase confirmation page', () => {
  it('takes the token out of the address', () => {
    const replaced: string[] = [];
    readEraseToken({ href: `https://shtrafy.example.ru/profile/erase/?token=${TOKEN}` }, { state: null, replaceState: (_s, _t, url) => void replaced.push(String(url)) });
    expect(replaced).toEqual(['/profile/erase/']);
    expect($eraseConfirm.get()).toEqual({ token: TOKEN, kind: 'ready', error: '' });
  });

  it.each([[''], ['?token=short']])('has nothing to do with %s', (query) => {
    readEraseToken({ href: `https://x.ru/profile/erase/${query}` }, { state: null, replaceState: () => undefined });
    expect($eraseConfirm.get().kind).toBe('noToken');
  });

  it('erases, then forgets the account on this device', async () => {
    const api = fakeApi({ 'POST /105/api/account/erase': () => ok({ erased: true }), 'POST /105/api/logout': () => ({ status: 401, json: { status: 'error', error: { errorDesc: 'Сессия недействительна, войдите заново' } } }) });
    $eraseConfirm.set({ token: TOKEN, kind: 'ready', error: '' });
    await eraseNow();
    expect(new URLSearchParams(api.calls[0]?.body).get('token')).toBe(TOKEN);
    expect($eraseConfirm.get().kind).toBe('done');
    expect($credentials.get()).toBeUndefined();
  });

  it('keeps the question when the link no longer works', async () => {
    fakeApi({ 'POST /105/api/account/erase': () => ({ status: 410, json: { status: 'error', error: { errorDesc: 'Срок действия ссылки истёк. Запросите удаление в профиле ещё раз' } } }) });
    $eraseConfirm.set({ token: TOKEN, kind: 'ready', error: '' });
    await eraseNow();
    expect($eraseConfirm.get()).toMatchObject({ kind: 'failed', error: 'Срок действия ссылки истёк. Запросите удаление в профиле ещё раз' });
  });
});
