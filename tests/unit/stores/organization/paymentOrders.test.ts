import { useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../../src/api/client.ts';
import { $paymentOrders, downloadOrders, openPaymentOrders, saveAccount, toggleAllFines, toggleFine } from '../../../../src/stores/organization/paymentOrders.ts';
import { $fleetFines, showOrganizationFines } from '../../../../src/stores/organization/fleetFines.ts';
import { resetAccountStores, signedIn } from '../account/fixtures.ts';
import { fail, fakeApi, ok } from '../fakeApi.ts';

const BANK = { account: '40702810938000012345', bik: '044525225', bankName: 'ПАО Сбербанк', correspondentAccount: '30101810400000000225' };
const fine = (id: number) => ({
  id, organizationId: 5, organizationName: 'ООО «Вектор»', vehicleId: 1, driverId: null, foundBy: 'А123ВС 77', uin: `1881017725061200${String(id).padStart(4, '0')}`, article: '12.9.2', articleTitle: 'Превышение скорости',
  rulingDate: '2026-03-10', place: 'г. Москва', fullAmount: 750, amountToPay: 375, fullAmountKopecks: 75_000, amountToPayKopecks: 37_500, discountActive: true, discountLastDay: '2026-04-09', paid: false, masked: false,
});
const page = (exported: Record<string, string>) => ok({ fines: { items: [fine(11), fine(12), fine(13)], total: 3, page: 1, showBy: 100, totals: { count: 3, unpaid: 3, toPay: 1125, discounted: 3, savings: 1125 } }, exported, bankAccountSaved: true, paid: true });

beforeAll(() => useTestStorageEngine());
beforeEach(() => resetAccountStores());
afterEach(() => resetAccountStores());

describe('the cabinet’s «Платёжки для банка»', () => {
  it('loads the account and the unpaid fines, ticks fines, downloads the orders, saves the file and shows the marks', async () => {
    signedIn({ userType: 3 });
    const api = fakeApi({
      'GET /105/api/organization/5/bank-account': () => ok({ account: BANK }),
      'GET /105/api/organization/5/payment-orders/fines': [() => page({}), () => page({ '11': '2026-03-16T07:00:00.000Z', '13': '2026-03-16T07:00:00.000Z' })],
    });
    await openPaymentOrders(5);
    expect($paymentOrders.get()).toMatchObject({ organizationId: 5, account: BANK, busy: false, selected: [] });
    toggleFine(11);
    toggleFine(13);
    toggleFine(12);
    toggleFine(12);
    expect($paymentOrders.get().selected).toEqual([11, 13]);
    const previous = configureApiClient({});
    const bodies: string[] = [];
    configureApiClient({
      fetch: async (input, init) => {
        if (String(input).endsWith('/payment-orders') && init?.method === 'POST') {
          bodies.push(String(init.body));
          return new Response(new Uint8Array([0x31]), { headers: { 'content-type': 'text/plain; charset=windows-1251', 'content-disposition': 'attachment; filename="platezhki-shtrafy-2026-03-16.txt"' } });
        }
        return previous.fetch(input, init);
      },
    });
    const saved: string[] = [];
    await downloadOrders('selected', '1c', (name) => saved.push(name));
    expect(bodies).toEqual(['fineIds=11%2C13&format=1c']);
    expect(saved).toEqual(['platezhki-shtrafy-2026-03-16.txt']);
    expect($paymentOrders.get()).toMatchObject({ downloading: false, saved: 'platezhki-shtrafy-2026-03-16.txt', selected: [], error: '' });
    expect($paymentOrders.get().reply?.exported).toEqual({ '11': '2026-03-16T07:00:00.000Z', '13': '2026-03-16T07:00:00.000Z' });
    expect(api.calls.filter((c) => c.path.endsWith('/payment-orders/fines'))).toHaveLength(2);
  });

  it('refreshes the cabinet’s main table of fleet fines too, so it shows «выгружен в платёжку» at once', async () => {
    signedIn({ userType: 3 });
    const table = (exportedAt: string | null) => ok({ items: [{ ...fine(11), exportedAt }], total: 1, page: 1, showBy: 20, totals: { count: 1, unpaid: 1, toPay: 375, discounted: 1, savings: 375 } });
    const api = fakeApi({
      'GET /105/api/organization/5/bank-account': () => ok({ account: BANK }),
      'GET /105/api/organization/5/payment-orders/fines': () => page({}),
      'GET /105/api/organization/fines': [() => table(null), () => table('2026-03-16T07:00:00.000Z')],
      'POST /105/api/organization/5/payment-orders': () => ({ json: 'file' }),
    });
    await showOrganizationFines(5);
    expect($fleetFines.get().reply?.items[0]?.exportedAt).toBeNull();
    await openPaymentOrders(5);
    toggleFine(11);
    const previous = configureApiClient({});
    configureApiClient({
      fetch: async (input, init) =>
        String(input).endsWith('/payment-orders') && init?.method === 'POST'
          ? new Response(new Uint8Array([0x31]), { headers: { 'content-type': 'text/plain; charset=windows-1251', 'content-disposition': 'attachment; filename="platezhki-shtrafy-2026-03-16.txt"' } })
          : previous.fetch(input, init),
    });
    await downloadOrders('selected', '1c', () => undefined);
    expect($fleetFines.get().reply?.items[0]?.exportedAt).toBe('2026-03-16T07:00:00.000Z');
    expect(api.calls.filter((c) => c.path === '/105/api/organization/fines')).toHaveLength(2);
    $fleetFines.set({ ...$fleetFines.get(), organizationId: undefined, reply: undefined });
  });

  it('ticks the whole page, then none', async () => {
    signedIn({ userType: 3 });
    fakeApi({ 'GET /105/api/organization/5/bank-account': () => ok({ account: null }), 'GET /105/api/organization/5/payment-orders/fines': () => page({}) });
    await openPaymentOrders(5);
    toggleAllFines();
    expect($paymentOrders.get().selected).toEqual([11, 12, 13]);
    toggleAllFines();
    expect($paymentOrders.get().selected).toEqual([]);
  });

  it('shows why the server refused the account or the file', async () => {
    signedIn({ userType: 3 });
    fakeApi({
      'GET /105/api/organization/5/bank-account': () => ok({ account: null }),
      'GET /105/api/organization/5/payment-orders/fines': () => page({}),
      'POST /105/api/organization/5/bank-account': () => fail(422, 'БИК — 9 цифр'),
      'POST /105/api/organization/5/payment-orders': () => fail(403, 'Платёжки для банка выгружаются по оплаченной подписке'),
    });
    await openPaymentOrders(5);
    await saveAccount({ ...BANK, bik: '1' });
    expect($paymentOrders.get()).toMatchObject({ savingAccount: false, accountError: 'БИК — 9 цифр', account: null });
    await downloadOrders('discounted', '1c', () => undefined);
    expect($paymentOrders.get()).toMatchObject({ downloading: false, error: 'Платёжки для банка выгружаются по оплаченной подписке', saved: '' });
  });
});
