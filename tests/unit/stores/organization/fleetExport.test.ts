import { useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { $fleetExport, chooseExport, downloadExport, openFleetExport } from '../../../../src/stores/organization/fleetExport.ts';
import { configureApiClient } from '../../../../src/api/client.ts';
import { fakeApi, ok } from '../fakeApi.ts';
import { resetAccountStores, signedIn } from '../account/fixtures.ts';

const ORGANIZATION = { id: 5, name: 'ООО «Вектор Логистик»', inn: '7707083893', kpp: '770701001', ogrn: '1027700132195', address: 'г. Москва', type: 'legal', countDays: 7, subscribeType: 0, subscriptionEndDate: '2026-12-12T09:00:00.000Z', createdAt: '2026-12-05T09:00:00.000Z', updatedAt: '2026-12-05T09:00:00.000Z', isExpired: false, isDemo: true, isSubscriptionEndTomorrow: false, vehicles: 0, drivers: 0 };

beforeAll(() => useTestStorageEngine());
beforeEach(() => resetAccountStores());
afterEach(() => resetAccountStores());

describe('the fleet export (/download-file/)', () => {
  it('asks a visitor who is not signed in to sign in', async () => {
    fakeApi({});
    await openFleetExport('');
    expect($fleetExport.get().current).toEqual({ state: 'signedOut' });
  });

  it('preselects the organization the address names, then downloads the chosen file with the filters and saves it', async () => {
    signedIn({ userType: 3 });
    fakeApi({ 'GET /105/api/organization': () => ok({ items: [ORGANIZATION] }) });
    await openFleetExport('?organization=5');
    expect($fleetExport.get().current).toMatchObject({ state: 'ready', choice: { format: 'xlsx', organization: '5', paid: 'all', discount: false } });
    chooseExport({ format: 'csv', paid: '0', discount: true });
    const asked: URL[] = [];
    configureApiClient({
      fetch: async (input) => {
        asked.push(new URL(String(input), 'http://api.test'));
        return new Response('\uFEFFОрганизация;…', { headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="shtrafy-avtoparka-2026-12-05.csv"' } });
      },
    });
    const saved: { name: string; size: number }[] = [];
    await downloadExport((name, blob) => saved.push({ name, size: blob.size }));
    expect(asked[0]?.pathname).toBe('/105/api/organization/fines/export');
    expect(Object.fromEntries(asked[0]?.searchParams ?? [])).toEqual({ format: 'csv', organization: '5', paid: '0', discount: '1' });
    expect(saved).toEqual([{ name: 'shtrafy-avtoparka-2026-12-05.csv', size: expect.any(Number) }]);
    expect($fleetExport.get().current).toMatchObject({ downloading: false, saved: 'shtrafy-avtoparka-2026-12-05.csv' });
  });

  it('shows the server\'s refusal', async () => {
    signedIn({ userType: 3 });
    fakeApi({ 'GET /105/api/organization': () => ok({ items: [ORGANIZATION] }) });
    await openFleetExport('');
    configureApiClient({ fetch: async () => Response.json({ status: 'error', error: { errorDesc: 'Не найдено' } }, { status: 404 }) });
    await downloadExport(() => undefined);
    expect($fleetExport.get().current).toMatchObject({ downloading: false, message: 'Не найдено' });
  });
});
