import { useTestStorageEngine, getTestStorage } from '@nanostores/persistent';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { $account } from '../../../../src/stores/auth/account.ts';
import { $companyName, $demoEndDate, $isDemo, $legalEntity, markLegalEntity, reloadOrganization, requestedUserType } from '../../../../src/stores/organization/legalEntity.ts';
import { fakeApi, ok } from '../fakeApi.ts';
import { accountReply, resetAccountStores, signedIn } from '../account/fixtures.ts';

/** An organization in the API's shape. */
function organization(patch: Record<string, unknown> = {}) {
  return {
    id: 5,
    name: 'ООО «Вектор Логистик»',
    inn: '7707083893',
    kpp: '770701001',
    ogrn: '1027700132195',
    address: 'г. Москва',
    type: 'legal',
    countDays: 7,
    subscribeType: 0,
    subscriptionEndDate: '2026-12-12T09:00:00.000Z',
    createdAt: '2026-12-05T09:00:00.000Z',
    updatedAt: '2026-12-05T09:00:00.000Z',
    isExpired: false,
    isDemo: true,
    isSubscriptionEndTomorrow: false,
    vehicles: 0,
    drivers: 0,
    ...patch,
  };
}

beforeAll(() => useTestStorageEngine());
beforeEach(() => resetAccountStores());
afterEach(() => {
  $companyName.set('');
  $demoEndDate.set('');
  $isDemo.set(false);
  resetAccountStores();
});

describe('the legal-entity state (spec §3, §4)', () => {
  it('marking the user as a legal entity sets userType 3 on the server and stores it', async () => {
    signedIn({});
    const api = fakeApi({ 'POST /105/api/user/type': () => ok(accountReply({ userType: 3 })) });
    await markLegalEntity();
    expect(new URLSearchParams(api.calls[0]?.body).get('type')).toBe('3');
    expect($account.get().userType).toBe(3);
    expect($legalEntity.get().userType).toBe(3);
  });

  it('reloading restores the cached values first, then stores the name, end date and demo flag', async () => {
    signedIn({ userType: 3 });
    $companyName.set('ООО «Старое»');
    $demoEndDate.set('1 января 2026 г.');
    let seenBeforeReply = '';
    fakeApi({
      'GET /105/api/organization': () => {
        seenBeforeReply = $legalEntity.get().companyName;
        return ok({ items: [organization()] });
      },
      'GET /105/api/organization/subscription-end': () => ok({ isSubscriptionEnd: false }),
    });
    await reloadOrganization(() => new Date('2026-12-05T09:00:00Z'));
    expect(seenBeforeReply).toBe('ООО «Старое»');
    expect($legalEntity.get()).toMatchObject({ companyName: 'ООО «Вектор Логистик»', demoEndDate: '12 декабря 2026 г.', isDemo: true, isSubscriptionEndTomorrow: false, isSubscriptionExpired: false });
    expect(getTestStorage()).toMatchObject({ companyName: 'ООО «Вектор Логистик»', demoEndDate: '12 декабря 2026 г.', isDemo: '1' });
  });

  it.each([
    ['2026-12-11T08:59:59Z', false],
    ['2026-12-11T09:00:00Z', true],
    ['2026-12-12T08:59:59Z', true],
    ['2026-12-12T09:00:01Z', false],
  ])('at %s the subscription ends tomorrow: %s', async (now, tomorrow) => {
    signedIn({ userType: 3 });
    fakeApi({ 'GET /105/api/organization': () => ok({ items: [organization()] }), 'GET /105/api/organization/subscription-end': () => ok({ isSubscriptionEnd: false }) });
    await reloadOrganization(() => new Date(now));
    expect($legalEntity.get().isSubscriptionEndTomorrow).toBe(tomorrow);
  });

  it('asks whether the subscription ended only for a legal entity', async () => {
    signedIn({ userType: -1 });
    const api = fakeApi({ 'GET /105/api/organization': () => ok({ items: [] }), 'GET /105/api/organization/subscription-end': () => ok({ isSubscriptionEnd: true }) });
    await reloadOrganization();
    expect(api.calls.map((c) => c.path)).toEqual(['/105/api/organization']);
    signedIn({ userType: 3 });
    await reloadOrganization();
    expect($legalEntity.get().isSubscriptionExpired).toBe(true);
  });

  it.each([
    ['?userType=3&isChangeUserType=1', 3],
    ['?user_type=3&isChangeUserType=true', 3],
    ['?userType=3', undefined],
    ['?userType=3&isChangeUserType=0', undefined],
    ['?userType=2&isChangeUserType=1', undefined],
  ])('spec §2: %s asks for type %s', (search, type) => {
    expect(requestedUserType(search)).toBe(type);
  });
});
