import { SEARCH_CONSENT_VERSION } from '../../../src/lib/consent.ts';
import { cleanTestStorage, getTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withUinCheckDigit } from '../../../src/lib/uin.ts';
import { VALIDATION_MESSAGES } from '../../../src/lib/validationMessages.ts';
import { $authData, emptyAuthData, setAuthRecord } from '../../../src/stores/authData.ts';
import { $search, leaveField, resetSearch, selectTab, setField, submitSearch } from '../../../src/stores/search.ts';
import { siteEvents } from '../../../src/stores/siteEvents.ts';
import { targetFromQuery } from '../../../src/stores/finesTarget.ts';
import { USER, fail, fakeApi, ok } from './fakeApi.ts';

const CLIENT_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const UIN = withUinCheckDigit('1881017725010123456');
const sts = (id: number, number = '77УК123456') => ({
  id,
  sts: number,
  vehiclePlateNumber: 'А123ВС',
  vehiclePlateRegion: '77',
  vehicleModel: null,
  vehiclePlateType: null,
  vehiclePlate: 'А123ВС 77',
});
const signedIn = () => setAuthRecord({ clientId: CLIENT_ID, salt: USER.salt, rand: USER.rand, userId: '41', session: USER.session });

beforeAll(() => useTestStorageEngine());
beforeEach(() => resetSearch('plateSts'));
afterEach(() => {
  $authData.set(emptyAuthData());
  cleanTestStorage();
});

describe('search form validation (domain validators)', () => {
  it.each([
    ['stsNumber', '77 УК 12', VALIDATION_MESSAGES.sts],
    ['plateNumber', 'Ж123ЖЖ', VALIDATION_MESSAGES.plateNumber],
    ['plateRegion', '0', VALIDATION_MESSAGES.plateRegion],
  ] as const)('shows the message of %s for %s', async (field, value, message) => {
    setField('plateNumber', 'А123ВС');
    setField('plateRegion', '77');
    setField('stsNumber', '77УК123456');
    setField(field, value);
    const outcome = await submitSearch();
    expect(outcome).toEqual({ kind: 'invalid', field });
    expect($search.get().errors[field]).toBe(message);
  });

  it('asks to fill in empty fields, in Russian', async () => {
    await submitSearch();
    expect($search.get().errors).toEqual({
      plateNumber: 'Заполните поле «Госномер»',
      plateRegion: 'Заполните поле «Регион»',
      stsNumber: 'Заполните поле «Номер СТС»',
    });
  });

  it('checks a field when it is left, not while it is empty, and clears the message once it is right', () => {
    leaveField('stsNumber');
    expect($search.get().errors.stsNumber).toBeUndefined();
    setField('stsNumber', '77');
    leaveField('stsNumber');
    expect($search.get().errors.stsNumber).toBe(VALIDATION_MESSAGES.sts);
    setField('stsNumber', '77 УК 123456');
    expect($search.get().errors.stsNumber).toBeUndefined();
  });

  it.each([
    ['driverLicense', 'driverLicense', '99 12 34', VALIDATION_MESSAGES.driverLicense],
    ['vin', 'car', 'XTA2109901234567I', VALIDATION_MESSAGES.vin],
    ['uin', 'uin', '18810177250101234567', VALIDATION_MESSAGES.uin],
  ] as const)('the %s tab checks %s', async (tab, field, value, message) => {
    selectTab(tab);
    setField(field, value);
    await submitSearch();
    expect($search.get().errors[field]).toBe(message);
  });
});

describe('search flow', () => {
  it('plate + СТС, new visitor: newuser with sts and plate, then the list by that СТС’s id', async () => {
    const api = fakeApi({
      'GET /105/api/client': () => ok({ clientId: CLIENT_ID }),
      'POST /105/api/newuser': () => ok(USER),
      'GET /105/api/sts': () => ok({ sts: [sts(12)] }),
    });
    const events: unknown[] = [];
    const off = siteEvents.on('submittedForm', (payload) => events.push(payload));
    setField('plateNumber', 'a123bc');
    setField('plateRegion', '77');
    setField('stsNumber', '77 ук 123456');
    const outcome = await submitSearch();
    off();
    expect(outcome).toMatchObject({ kind: 'navigate', url: '/fines/?sts=12' });
    const newUser = Object.fromEntries(new URLSearchParams(api.calls[1]?.body));
    // The consent under the form, given by searching, goes with the new visitor, at its text's version.
    expect(newUser).toMatchObject({ sts: '77УК123456', plate: 'А123ВС77', consentVersion: SEARCH_CONSENT_VERSION });
    expect(events).toEqual([{ formName: 'fineSearch', formData: { tab: 'plateSts' } }]);
    expect($search.get().busy).toBe(true);
  });

  it('plate + СТС, known visitor: POST sts', async () => {
    signedIn();
    const api = fakeApi({ 'POST /105/api/sts': () => ok({ item: sts(30), added: true }) });
    setField('plateNumber', 'А123ВС');
    setField('plateRegion', '777');
    setField('stsNumber', '77УК123456');
    expect(await submitSearch()).toMatchObject({ url: '/fines/?sts=30' });
    expect(Object.fromEntries(new URLSearchParams(api.calls[0]?.body))).toEqual({
      sts: '77УК123456',
      vehiclePlateNumber: 'А123ВС',
      vehiclePlateRegion: '777',
    });
    expect(api.calls[0]?.headers.get('X-User-Id')).toBe('41');
  });

  it('СТС alone: a СТС in the visitor’s list is used, another asks for the plate', async () => {
    signedIn();
    fakeApi({ 'GET /105/api/sts': () => ok({ sts: [sts(3, '77УК000001')] }) });
    selectTab('sts');
    setField('stsNumber', '77УК000001');
    expect(await submitSearch()).toMatchObject({ url: '/fines/?sts=3' });
    resetSearch('sts');
    setField('stsNumber', '77УК123456');
    expect(await submitSearch()).toEqual({ kind: 'needsPlate' });
    expect($search.get()).toMatchObject({ stsNeedsPlate: true, busy: false });
    expect(await submitSearch()).toMatchObject({ kind: 'invalid', field: 'plateNumber' });
  });

  it('licence: added to the visitor’s documents, the list by its id', async () => {
    const api = fakeApi({
      'GET /105/api/client': () => ok({ clientId: CLIENT_ID }),
      'POST /105/api/newuser': () => ok(USER),
      'POST /105/api/driverLicense': () =>
        ok({ item: { id: 8, driverLicense: '9912345678', issue_date: null, first_issue_date: null, surname: null, name: null, patronymic: null, driverName: '' }, added: true }),
    });
    selectTab('driverLicense');
    setField('driverLicense', '99 12 345678');
    expect(await submitSearch()).toMatchObject({ url: '/fines/?dl=8' });
    expect(new URLSearchParams(api.calls[2]?.body).get('driverLicense')).toBe('9912345678');
  });

  it('VIN goes to the list by car without a document', async () => {
    const api = fakeApi();
    selectTab('vin');
    setField('car', 'xta21099012345678');
    expect(await submitSearch()).toMatchObject({ url: '/fines/?car=XTA21099012345678' });
    expect(api.calls).toHaveLength(0);
  });

  it('УИН creates no user and writes no auth data', async () => {
    const api = fakeApi();
    selectTab('uin');
    setField('uin', UIN);
    expect(await submitSearch()).toMatchObject({ url: `/fines/?uin=${UIN}` });
    expect(api.calls).toHaveLength(0);
    expect(getTestStorage()['authData']).toBeUndefined();
  });

  it('shows the server’s message next to the button and is not busy after a failure', async () => {
    signedIn();
    fakeApi({ 'POST /105/api/sts': () => fail(422, 'Можно добавить не больше 50 СТС') });
    setField('plateNumber', 'А123ВС');
    setField('plateRegion', '77');
    setField('stsNumber', '77УК123456');
    expect(await submitSearch()).toEqual({ kind: 'failed', message: 'Можно добавить не больше 50 СТС' });
    expect($search.get()).toMatchObject({ busy: false, formError: 'Можно добавить не больше 50 СТС' });
  });

  it('registers again when the stored session has expired', async () => {
    signedIn();
    const api = fakeApi({
      'POST /105/api/sts': [() => fail(401, 'Сессия недействительна, войдите заново'), () => ok({ item: sts(5), added: true })],
      'GET /105/api/client': () => ok({ clientId: CLIENT_ID }),
      'POST /105/api/newuser': () => ok({ ...USER, userId: 42 }),
    });
    setField('plateNumber', 'А123ВС');
    setField('plateRegion', '77');
    setField('stsNumber', '77УК123456');
    expect(await submitSearch()).toMatchObject({ url: '/fines/?sts=5' });
    expect(api.calls.at(-1)?.headers.get('X-User-Id')).toBe('42');
  });
});

describe('/fines/ query', () => {
  it.each([
    ['sts=12', { by: 'sts', id: 12 }],
    ['dl=8', { by: 'dl', id: 8 }],
    ['car=xta21099012345678', { by: 'car', car: 'XTA21099012345678' }],
    ['car=%D0%B0123%D0%B2%D1%81777', { by: 'car', car: 'А123ВС777' }],
    [`uin=${UIN}`, { by: 'uin', uin: UIN }],
    ['sts=abc', undefined],
    ['sts=0', undefined],
    ['uin=123', undefined],
    ['stsNumber=77УК123456', undefined],
  ])('%s names %o', (query, target) => expect(targetFromQuery(new URLSearchParams(query))).toEqual(target));
});
