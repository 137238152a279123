import { setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_MESSAGES } from '../../../../src/api/userMessage.ts';
import { $account, signOut } from '../../../../src/stores/auth/account.ts';
import { $notices } from '../../../../src/stores/notices.ts';
import {
  $documents,
  $documentsLoad,
  DOCUMENTS_CACHE_MS,
  DOCUMENT_CAP,
  addDriverLicence,
  addTaxId,
  addVehicle,
  editDriverLicence,
  editTaxId,
  editVehicle,
  ensureDocuments,
  importVehicles,
  reloadDocuments,
  removeDriverLicence,
  removeTaxId,
  removeVehicle,
} from '../../../../src/stores/profile/documents.ts';
import type { DocumentLists } from '../../../../src/stores/profile/documents.ts';
import { USER, fail, fakeApi, ok } from '../fakeApi.ts';
import { formOf, innFixture, licenceFixture, resetAccountStores, signedIn, stsFixture } from './fixtures.ts';

const EXPIRED = 'Сессия истекла, войдите снова';
const NOW = 1_790_000_000_000;
const now = () => NOW;

beforeAll(() => useTestStorageEngine());
beforeEach(() => resetAccountStores());
afterEach(() => resetAccountStores());

/** Puts lists in the cache. */
function cached(lists: Partial<DocumentLists>): void {
  $documents.set({ transport: [], driverLicense: [], inn: [], documentsExpiration: NOW + 1000, ...lists });
}

const notices = () => $notices.get().map((n) => [n.kind, n.message]);
const listRoutes = () => ({
  'GET /105/api/sts': () => ok({ sts: [stsFixture(1), stsFixture(2)] }),
  'GET /105/api/driverLicense': () => ok({ driverLicense: [licenceFixture(3)] }),
  'GET /105/api/inn': () => ok({ items: [innFixture(4)] }),
});

describe('reloadDocuments (spec §4 Documents reload)', () => {
  it('fetches vehicles, licences and tax numbers with the session and keeps them for 3600 s', async () => {
    signedIn({});
    const api = fakeApi(listRoutes());
    await reloadDocuments(now);
    expect(api.calls.map((c) => `${c.method} ${c.path}`).sort()).toEqual(['GET /105/api/driverLicense', 'GET /105/api/inn', 'GET /105/api/sts']);
    for (const call of api.calls) expect(call.headers.get('X-Session')).toBe(USER.session);
    expect(DOCUMENTS_CACHE_MS).toBe(3_600_000);
    expect($documents.get()).toEqual({
      transport: [stsFixture(1), stsFixture(2)],
      driverLicense: [licenceFixture(3)],
      inn: [innFixture(4)],
      documentsExpiration: NOW + 3_600_000,
    });
    expect($documentsLoad.get()).toEqual({ busy: false, error: '' });
  });

  it('runs whatever the expiry (a cache that is still fresh is replaced)', async () => {
    signedIn({});
    cached({ transport: [stsFixture(9)], documentsExpiration: NOW + 3_000_000 });
    const api = fakeApi(listRoutes());
    await reloadDocuments(now);
    expect(api.calls).toHaveLength(3);
    expect($documents.get().transport.map((s) => s.id)).toEqual([1, 2]);
    expect($documents.get().documentsExpiration).toBe(NOW + 3_600_000);
  });

  it('is busy while fetching and ignores a second reload meanwhile', async () => {
    signedIn({});
    let release: () => void = () => {};
    const api = fakeApi({ ...listRoutes(), 'GET /105/api/sts': () => new Promise((resolve) => (release = () => resolve(ok({ sts: [] })))) });
    const first = reloadDocuments(now);
    expect($documentsLoad.get().busy).toBe(true);
    await vi.waitFor(() => expect(api.calls).toHaveLength(3));
    await reloadDocuments(now);
    expect(api.calls).toHaveLength(3);
    release();
    await first;
    expect($documentsLoad.get().busy).toBe(false);
  });

  it('a refused session (401) marks it expired and keeps the cache', async () => {
    signedIn({});
    cached({ transport: [stsFixture(9)] });
    fakeApi({ ...listRoutes(), 'GET /105/api/inn': () => fail(401, EXPIRED) });
    await reloadDocuments(now);
    expect($account.get().sessionExpired).toBe(true);
    expect($documentsLoad.get()).toEqual({ busy: false, error: EXPIRED });
    expect($documents.get().transport.map((s) => s.id)).toEqual([9]);
  });

  it('without a session asks nothing and says it expired', async () => {
    $account.set({ ...$account.get(), isWebUser: true });
    const api = fakeApi(listRoutes());
    await reloadDocuments(now);
    expect(api.calls).toHaveLength(0);
    expect($account.get().sessionExpired).toBe(true);
    expect($documentsLoad.get().error).toBe(EXPIRED);
  });

  it('words other failures and leaves the session alone', async () => {
    signedIn({});
    fakeApi({ ...listRoutes(), 'GET /105/api/sts': () => fail(502, 'Bad gateway') });
    await reloadDocuments(now);
    expect($documentsLoad.get()).toEqual({ busy: false, error: USER_MESSAGES.server });
    expect($account.get().sessionExpired).toBe(false);
  });
});

describe('ensureDocuments: only when the cache has expired', () => {
  it.each<[string, number, number]>([
    ['never fetched', 0, 3],
    ['expired a while ago', NOW - 1, 3],
    ['expiring right now', NOW, 3],
    ['still fresh', NOW + 1, 0],
  ])('%s → %i requests', async (_name, expiration, requests) => {
    signedIn({});
    cached({ documentsExpiration: expiration });
    const api = fakeApi(listRoutes());
    await ensureDocuments(now);
    expect(api.calls).toHaveLength(requests);
  });
});

describe('stored lists', () => {
  it('are capped at 50 per type when read back, and unreadable text is an empty cache', () => {
    const unlisten = $documents.listen(() => {});
    const many = Array.from({ length: 60 }, (_, i) => stsFixture(i + 1));
    setTestStorageKey('documents', JSON.stringify({ transport: many, driverLicense: [licenceFixture(1)], inn: 'oops', documentsExpiration: 5 }));
    expect($documents.get().transport).toHaveLength(DOCUMENT_CAP);
    expect($documents.get()).toMatchObject({ driverLicense: [licenceFixture(1)], inn: [], documentsExpiration: 5 });
    setTestStorageKey('documents', '{broken');
    expect($documents.get()).toEqual({ transport: [], driverLicense: [], inn: [], documentsExpiration: 0 });
    unlisten();
  });
});

describe('vehicles', () => {
  const request = { sts: '77 ук 123456', vehiclePlateNumber: 'а123вс', vehiclePlateRegion: '77' };

  it('adding one already in the list (same СТС number, however typed) is ignored without a request', async () => {
    signedIn({});
    cached({ transport: [stsFixture(1, '77УК123456')] });
    const api = fakeApi({});
    await expect(addVehicle(request)).resolves.toBeUndefined();
    expect(api.calls).toHaveLength(0);
    expect($documents.get().transport).toHaveLength(1);
    expect(notices()).toEqual([['info', 'Это СТС уже есть в профиле']]);
  });

  it('at the cap of 50 says so, without a request', async () => {
    signedIn({});
    cached({ transport: Array.from({ length: DOCUMENT_CAP }, (_, i) => stsFixture(i + 1)) });
    const api = fakeApi({});
    await expect(addVehicle(request)).resolves.toBe('Можно добавить не больше 50 СТС');
    expect(api.calls).toHaveLength(0);
  });

  it('sends the vehicle and appends what the server stored', async () => {
    signedIn({});
    cached({ transport: [stsFixture(1)] });
    const added = { ...stsFixture(2, '77УК123456'), vehiclePlate: 'А123ВС 77' };
    const api = fakeApi({ 'POST /105/api/sts': () => ok({ item: added, added: true }) });
    await expect(addVehicle(request)).resolves.toBeUndefined();
    expect(formOf(api.calls[0]?.body ?? '')).toEqual(request);
    expect(api.calls[0]?.headers.get('X-Session')).toBe(USER.session);
    expect($documents.get().transport).toEqual([stsFixture(1), added]);
    expect(notices()).toEqual([['success', 'СТС А123ВС 77 добавлено']]);
  });

  it('does not list twice a vehicle the server already had', async () => {
    signedIn({});
    cached({ transport: [stsFixture(1)] });
    fakeApi({ 'POST /105/api/sts': () => ok({ item: stsFixture(1), added: false }) });
    await addVehicle({ ...request, sts: '7711222333' });
    expect($documents.get().transport).toEqual([stsFixture(1)]);
  });

  it("returns the server's message and keeps the list when it refuses", async () => {
    signedIn({});
    cached({ transport: [stsFixture(1)] });
    fakeApi({ 'POST /105/api/sts': () => fail(422, 'Некорректный номер СТС') });
    await expect(addVehicle(request)).resolves.toBe('Некорректный номер СТС');
    expect($documents.get().transport).toEqual([stsFixture(1)]);
    expect(notices()).toEqual([]);
  });

  it('edits the one with that id only', async () => {
    signedIn({});
    cached({ transport: [stsFixture(1), stsFixture(2), stsFixture(3)] });
    const edited = { ...stsFixture(2), vehiclePlate: 'В777ОР 99', vehiclePlateNumber: 'В777ОР', vehiclePlateRegion: '99' };
    const api = fakeApi({ 'PUT /105/api/sts/2': () => ok({ item: edited }) });
    await expect(editVehicle(2, { sts: stsFixture(2).sts, vehiclePlateNumber: 'В777ОР', vehiclePlateRegion: '99' })).resolves.toBeUndefined();
    expect(formOf(api.calls[0]?.body ?? '')).toEqual({ sts: stsFixture(2).sts, vehiclePlateNumber: 'В777ОР', vehiclePlateRegion: '99' });
    expect($documents.get().transport).toEqual([stsFixture(1), edited, stsFixture(3)]);
    expect(notices()).toEqual([['success', 'СТС изменено']]);
  });

  it('removes the one with that id only', async () => {
    signedIn({});
    cached({ transport: [stsFixture(1), stsFixture(2), stsFixture(3)] });
    const api = fakeApi({ 'DELETE /105/api/sts': () => ok({ deleted: 2 }) });
    await expect(removeVehicle(2)).resolves.toBeUndefined();
    expect(api.calls[0]?.query.get('id')).toBe('2');
    expect($documents.get().transport.map((s) => s.id)).toEqual([1, 3]);
  });

  it('a failed removal keeps the vehicle', async () => {
    signedIn({});
    cached({ transport: [stsFixture(1)] });
    fakeApi({ 'DELETE /105/api/sts': () => fail(404, 'СТС не найдено') });
    await expect(removeVehicle(1)).resolves.toBe('СТС не найдено');
    expect($documents.get().transport).toEqual([stsFixture(1)]);
  });

  it('imports a list at once and shows the list the server answers', async () => {
    signedIn({});
    cached({ transport: [stsFixture(1)] });
    const list = [
      { sts: '7700000002', vehiclePlateNumber: 'А123ВС', vehiclePlateRegion: '77' },
      { sts: '7700000003', vehiclePlateNumber: 'В456ОР', vehiclePlateRegion: '99' },
    ];
    const api = fakeApi({ 'POST /105/api/sts/import': () => ok({ sts: [stsFixture(1), stsFixture(2), stsFixture(3)], added: 2 }) });
    await expect(importVehicles(list)).resolves.toBeUndefined();
    expect(JSON.parse(formOf(api.calls[0]?.body ?? '')['stsList'] ?? '')).toEqual(list);
    expect($documents.get().transport.map((s) => s.id)).toEqual([1, 2, 3]);
    expect(notices()).toEqual([['success', 'Добавлено СТС: 2']]);
  });

  it('an import that adds nothing says so', async () => {
    signedIn({});
    fakeApi({ 'POST /105/api/sts/import': () => ok({ sts: [stsFixture(1)], added: 0 }) });
    await importVehicles([{ sts: stsFixture(1).sts, vehiclePlateNumber: 'А123ВС', vehiclePlateRegion: '77' }]);
    expect(notices()).toEqual([['success', 'Все эти СТС уже были в профиле']]);
  });

  it('an empty import is refused without a request; a refused import changes nothing', async () => {
    signedIn({});
    cached({ transport: [stsFixture(1)] });
    const api = fakeApi({ 'POST /105/api/sts/import': () => fail(422, 'Строка 2: некорректный номер СТС') });
    await expect(importVehicles([])).resolves.toBe('Список пуст: добавьте хотя бы одну строку');
    expect(api.calls).toHaveLength(0);
    await expect(importVehicles([{ sts: 'x', vehiclePlateNumber: 'y', vehiclePlateRegion: 'z' }])).resolves.toBe('Строка 2: некорректный номер СТС');
    expect($documents.get().transport).toEqual([stsFixture(1)]);
  });
});

describe('driver licences', () => {
  const request = { driverLicense: '9912000005', issue_date: '01.02.2020', surname: 'Иванов', name: 'Иван', patronymic: 'Иванович' };

  it('adds one, sending only the filled fields', async () => {
    signedIn({});
    cached({ driverLicense: [licenceFixture(1)] });
    const api = fakeApi({ 'POST /105/api/driverLicense': () => ok({ item: licenceFixture(5), added: true }) });
    await expect(addDriverLicence({ driverLicense: '9912000005', issue_date: '', surname: ' ' })).resolves.toBeUndefined();
    expect(formOf(api.calls[0]?.body ?? '')).toEqual({ driverLicense: '9912000005' });
    expect($documents.get().driverLicense.map((d) => d.id)).toEqual([1, 5]);
    expect(notices()).toEqual([['success', 'Водительское удостоверение добавлено']]);
  });

  it('one the server already had is not listed twice', async () => {
    signedIn({});
    cached({ driverLicense: [licenceFixture(1)] });
    fakeApi({ 'POST /105/api/driverLicense': () => ok({ item: licenceFixture(1), added: false }) });
    await addDriverLicence(request);
    expect($documents.get().driverLicense).toEqual([licenceFixture(1)]);
    expect(notices()).toEqual([['info', 'Это удостоверение уже есть в профиле']]);
  });

  it('at the cap says so without a request', async () => {
    signedIn({});
    cached({ driverLicense: Array.from({ length: DOCUMENT_CAP }, (_, i) => licenceFixture(i + 1)) });
    const api = fakeApi({});
    await expect(addDriverLicence(request)).resolves.toBe('Можно добавить не больше 50 водительских удостоверений');
    expect(api.calls).toHaveLength(0);
  });

  it('edits and removes by id', async () => {
    signedIn({});
    cached({ driverLicense: [licenceFixture(1), licenceFixture(2)] });
    const edited = { ...licenceFixture(2), surname: 'Петров', driverName: 'Петров Иван Иванович' };
    const api = fakeApi({ 'PUT /105/api/dl/2': () => ok({ item: edited }), 'DELETE /105/api/driverLicense': () => ok({ deleted: 1 }) });
    await expect(editDriverLicence(2, { ...request, surname: 'Петров' })).resolves.toBeUndefined();
    expect($documents.get().driverLicense).toEqual([licenceFixture(1), edited]);
    await expect(removeDriverLicence(1)).resolves.toBeUndefined();
    expect(api.calls[1]?.query.get('id')).toBe('1');
    expect($documents.get().driverLicense).toEqual([edited]);
  });
});

describe('tax numbers (ИНН)', () => {
  it('adds one; one the server already had is not listed twice', async () => {
    signedIn({});
    const api = fakeApi({ 'POST /105/api/inn': [() => ok({ item: innFixture(4), added: true }), () => ok({ item: innFixture(4), added: false })] });
    await expect(addTaxId({ inn: '500100732259', innName: 'Мой' })).resolves.toBeUndefined();
    expect(formOf(api.calls[0]?.body ?? '')).toEqual({ inn: '500100732259', innName: 'Мой' });
    await addTaxId({ inn: '500100732259' });
    expect($documents.get().inn).toEqual([innFixture(4)]);
    expect(notices()).toEqual([
      ['success', 'ИНН добавлен'],
      ['info', 'Этот ИНН уже есть в профиле'],
    ]);
  });

  it('at the cap says so without a request', async () => {
    signedIn({});
    cached({ inn: Array.from({ length: DOCUMENT_CAP }, (_, i) => innFixture(i + 1)) });
    const api = fakeApi({});
    await expect(addTaxId({ inn: '500100732259' })).resolves.toBe('Можно добавить не больше 50 ИНН');
    expect(api.calls).toHaveLength(0);
  });

  it('edits and removes by id', async () => {
    signedIn({});
    cached({ inn: [innFixture(1), innFixture(2, '7707083893')] });
    const edited = { ...innFixture(1), innName: 'Рабочий' };
    const api = fakeApi({ 'PUT /105/api/inn/1': () => ok({ item: edited }), 'DELETE /105/api/inn/2': () => ok({ deleted: 2 }) });
    await expect(editTaxId(1, { inn: innFixture(1).inn, innName: 'Рабочий' })).resolves.toBeUndefined();
    expect($documents.get().inn).toEqual([edited, innFixture(2, '7707083893')]);
    await expect(removeTaxId(2)).resolves.toBeUndefined();
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['PUT /105/api/inn/1', 'DELETE /105/api/inn/2']);
    expect($documents.get().inn).toEqual([edited]);
    expect(notices()).toEqual([
      ['success', 'ИНН изменён'],
      ['success', 'ИНН удалён'],
    ]);
  });
});

describe('a refused session while changing documents (401)', () => {
  it.each<[string, string, () => Promise<string | undefined>]>([
    ['adding a vehicle', 'POST /105/api/sts', () => addVehicle({ sts: '7711222333', vehiclePlateNumber: 'А123ВС', vehiclePlateRegion: '77' })],
    ['editing a vehicle', 'PUT /105/api/sts/1', () => editVehicle(1, { sts: '7711222333', vehiclePlateNumber: 'А123ВС', vehiclePlateRegion: '77' })],
    ['removing a vehicle', 'DELETE /105/api/sts', () => removeVehicle(1)],
    ['importing', 'POST /105/api/sts/import', () => importVehicles([{ sts: '7711222333', vehiclePlateNumber: 'А123ВС', vehiclePlateRegion: '77' }])],
    ['adding a licence', 'POST /105/api/driverLicense', () => addDriverLicence({ driverLicense: '9912000005' })],
    ['editing a licence', 'PUT /105/api/dl/1', () => editDriverLicence(1, { driverLicense: '9912000005' })],
    ['removing a licence', 'DELETE /105/api/driverLicense', () => removeDriverLicence(1)],
    ['adding an ИНН', 'POST /105/api/inn', () => addTaxId({ inn: '500100732259' })],
    ['editing an ИНН', 'PUT /105/api/inn/1', () => editTaxId(1, { inn: '500100732259' })],
    ['removing an ИНН', 'DELETE /105/api/inn/1', () => removeTaxId(1)],
  ])('%s marks the session expired and says so', async (_name, route, act) => {
    signedIn({});
    cached({ transport: [stsFixture(1)], driverLicense: [licenceFixture(1)], inn: [innFixture(1)] });
    const before = $documents.get();
    fakeApi({ [route]: () => fail(401, EXPIRED) });
    await expect(act()).resolves.toBe(EXPIRED);
    expect($account.get()).toMatchObject({ isWebUser: true, sessionExpired: true });
    expect($documents.get()).toEqual(before);
  });
});

describe('signing out while a request runs (spec §4 Logout: local state is cleared)', () => {
  /** A route that answers only when released. */
  function held(answer: ReturnType<typeof ok>) {
    let release: () => void = () => {};
    return { handler: () => new Promise<ReturnType<typeof ok>>((resolve) => (release = () => resolve(answer))), release: () => release() };
  }

  it('a reload that answers after sign-out does not bring the documents back', async () => {
    signedIn({});
    const sts = held(ok({ sts: [stsFixture(1)] }));
    const api = fakeApi({ ...listRoutes(), 'GET /105/api/sts': sts.handler, 'POST /105/api/logout': () => ok({ revoked: 1 }) });
    const reload = reloadDocuments(now);
    await vi.waitFor(() => expect(api.calls).toHaveLength(3));
    await signOut();
    sts.release();
    await reload;
    expect($documents.get()).toEqual({ transport: [], driverLicense: [], inn: [], documentsExpiration: 0 });
    expect($documentsLoad.get()).toEqual({ busy: false, error: '' });
  });

  it('a vehicle added just before sign-out is not kept in this browser', async () => {
    signedIn({});
    cached({ transport: [stsFixture(1)] });
    const add = held(ok({ item: stsFixture(2), added: true }));
    const api = fakeApi({ 'POST /105/api/sts': add.handler, 'POST /105/api/logout': () => ok({ revoked: 1 }) });
    const adding = addVehicle({ sts: '7711222333', vehiclePlateNumber: 'А123ВС', vehiclePlateRegion: '77' });
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));
    await signOut();
    add.release();
    await adding;
    expect($documents.get().transport).toEqual([]);
  });
});
