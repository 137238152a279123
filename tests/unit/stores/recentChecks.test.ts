import { cleanTestStorage, getTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withUinCheckDigit } from '../../../src/lib/uin.ts';
import { $authData, emptyAuthData, setAuthRecord } from '../../../src/stores/authData.ts';
import {
  $recentChecks,
  RECENT_CHECKS_CAP,
  decodeRecentChecks,
  forgetCheck,
  recentCheckKey,
  recentCheckLabel,
  rememberCheck,
  searchOfCheck,
} from '../../../src/stores/recentChecks.ts';
import type { RecentCheck } from '../../../src/stores/recentChecks.ts';
import { $search, resetSearch, runRecentCheck, selectTab, setField, submitSearch } from '../../../src/stores/search.ts';
import { USER, fakeApi, ok } from './fakeApi.ts';

// «Недавние проверки» (issue 24, item 2): what this browser searched, one tap each, at most five,
// each removable, kept in local storage and never sent anywhere.

const CLIENT_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const car = (sts: string, plateNumber = 'А123ВС', plateRegion = '77'): RecentCheck => ({ kind: 'car', sts, plateNumber, plateRegion });

beforeAll(() => useTestStorageEngine());
beforeEach(() => {
  resetSearch('plateSts');
  $recentChecks.set([]);
});
afterEach(() => {
  $authData.set(emptyAuthData());
  cleanTestStorage();
});

describe('how a remembered document reads', () => {
  it.each<[RecentCheck, string]>([
    [car('9941123456'), 'А123ВС 77 · СТС 99 41 123456'],
    [car('77УК123456', 'М555ММ', '750'), 'М555ММ 750 · СТС 77 УК 123456'],
    [car('9941123456', '', ''), 'СТС 99 41 123456'],
    [{ kind: 'dl', driverLicense: '9912345678' }, 'ВУ 99 12 345678'],
    [{ kind: 'vin', vin: 'XTA210990Y2765432' }, 'VIN XTA210990Y2765432'],
  ])('%j → %s', (check, label) => expect(recentCheckLabel(check)).toBe(label));

  it.each<[RecentCheck, ReturnType<typeof searchOfCheck>]>([
    [car('9941123456'), { tab: 'plateSts', values: { stsNumber: '9941123456', plateNumber: 'А123ВС', plateRegion: '77' } }],
    [car('9941123456', '', ''), { tab: 'sts', values: { stsNumber: '9941123456' } }],
    [{ kind: 'dl', driverLicense: '9912345678' }, { tab: 'driverLicense', values: { driverLicense: '9912345678' } }],
    [{ kind: 'vin', vin: 'XTA210990Y2765432' }, { tab: 'vin', values: { car: 'XTA210990Y2765432' } }],
  ])('one tap on %j searches %j', (check, search) => expect(searchOfCheck(check)).toEqual(search));
});

describe('the list of recent checks', () => {
  it(`keeps the newest ${RECENT_CHECKS_CAP}, newest first, each document once`, () => {
    for (const n of [1, 2, 3, 4, 5, 6]) rememberCheck(car(`994112345${n}`));
    expect($recentChecks.get().map((c) => (c.kind === 'car' ? c.sts : ''))).toEqual(['9941123456', '9941123455', '9941123454', '9941123453', '9941123452']);
    rememberCheck(car('9941123453', 'В456ОР', '99'));
    expect($recentChecks.get()).toHaveLength(RECENT_CHECKS_CAP);
    expect($recentChecks.get()[0]).toEqual(car('9941123453', 'В456ОР', '99'));
    expect($recentChecks.get().filter((c) => recentCheckKey(c) === 'sts:9941123453')).toHaveLength(1);
  });

  it('forgets one document, the others stay', () => {
    rememberCheck(car('9941123456'));
    rememberCheck({ kind: 'dl', driverLicense: '9912345678' });
    forgetCheck('sts:9941123456');
    expect($recentChecks.get()).toEqual([{ kind: 'dl', driverLicense: '9912345678' }]);
  });

  it('lives in local storage under recentChecks', () => {
    rememberCheck({ kind: 'vin', vin: 'XTA210990Y2765432' });
    expect(JSON.parse(getTestStorage()['recentChecks'] ?? '[]')).toEqual([{ kind: 'vin', vin: 'XTA210990Y2765432' }]);
  });

  it.each([
    ['not JSON', '{'],
    ['not a list', '{"kind":"car"}'],
    ['an unknown kind', '[{"kind":"passport","number":"1"}]'],
    ['a car without СТС', '[{"kind":"car","plateNumber":"А123ВС"}]'],
    ['a number for a licence', '[{"kind":"dl","driverLicense":9912345678}]'],
  ])('reads %s as no entries', (_name, stored) => expect(decodeRecentChecks(stored)).toEqual([]));

  it('reads at most five stored entries, with a valid target only', () => {
    const stored = JSON.stringify([...Array(7).keys()].map((n) => ({ ...car(`994112345${n}`), target: n === 0 ? { by: 'sts', id: 12 } : { by: 'sts', id: -1 } })));
    const read = decodeRecentChecks(stored);
    expect(read).toHaveLength(5);
    expect(read[0]).toMatchObject({ target: { by: 'sts', id: 12 } });
    expect(read[1]).not.toHaveProperty('target');
  });
});

describe('searching remembers the document, on this browser only', () => {
  it('plate + СТС: the car with its plate and the list it led to', async () => {
    fakeApi({
      'GET /105/api/client': () => ok({ clientId: CLIENT_ID }),
      'POST /105/api/newuser': () => ok(USER),
      'GET /105/api/sts': () => ok({ sts: [{ id: 12, sts: '9941123456', vehiclePlateNumber: 'А123ВС', vehiclePlateRegion: '77', vehicleModel: null, vehiclePlateType: null, vehiclePlate: 'А123ВС 77' }] }),
    });
    setField('plateNumber', 'a123bc');
    setField('plateRegion', '77');
    setField('stsNumber', '99 41 123456');
    await submitSearch();
    expect($recentChecks.get()).toEqual([{ kind: 'car', sts: '9941123456', plateNumber: 'А123ВС', plateRegion: '77', target: { by: 'sts', id: 12 } }]);
  });

  it('VIN: remembered without a single request', async () => {
    const api = fakeApi();
    selectTab('vin');
    setField('car', 'xta210990y2765432');
    await submitSearch();
    expect(api.calls).toHaveLength(0);
    expect($recentChecks.get()).toEqual([{ kind: 'vin', vin: 'XTA210990Y2765432', target: { by: 'car', car: 'XTA210990Y2765432' } }]);
  });

  it('a ruling number is not a document: not remembered', async () => {
    fakeApi();
    selectTab('uin');
    setField('uin', withUinCheckDigit('1881017725010123456'));
    await submitSearch();
    expect($recentChecks.get()).toEqual([]);
  });

  it('a wrong value is not remembered', async () => {
    fakeApi();
    selectTab('vin');
    setField('car', 'XTA');
    await submitSearch();
    expect($recentChecks.get()).toEqual([]);
  });

  it('one tap searches the document again with what was remembered, and keeps it first', async () => {
    const api = fakeApi({ 'POST /105/api/sts': () => ok({ item: { id: 30, sts: '9941123456', vehiclePlateNumber: 'А123ВС', vehiclePlateRegion: '77', vehicleModel: null, vehiclePlateType: null, vehiclePlate: 'А123ВС 77' }, added: false }) });
    setAuthRecord({ clientId: CLIENT_ID, salt: USER.salt, rand: USER.rand, userId: '41', session: USER.session });
    rememberCheck(car('9941123456'));
    rememberCheck({ kind: 'vin', vin: 'XTA210990Y2765432' });
    const outcome = await runRecentCheck(car('9941123456'));
    expect(outcome).toMatchObject({ kind: 'navigate', url: '/fines/?sts=30' });
    expect(Object.fromEntries(new URLSearchParams(api.calls[0]?.body))).toEqual({ sts: '9941123456', vehiclePlateNumber: 'А123ВС', vehiclePlateRegion: '77' });
    expect($search.get().tab).toBe('plateSts');
    expect(recentCheckKey($recentChecks.get()[0] ?? car(''))).toBe('sts:9941123456');
  });
});
