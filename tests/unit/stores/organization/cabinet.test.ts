import { useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { $cabinet, addOrganization, openCabinet, previewCompany } from '../../../../src/stores/organization/cabinet.ts';
import { $fleet, $fleetImport, confirmImport, loadFleet, previewImport } from '../../../../src/stores/organization/fleet.ts';
import { fail, fakeApi, ok } from '../fakeApi.ts';
import { $notices } from '../../../../src/stores/notices.ts';
import { accountReply, resetAccountStores, signedIn } from '../account/fixtures.ts';

beforeAll(() => useTestStorageEngine());
beforeEach(() => {
  resetAccountStores();
  $cabinet.set({ view: { kind: 'checking' }, organizations: [], selected: undefined, busy: false, error: '' });
});
afterEach(() => resetAccountStores());

const row = (line: number, error: string | null = null, status: 'ready' | 'added' | 'exists' | 'invalid' = error === null ? 'ready' : 'invalid') => ({ line, sts: '7734654321', vehiclePlateNumber: 'М555ММ', vehiclePlateRegion: '50', model: null, error, status });

describe('opening the cabinet', () => {
  it('sends a visitor who is not signed in to register as an organization, and back', async () => {
    fakeApi({});
    await openCabinet('/organization/', '');
    expect($cabinet.get().view).toEqual({ kind: 'leaving', to: '/auth/?mode=register&userType=3&back=%2Forganization%2F' });
  });

  it('offers an account that is not a legal entity to become one', async () => {
    signedIn({});
    fakeApi({ 'GET /105/api/user': () => ok(accountReply({ userType: -1 })) });
    await openCabinet('/organization/', '');
    expect($cabinet.get().view).toEqual({ kind: 'notLegal' });
  });

  it('switches the account when the address asks (spec §2) and loads its organizations', async () => {
    signedIn({});
    const api = fakeApi({
      'GET /105/api/user': () => ok(accountReply({ userType: -1 })),
      'POST /105/api/user/type': () => ok(accountReply({ userType: 3 })),
      'GET /105/api/organization': () => ok({ items: [] }),
      'GET /105/api/organization/subscription-end': () => ok({ isSubscriptionEnd: false }),
    });
    await openCabinet('/organization/', '?userType=3&isChangeUserType=1');
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toContain('POST /105/api/user/type');
    expect($cabinet.get().view).toEqual({ kind: 'ready' });
  });
});

describe('adding an organization', () => {
  it.each([
    ['', 'Не удалось найти компанию: ИНН должен состоять из 10 цифр'],
    ['123', 'Не удалось найти компанию: ИНН должен состоять из 10 цифр'],
    ['7707083894', 'Некорректный ИНН'],
  ])('refuses %j before asking the server: %s', async (inn, message) => {
    signedIn({ userType: 3 });
    const api = fakeApi({});
    expect(await addOrganization(inn, '')).toBe(message);
    expect(api.calls).toHaveLength(0);
  });

  it('looks the ИНН up in the register with the session (the lookup is for accounts only), and shows its limit', async () => {
    signedIn({ userType: 3 });
    const company = { inn: '7707083893', name: 'ПАО «Сбербанк»', kpp: '773601001', ogrn: '1027700132195', address: 'г. Москва', type: 'legal' };
    const api = fakeApi({ 'GET /105/api/company': [() => ok(company), () => fail(429, 'Слишком много запросов. Повторите через 120 с')] });
    expect(await previewCompany('7707083893')).toEqual({ company });
    expect(api.calls[0]?.headers.get('x-session')).toBe('a'.repeat(64));
    expect(api.calls[0]?.query.get('session')).toBeNull();
    expect(await previewCompany('7707083893')).toEqual({ error: 'Слишком много запросов. Повторите через 120 с' });
  });

  it('shows the server\'s refusal', async () => {
    signedIn({ userType: 3 });
    fakeApi({ 'POST /105/api/organization': () => fail(409, 'Организация с этим ИНН уже добавлена') });
    expect(await addOrganization('7707083893', '')).toBe('Организация с этим ИНН уже добавлена');
  });
});

describe('importing a fleet', () => {
  it('reads the file first (preview), then adds only when asked', async () => {
    signedIn({ userType: 3 });
    const api = fakeApi({
      'GET /105/api/organization/5/vehicles': () => ok({ items: [] }),
      'GET /105/api/organization/5/drivers': () => ok({ items: [] }),
    });
    api.on('POST /105/api/organization/5/vehicles/import', [() => ok({ rows: [row(2), row(3, 'Некорректный номер СТС')], added: 0, preview: true }), () => ok({ rows: [row(2, null, 'added'), row(3, 'Некорректный номер СТС')], added: 1, preview: false })]);
    await loadFleet(5);
    await previewImport(new File(['x'], 'park.csv'));
    expect($fleetImport.get()).toMatchObject({ rows: [row(2), row(3, 'Некорректный номер СТС')], added: undefined, error: '' });
    const previewBody = api.calls.find((c) => c.path.endsWith('/import'))?.body ?? '';
    expect(previewBody).toContain('name="preview"');
    await confirmImport();
    expect($fleetImport.get().added).toBe(1);
    // The rows now say what became of each: the good one reads «Добавлено» (issue 24, item 15).
    expect($fleetImport.get().rows.map((r) => r.status)).toEqual(['added', 'invalid']);
    expect($notices.get().at(-1)).toMatchObject({ kind: 'success', message: 'Добавлен 1\u00a0автомобиль' });
    expect(api.calls.filter((c) => c.path.endsWith('/import'))).toHaveLength(2);
    expect($fleet.get().organizationId).toBe(5);
  });

  it('refuses a file that is not XLSX or CSV without sending it', async () => {
    signedIn({ userType: 3 });
    const api = fakeApi({ 'GET /105/api/organization/5/vehicles': () => ok({ items: [] }), 'GET /105/api/organization/5/drivers': () => ok({ items: [] }) });
    await loadFleet(5);
    await previewImport(new File(['x'], 'park.pdf'));
    expect($fleetImport.get().error).toBe('Нужен файл XLSX или CSV');
    expect(api.calls.some((c) => c.path.endsWith('/import'))).toBe(false);
  });
});
