import { map } from 'nanostores';
import { addAssignment, deleteAssignment, downloadStatement, fetchDriversBoard, importWaybills, setDriverNotices, setFineBearer, updateDriverEmail } from '../../api/fleetDrivers.ts';
import type { DriversBoard, WaybillRow } from '../../api/structs/fleetDrivers.ts';
import { userMessage } from '../../api/userMessage.ts';
import { waybillNotice } from '../../lib/waybillImportText.ts';
import { requireCredentials } from '../authData.ts';
import { onSignOut } from '../auth/account.ts';
import { notify } from '../notices.ts';
import { downloadInBrowser } from '../saveFile.ts';
import type { SaveFile } from '../saveFile.ts';
import { $fleet, loadFleet } from './fleet.ts';
import { loadFleetFines } from './fleetFines.ts';

/** The chosen organization's drivers, assignments and the drivers' mail setting. */
export type DriversState = { organizationId: number | undefined; board: DriversBoard | undefined; busy: boolean; error: string };

/** The drivers' board. */
export const $drivers = map<DriversState>({ organizationId: undefined, board: undefined, busy: false, error: '' });

/** A waybill register being imported: the file, its rows as read, and what happened. */
export type WaybillImportState = { file: File | undefined; rows: WaybillRow[]; busy: boolean; error: string; added: number | undefined };

/** The waybill import. */
export const $waybillImport = map<WaybillImportState>({ file: undefined, rows: [], busy: false, error: '', added: undefined });

onSignOut(() => {
  $drivers.set({ organizationId: undefined, board: undefined, busy: false, error: '' });
  resetWaybills();
});

/** Loads the board of an organization. */
export async function loadDrivers(organizationId: number): Promise<void> {
  $drivers.set({ ...$drivers.get(), organizationId, busy: true, error: '' });
  try {
    const board = await fetchDriversBoard(requireCredentials(), organizationId);
    if ($drivers.get().organizationId === organizationId) $drivers.set({ organizationId, board, busy: false, error: '' });
  } catch (error) {
    $drivers.set({ ...$drivers.get(), busy: false, error: userMessage(error) });
  }
}

/** Runs a change, then reloads the board and the fines (their drivers may have changed); answers the failure's message, or undefined. */
async function change(call: (organizationId: number) => Promise<void>): Promise<string | undefined> {
  const organizationId = $drivers.get().organizationId;
  if (organizationId === undefined) return 'Сначала выберите организацию';
  try {
    await call(organizationId);
    await Promise.all([loadDrivers(organizationId), loadFleetFines()]);
    return undefined;
  } catch (error) {
    return userMessage(error);
  }
}

/** Adds an assignment: who drove which vehicle from…to ('YYYY-MM-DDTHH:MM', the vehicle region's time). */
export function addDriverAssignment(form: { vehicleId: number; driverId: number; startsAt: string; endsAt: string }): Promise<string | undefined> {
  return change(async (id) => {
    await addAssignment(requireCredentials(), id, form);
    notify('success', 'Путевой лист добавлен');
  });
}

/** Removes an assignment. */
export function removeDriverAssignment(assignmentId: number): Promise<string | undefined> {
  return change((id) => deleteAssignment(requireCredentials(), id, assignmentId));
}

/** Saves a driver's e-mail ('' removes it). */
export function saveDriverEmail(driverId: number, email: string): Promise<string | undefined> {
  return change(async (id) => {
    await updateDriverEmail(requireCredentials(), id, driverId, email.trim());
    notify('success', email.trim() === '' ? 'Адрес водителя удалён' : 'Адрес водителя сохранён');
  });
}

/** Turns the drivers' mails on or off. */
export function switchDriverNotices(on: boolean): Promise<string | undefined> {
  return change(async (id) => {
    await setDriverNotices(requireCredentials(), id, on);
    notify('success', on ? 'Водители будут получать письма о новых штрафах' : 'Письма водителям выключены');
  });
}

/** Records who bears a fine. */
export async function chooseBearer(organizationId: number, fineId: number, bearer: 'company' | 'driver'): Promise<void> {
  try {
    await setFineBearer(requireCredentials(), organizationId, fineId, bearer);
    await loadFleetFines();
  } catch (error) {
    notify('error', userMessage(error));
  }
}

/** Downloads a driver's statement for a month; `payRoubles`: the next payment after tax, when known. Answers the failure's message, or undefined. */
export async function downloadDriverStatement(driverId: number, request: { month: string; format: 'xlsx' | 'pdf'; payRoubles: string }, save: SaveFile = downloadInBrowser): Promise<string | undefined> {
  const organizationId = $drivers.get().organizationId;
  if (organizationId === undefined) return 'Сначала выберите организацию';
  const pay = request.payRoubles.trim() === '' ? undefined : Math.round(Number(request.payRoubles.replace(/\s/g, '').replace(',', '.')) * 100);
  if (pay !== undefined && !(Number.isFinite(pay) && pay > 0)) return 'Выплата — сумма в рублях, например 45000';
  try {
    const file = await downloadStatement(requireCredentials(), organizationId, driverId, { month: request.month, format: request.format, ...(pay === undefined ? {} : { payKopecks: pay }) });
    save(file.filename, file.blob);
    return undefined;
  } catch (error) {
    return userMessage(error);
  }
}

/** Forgets the import in progress. */
export function resetWaybills(): void {
  $waybillImport.set({ file: undefined, rows: [], busy: false, error: '', added: undefined });
}

/** Reads a register on the server and shows its rows with what is wrong with each (nothing is added yet). */
export async function previewWaybills(file: File): Promise<void> {
  const organizationId = $drivers.get().organizationId;
  if (organizationId === undefined) return;
  if (!/\.(csv|xlsx)$/i.test(file.name)) {
    $waybillImport.set({ file: undefined, rows: [], busy: false, error: 'Нужен файл XLSX или CSV', added: undefined });
    return;
  }
  $waybillImport.set({ file, rows: [], busy: true, error: '', added: undefined });
  try {
    const reply = await importWaybills(requireCredentials(), organizationId, file, true);
    $waybillImport.set({ file, rows: reply.rows, busy: false, error: '', added: undefined });
  } catch (error) {
    $waybillImport.set({ file: undefined, rows: [], busy: false, error: userMessage(error), added: undefined });
  }
}

/** Adds the previewed register's rows that have no error (new licences become drivers). */
export async function confirmWaybills(): Promise<void> {
  const { file, busy } = $waybillImport.get();
  const organizationId = $drivers.get().organizationId;
  if (file === undefined || organizationId === undefined || busy) return;
  $waybillImport.setKey('busy', true);
  try {
    const reply = await importWaybills(requireCredentials(), organizationId, file, false);
    $waybillImport.set({ ...$waybillImport.get(), busy: false, added: reply.added, rows: reply.rows });
    notify(reply.added === 0 ? 'info' : 'success', waybillNotice(reply.added));
    if (reply.rows.some((row) => row.newDriver && row.status === 'added') && $fleet.get().organizationId === organizationId) await loadFleet(organizationId);
    await Promise.all([loadDrivers(organizationId), loadFleetFines()]);
  } catch (error) {
    $waybillImport.set({ ...$waybillImport.get(), busy: false, error: userMessage(error) });
  }
}
