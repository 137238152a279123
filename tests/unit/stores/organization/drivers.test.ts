import { useTestStorageEngine } from '@nanostores/persistent';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { $drivers, $waybillImport, confirmWaybills, downloadDriverStatement, loadDrivers, previewWaybills, addDriverAssignment } from '../../../../src/stores/organization/drivers.ts';
import { $fleetFines } from '../../../../src/stores/organization/fleetFines.ts';
import { fail, fakeApi, ok } from '../fakeApi.ts';
import { resetAccountStores, signedIn } from '../account/fixtures.ts';

// Issue 26: the drivers' board store drives the API and words its failures.

beforeAll(() => useTestStorageEngine());
beforeEach(() => {
  resetAccountStores();
  $drivers.set({ organizationId: undefined, board: undefined, busy: false, error: '' });
  $waybillImport.set({ file: undefined, rows: [], busy: false, error: '', added: undefined });
  $fleetFines.set({ ...$fleetFines.get(), organizationId: undefined });
});
afterEach(() => resetAccountStores());

const board = { drivers: [{ id: 3, driverLicense: '7701123456', fullName: 'Иванов Иван Иванович', email: null }], assignments: [], notifyDrivers: false, unmatched: 2 };
const row = (line: number, status: 'ready' | 'added' | 'invalid', error: string | null = null) => ({ line, vehicle: 'А123ВС 77', driver: 'Иванов Иван Иванович', startsAt: '2026-03-10T08:00', endsAt: '2026-03-10T20:00', newDriver: false, error, status });

describe('the drivers board', () => {
  it('loads the board of the chosen organization', async () => {
    signedIn({ userType: 3 });
    fakeApi({ 'GET /105/api/organization/7/drivers/board': () => ok(board) });
    await loadDrivers(7);
    expect($drivers.get()).toEqual({ organizationId: 7, board, busy: false, error: '' });
  });

  it('shows why the server refused an overlapping waybill', async () => {
    signedIn({ userType: 3 });
    const api = fakeApi({
      'GET /105/api/organization/7/drivers/board': () => ok(board),
      'POST /105/api/organization/7/assignments': () => fail(409, 'У автомобиля в это время уже есть водитель: путевые листы одного автомобиля не должны пересекаться'),
    });
    await loadDrivers(7);
    expect(await addDriverAssignment({ vehicleId: 1, driverId: 3, startsAt: '2026-03-10T08:00', endsAt: '2026-03-10T20:00' })).toBe('У автомобиля в это время уже есть водитель: путевые листы одного автомобиля не должны пересекаться');
    expect(new URLSearchParams(api.calls.find((c) => c.method === 'POST')?.body).get('startsAt')).toBe('2026-03-10T08:00');
  });

  it('previews a register, then adds its good rows and reloads the board', async () => {
    signedIn({ userType: 3 });
    const api = fakeApi({
      'GET /105/api/organization/7/drivers/board': () => ok(board),
      'POST /105/api/organization/7/waybills/import': [() => ok({ rows: [row(2, 'ready'), row(3, 'invalid', 'Не указан водитель')], added: 0, preview: true }), () => ok({ rows: [row(2, 'added'), row(3, 'invalid', 'Не указан водитель')], added: 1, preview: false })],
    });
    await loadDrivers(7);
    await previewWaybills(new File(['x'], 'reestr.csv'));
    expect($waybillImport.get()).toMatchObject({ busy: false, added: undefined, rows: [{ status: 'ready' }, { status: 'invalid' }] });
    await confirmWaybills();
    expect($waybillImport.get()).toMatchObject({ busy: false, added: 1 });
    expect(api.calls.filter((c) => c.path.endsWith('/drivers/board'))).toHaveLength(2);
  });

  it('refuses a file that is not a spreadsheet before sending it', async () => {
    signedIn({ userType: 3 });
    const api = fakeApi({ 'GET /105/api/organization/7/drivers/board': () => ok(board) });
    await loadDrivers(7);
    await previewWaybills(new File(['x'], 'reestr.pdf'));
    expect($waybillImport.get().error).toBe('Нужен файл XLSX или CSV');
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('asks for the statement with the payment in kopecks, and refuses a payment that is not a sum', async () => {
    signedIn({ userType: 3 });
    const api = fakeApi({ 'GET /105/api/organization/7/drivers/board': () => ok(board) });
    await loadDrivers(7);
    expect(await downloadDriverStatement(3, { month: '2026-03', format: 'xlsx', payRoubles: 'много' }, () => undefined)).toBe('Выплата — сумма в рублях, например 45000');
    await downloadDriverStatement(3, { month: '2026-03', format: 'pdf', payRoubles: '45 000,50' }, () => undefined);
    const asked = api.calls.find((c) => c.path.endsWith('/statement'));
    expect([asked?.query.get('month'), asked?.query.get('format'), asked?.query.get('pay')]).toEqual(['2026-03', 'pdf', '4500050']);
  });
});
