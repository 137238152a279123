import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { $authData, emptyAuthData, setAuthRecord } from '../../../../src/stores/authData.ts';
import { $autopay, bindCard, bindingNavigation, chargeAction, loadAutopay, turnOn } from '../../../../src/stores/autopay/autopay.ts';
import { $cancelLink, cancelNow, readCancelToken } from '../../../../src/stores/autopay/cancelLink.ts';
import { fail, fakeApi, ok } from '../fakeApi.ts';

const STATE = {
  available: true,
  card: { mask: '411111******1111', expiry: '12/29' },
  rules: [{ id: 3, documentKind: 'sts', documentId: 7, document: 'СТС 7812345678, О123РХ 178', maxFineKopecks: 300_000, monthlyKopecks: 1_000_000 }],
  charges: [{ id: 9, fineId: 77, uin: '18810178260316423661', amountKopecks: 75_000, discountLastDay: '2026-04-15', status: 'scheduled', chargeAt: '2026-03-17T07:01:00.000Z', reason: null, receiptHash: null }],
  documents: [{ documentKind: 'sts', documentId: 7, document: 'СТС 7812345678, О123РХ 178' }],
};
const TOKEN = `9.41.20528.${'A'.repeat(43)}`;

beforeAll(() => useTestStorageEngine());
beforeEach(() => {
  $autopay.set({ data: undefined, loading: false, busy: '', error: '', binding: 'none' });
  setAuthRecord({ clientId: 'c', salt: 's', rand: 'a'.repeat(32), userId: '41', session: 'b'.repeat(64) });
});
afterEach(() => {
  $authData.set(emptyAuthData());
  cleanTestStorage();
});

describe('the autopay page', () => {
  it('loads the state and reads how binding went, taking it out of the address', async () => {
    fakeApi({ 'GET /105/api/autopay': () => ok(STATE) });
    const replaced: string[] = [];
    await loadAutopay({ href: 'https://site.test/profile/autopay/?binding=done' }, { state: null, replaceState: (_s, _t, url) => void replaced.push(String(url)) });
    expect(replaced).toEqual(['/profile/autopay/']);
    expect($autopay.get()).toMatchObject({ binding: 'done', loading: false, error: '' });
    expect($autopay.get().data?.card?.mask).toBe('411111******1111');
  });

  it('a reply of the wrong shape is an error, not a crash', async () => {
    fakeApi({ 'GET /105/api/autopay': () => ok({ card: 'x' }) });
    await loadAutopay({ href: 'https://site.test/profile/autopay/' }, { state: null, replaceState: () => undefined });
    expect($autopay.get().data).toBeUndefined();
    expect($autopay.get().error).not.toBe('');
  });

  it('«Привязать карту» leaves for the gateway page the server names', async () => {
    fakeApi({ 'POST /105/api/autopay/card': () => ok({ redirectUrl: 'https://gateway.test/assistant?MNT_ID=1' }) });
    const went: string[] = [];
    bindingNavigation.assign = (url) => void went.push(url);
    await bindCard();
    expect(went).toEqual(['https://gateway.test/assistant?MNT_ID=1']);
  });

  it('sends limits in whole roubles, and refuses nonsense before asking the server', async () => {
    const api = fakeApi({ 'PUT /105/api/autopay/rule': () => ok(STATE) });
    await turnOn({ documentKind: 'sts', documentId: 7, maxFineRub: 0, monthlyRub: 100 });
    expect(api.calls).toHaveLength(0);
    expect($autopay.get().error).toBe('Лимиты — целые суммы в рублях, не меньше 1 ₽');
    await turnOn({ documentKind: 'sts', documentId: 7, maxFineRub: 3000, monthlyRub: 10000 });
    expect(new URLSearchParams(api.calls[0]?.body)).toEqual(new URLSearchParams({ documentKind: 'sts', documentId: '7', maxFineRub: '3000', monthlyRub: '10000' }));
    expect($autopay.get()).toMatchObject({ busy: '', error: '' });
  });

  it('shows why «Пропустить» was refused', async () => {
    fakeApi({ 'POST /105/api/autopay/charge/9/skip': () => fail(409, 'Этот штраф уже не ждёт автооплаты') });
    await chargeAction(9, 'skip');
    expect($autopay.get()).toMatchObject({ busy: '', error: 'Этот штраф уже не ждёт автооплаты' });
  });
});

describe('the mailed cancel link', () => {
  it('keeps the token in memory only, and cancels on the click', async () => {
    const api = fakeApi({ 'POST /105/api/autopay/cancel': () => ok({ uin: '18810178260316423661', amountKopecks: 75_000, cancelled: true, status: 'cancelled' }) });
    const replaced: string[] = [];
    readCancelToken({ href: `https://site.test/autopay/cancel/?token=${TOKEN}` }, { state: null, replaceState: (_s, _t, url) => void replaced.push(String(url)) });
    expect(replaced).toEqual(['/autopay/cancel/']);
    expect(api.calls).toHaveLength(0); // opening the page (or a mail scanner's prefetch) cancels nothing
    await cancelNow();
    expect(new URLSearchParams(api.calls[0]?.body).get('token')).toBe(TOKEN);
    expect($cancelLink.get().view).toEqual({ kind: 'done', uin: '18810178260316423661', amountKopecks: 75_000, cancelled: true, status: 'cancelled' });
  });

  it('says why a bad link was refused', async () => {
    fakeApi({ 'POST /105/api/autopay/cancel': () => fail(400, 'Ссылка повреждена или не от нас. Управлять автооплатой можно в профиле') });
    readCancelToken({ href: `https://site.test/autopay/cancel/?token=${TOKEN}` }, { state: null, replaceState: () => undefined });
    await cancelNow();
    expect($cancelLink.get().view).toMatchObject({ kind: 'failed', error: 'Ссылка повреждена или не от нас. Управлять автооплатой можно в профиле' });
  });

  it('without a token there is nothing to cancel', () => {
    readCancelToken({ href: 'https://site.test/autopay/cancel/' }, { state: null, replaceState: () => undefined });
    expect($cancelLink.get().view).toEqual({ kind: 'noToken' });
  });
});
