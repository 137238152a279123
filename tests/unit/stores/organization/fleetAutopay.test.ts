import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { $authData, emptyAuthData, setAuthRecord } from '../../../../src/stores/authData.ts';
import { $fleetAutopay, fleetChargeAction, openFleetAutopay, turnFleetAutopayOff, turnFleetAutopayOn } from '../../../../src/stores/organization/fleetAutopay.ts';
import { fail, fakeApi, ok } from '../fakeApi.ts';

const CHARGE = { id: 9, fineId: 77, uin: '18810177260316423661', amountKopecks: 75_000, discountLastDay: '2026-04-15', status: 'scheduled', chargeAt: '2026-03-17T07:01:00.000Z', reason: null, receiptHash: null };
const OFF = { available: true, card: { mask: '411111******1111', expiry: '12/29' }, rule: null, subscriptionPaid: true, charges: [] };
const ON = { ...OFF, rule: { maxFineKopecks: 300_000, monthlyKopecks: 1_000_000, since: '2026-03-16T07:00:00.000Z' }, charges: [CHARGE] };

beforeAll(() => useTestStorageEngine());
beforeEach(() => {
  $fleetAutopay.set({ organizationId: undefined, data: undefined, loading: false, busy: '', error: '' });
  setAuthRecord({ clientId: 'c', salt: 's', rand: 'a'.repeat(32), userId: '41', session: 'b'.repeat(64) });
});
afterEach(() => {
  $authData.set(emptyAuthData());
  cleanTestStorage();
});

describe("the cabinet's fleet autopay", () => {
  it('loads the organization chosen', async () => {
    fakeApi({ 'GET /105/api/organization/5/autopay': () => ok(OFF) });
    await openFleetAutopay(5);
    expect($fleetAutopay.get()).toMatchObject({ organizationId: 5, loading: false, error: '', data: { rule: null, card: { mask: '411111******1111' } } });
  });

  it('turns it on with the limits in whole roubles, and refuses nonsense before asking the server', async () => {
    const api = fakeApi({ 'GET /105/api/organization/5/autopay': () => ok(OFF), 'PUT /105/api/organization/5/autopay': () => ok(ON) });
    await openFleetAutopay(5);
    await turnFleetAutopayOn({ maxFineRub: 0, monthlyRub: 10_000 });
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    expect($fleetAutopay.get().error).toBe('Лимиты — целые суммы в рублях, от 1 ₽ до 1 000 000 ₽');
    await turnFleetAutopayOn({ maxFineRub: 3_000, monthlyRub: 10_000 });
    const put = api.calls.find((c) => c.method === 'PUT');
    expect(new URLSearchParams(put?.body)).toEqual(new URLSearchParams({ maxFineRub: '3000', monthlyRub: '10000' }));
    expect($fleetAutopay.get()).toMatchObject({ busy: '', data: { rule: { maxFineKopecks: 300_000 } } });
  });

  it('shows why the server refused (no card) and keeps what it showed', async () => {
    fakeApi({ 'GET /105/api/organization/5/autopay': () => ok(OFF), 'PUT /105/api/organization/5/autopay': () => fail(409, 'Сначала привяжите карту в профиле, в разделе «Автооплата»') });
    await openFleetAutopay(5);
    await turnFleetAutopayOn({ maxFineRub: 1, monthlyRub: 1 });
    expect($fleetAutopay.get()).toMatchObject({ busy: '', error: 'Сначала привяжите карту в профиле, в разделе «Автооплата»', data: { rule: null } });
  });

  it('skips a fine, and turns autopay off', async () => {
    fakeApi({
      'GET /105/api/organization/5/autopay': () => ok(ON),
      'POST /105/api/organization/5/autopay/charge/9/skip': () => ok({ ...ON, charges: [{ ...CHARGE, status: 'skipped' }] }),
      'DELETE /105/api/organization/5/autopay': () => ok({ ...OFF, charges: [{ ...CHARGE, status: 'skipped' }] }),
    });
    await openFleetAutopay(5);
    await fleetChargeAction(9, 'skip');
    expect($fleetAutopay.get().data?.charges[0]?.status).toBe('skipped');
    await turnFleetAutopayOff();
    expect($fleetAutopay.get().data?.rule).toBeNull();
  });

  it('a reply for an organization no longer shown is dropped', async () => {
    let release: () => void = () => undefined;
    fakeApi({
      'GET /105/api/organization/5/autopay': () => new Promise((resolve) => (release = () => resolve(ok(ON)))),
      'GET /105/api/organization/6/autopay': () => ok(OFF),
    });
    const first = openFleetAutopay(5);
    await openFleetAutopay(6);
    release();
    await first;
    expect($fleetAutopay.get()).toMatchObject({ organizationId: 6, data: { rule: null } });
  });
});
