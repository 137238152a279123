import { cleanTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Fine } from '../../../src/api/structs/fine.ts';
import { $authData, emptyAuthData, setAuthRecord } from '../../../src/stores/authData.ts';
import { $fineList, $shownFines, loadFineList } from '../../../src/stores/fineList.ts';
import { finesTitle } from '../../../src/stores/finesPage.ts';
import { $lastFinesList, FINES_HOME, decodeShownList, finesReturnHref, justPaidFromQuery, lastListHref, rememberShownList } from '../../../src/stores/finesReturn.ts';
import type { FinesTarget } from '../../../src/stores/finesTarget.ts';
import { unpaidFirst } from '../../../src/stores/fineView.ts';
import { $recentChecks, rememberCheck } from '../../../src/stores/recentChecks.ts';
import { USER, fakeApi, fineFixture, ok } from './fakeApi.ts';

const fine = (overrides: Record<string, unknown> = {}) => fineFixture(overrides) as Fine;

beforeAll(() => useTestStorageEngine());
afterEach(() => {
  $authData.set(emptyAuthData());
  $recentChecks.set([]);
  cleanTestStorage();
});

// Issue 24, item 13: the results title names the car as people know it.
describe('the list title', () => {
  const stsFine = fine({ vehiclePlateNumber: 'А123ВС', vehiclePlateRegion: '77', identifier: '9941123456', identifierType: 'sts' });
  it.each<[string, FinesTarget, Fine[], { kicker: string; title: string }]>([
    ['a car by СТС', { by: 'sts', id: 12 }, [stsFine], { kicker: 'Штрафы автомобиля', title: 'А123ВС 77 · СТС 99 41 123456' }],
    ['a three-digit region', { by: 'sts', id: 12 }, [fine({ vehiclePlateNumber: 'М555ММ', vehiclePlateRegion: '750', identifier: '77УК123456' })], { kicker: 'Штрафы автомобиля', title: 'М555ММ 750 · СТС 77 УК 123456' }],
    ['a СТС without fines or a search here', { by: 'sts', id: 99 }, [], { kicker: 'Штрафы автомобиля', title: 'По СТС' }],
    ['a licence', { by: 'dl', id: 8 }, [fine({ identifier: '9912345678', identifierType: 'dl' })], { kicker: 'Штрафы водителя', title: 'ВУ 99 12 345678' }],
    ['a VIN with a plate on its fines', { by: 'car', car: 'XTA210990Y2765432' }, [fine({ vehiclePlateNumber: 'Т001ТТ', vehiclePlateRegion: '116', identifier: 'XTA210990Y2765432', identifierType: 'vin' })], { kicker: 'Штрафы автомобиля', title: 'Т001ТТ 116 · VIN XTA210990Y2765432' }],
    ['a VIN without fines', { by: 'car', car: 'XTA210990Y2765432' }, [], { kicker: 'Штрафы автомобиля', title: 'VIN XTA210990Y2765432' }],
    ['a ruling', { by: 'uin', uin: '18810177250101234567' }, [fine()], { kicker: 'Поиск по номеру постановления', title: 'Постановление № 18810177250101234567' }],
  ])('%s', (_name, target, fines, title) => expect(finesTitle(target, fines)).toEqual(title));

  it('names the car from this browser’s search before any fine names it', () => {
    rememberCheck({ kind: 'car', sts: '7734654321', plateNumber: 'М555ММ', plateRegion: '50', target: { by: 'sts', id: 31 } });
    expect(finesTitle({ by: 'sts', id: 31 }, [])).toEqual({ kicker: 'Штрафы автомобиля', title: 'М555ММ 50 · СТС 77 34 654321' });
    expect(finesTitle({ by: 'sts', id: 32 }, [])).toEqual({ kicker: 'Штрафы автомобиля', title: 'По СТС' });
  });
});

describe('unpaid first', () => {
  it.each<[string, boolean[], number[]]>([
    ['paid ones go down, each group keeps its order', [true, false, true, false], [2, 4, 1, 3]],
    ['all unpaid', [false, false], [1, 2]],
    ['all paid', [true, true], [1, 2]],
    ['none', [], []],
  ])('%s', (_name, paid, ids) => {
    expect(unpaidFirst(paid.map((p, i) => ({ id: i + 1, paid: p }))).map((f) => f.id)).toEqual(ids);
  });

  it('is how the list shows the fines it loaded', async () => {
    setAuthRecord({ clientId: 'c', salt: USER.salt, rand: USER.rand, userId: '41', session: USER.session });
    fakeApi({ 'GET /105/api/fineList/by/sts/5': () => ok({ fines: [fine({ id: 1, paid: true, amountToPay: 0 }), fine({ id: 2 })], orders: [] }) });
    await loadFineList({ by: 'sts', id: 5 });
    expect($fineList.get().fines.map((f) => f.id)).toEqual([1, 2]);
    expect($shownFines.get().map((f) => f.id)).toEqual([2, 1]);
  });
});

// Issue 24, item 2: «К штрафам» after a payment opens the same list, with the paid fines marked.
describe('«К штрафам» after a payment', () => {
  it('a loaded list is remembered with its fines', async () => {
    setAuthRecord({ clientId: 'c', salt: USER.salt, rand: USER.rand, userId: '41', session: USER.session });
    fakeApi({ 'GET /105/api/fineList/by/sts/5': () => ok({ fines: [fine({ id: 7 }), fine({ id: 8 })], orders: [] }) });
    await loadFineList({ by: 'sts', id: 5 });
    expect($lastFinesList.get()).toEqual({ url: '/fines/?sts=5', fineIds: [7, 8] });
  });

  it.each<[string, { url: string; ids: number[] } | undefined, (number | null)[], string]>([
    ['the list holds the paid fine', { url: '/fines/?sts=5', ids: [7, 8] }, [7], '/fines/?sts=5&paid=7'],
    ['two fines of it', { url: '/fines/?sts=5', ids: [7, 8] }, [7, 8], '/fines/?sts=5&paid=7%2C8'],
    ['a mark of an earlier payment is replaced', { url: '/fines/?sts=5&paid=3', ids: [7] }, [7], '/fines/?sts=5&paid=7'],
    ['a tax (no fine id)', { url: '/fines/?sts=5', ids: [7] }, [null], FINES_HOME],
    ['another list', { url: '/fines/?dl=2', ids: [1] }, [7], FINES_HOME],
    ['no list shown in this browser', undefined, [7], FINES_HOME],
  ])('%s', (_name, shown, paid, href) => {
    if (shown !== undefined) rememberShownList(shown.url, shown.ids);
    expect(finesReturnHref(paid)).toBe(href);
  });

  it('after a failed payment it goes back to the list as it was', () => {
    expect(lastListHref()).toBe(FINES_HOME);
    rememberShownList('/fines/?dl=2&paid=9', [1]);
    expect(lastListHref()).toBe('/fines/?dl=2');
  });

  it.each<[string, number[]]>([
    ['?sts=5&paid=7', [7]],
    ['?sts=5&paid=7,8', [7, 8]],
    ['?sts=5&paid=7%2C8', [7, 8]],
    ['?sts=5&paid=x,0,-1,9', [9]],
    ['?sts=5', []],
  ])('the list reads %s as just paid %j', (query, ids) => expect(justPaidFromQuery(query)).toEqual(ids));

  it.each([
    ['{"url":"https://evil.example/","fineIds":[1]}'],
    ['{"url":"//evil.example/","fineIds":[1]}'],
    ['{"url":"/fines/?sts=5"}'],
    ['nonsense'],
  ])('a stored list that is not ours (%s) is ignored', (stored) => expect(decodeShownList(stored)).toBeUndefined());
});
