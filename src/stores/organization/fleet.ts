import { map } from 'nanostores';
import { addFleetDriver, addFleetVehicle, deleteFleetDriver, deleteFleetVehicle, fetchFleetDrivers, fetchFleetVehicles, importFleetVehicles } from '../../api/organization.ts';
import type { FleetDriver, FleetVehicle, ImportRow } from '../../api/structs/organization.ts';
import { userMessage } from '../../api/userMessage.ts';
import { requireCredentials } from '../authData.ts';
import { onSignOut } from '../auth/account.ts';
import { notify } from '../notices.ts';
import { importNotice } from '../../lib/fleetImportText.ts';

/** The chosen organization's fleet. */
export type FleetState = { organizationId: number | undefined; vehicles: FleetVehicle[]; drivers: FleetDriver[]; busy: boolean; error: string };

/** The fleet. */
export const $fleet = map<FleetState>({ organizationId: undefined, vehicles: [], drivers: [], busy: false, error: '' });

/** An import in progress: the file, its rows as read (the preview), and what happened. */
export type ImportState = { file: File | undefined; rows: ImportRow[]; busy: boolean; error: string; added: number | undefined };

/** The import dialog. */
export const $fleetImport = map<ImportState>({ file: undefined, rows: [], busy: false, error: '', added: undefined });

onSignOut(() => {
  $fleet.set({ organizationId: undefined, vehicles: [], drivers: [], busy: false, error: '' });
  resetImport();
});

/** Loads the vehicles and drivers of an organization. */
export async function loadFleet(organizationId: number): Promise<void> {
  $fleet.set({ ...$fleet.get(), organizationId, busy: true, error: '' });
  try {
    const auth = requireCredentials();
    const [vehicles, drivers] = await Promise.all([fetchFleetVehicles(auth, organizationId), fetchFleetDrivers(auth, organizationId)]);
    if ($fleet.get().organizationId === organizationId) $fleet.set({ organizationId, vehicles, drivers, busy: false, error: '' });
  } catch (error) {
    $fleet.set({ ...$fleet.get(), busy: false, error: userMessage(error) });
  }
}

/** Runs a change of the fleet and reloads it; answers the failure's message, or undefined. */
async function change(call: (organizationId: number) => Promise<void>): Promise<string | undefined> {
  const organizationId = $fleet.get().organizationId;
  if (organizationId === undefined) return 'Сначала выберите организацию';
  try {
    await call(organizationId);
    await loadFleet(organizationId);
    return undefined;
  } catch (error) {
    return userMessage(error);
  }
}

/** Adds a vehicle (one already in the fleet is not added twice). */
export function addVehicle(vehicle: { sts: string; vehiclePlateNumber: string; vehiclePlateRegion: string; model: string }): Promise<string | undefined> {
  return change(async (id) => {
    const { added, item } = await addFleetVehicle(requireCredentials(), id, vehicle);
    notify(added ? 'success' : 'info', added ? `${item.vehiclePlate} добавлен в автопарк` : `${item.vehiclePlate} уже есть в автопарке`);
  });
}

/** Removes a vehicle. */
export function removeVehicle(vehicleId: number): Promise<string | undefined> {
  return change((id) => deleteFleetVehicle(requireCredentials(), id, vehicleId));
}

/** Adds a driver by licence. */
export function addDriver(driverLicense: string, fullName: string): Promise<string | undefined> {
  return change(async (id) => {
    const { added } = await addFleetDriver(requireCredentials(), id, driverLicense, fullName.trim());
    notify(added ? 'success' : 'info', added ? 'Водитель добавлен' : 'Этот водитель уже есть');
  });
}

/** Removes a driver. */
export function removeDriver(driverId: number): Promise<string | undefined> {
  return change((id) => deleteFleetDriver(requireCredentials(), id, driverId));
}

/** Forgets the import in progress. */
export function resetImport(): void {
  $fleetImport.set({ file: undefined, rows: [], busy: false, error: '', added: undefined });
}

/** Reads a CSV or XLSX file on the server and shows its rows with what is wrong with each (nothing is added yet). */
export async function previewImport(file: File): Promise<void> {
  const organizationId = $fleet.get().organizationId;
  if (organizationId === undefined) return;
  if (!/\.(csv|xlsx)$/i.test(file.name)) {
    $fleetImport.set({ file: undefined, rows: [], busy: false, error: 'Нужен файл XLSX или CSV', added: undefined });
    return;
  }
  $fleetImport.set({ file, rows: [], busy: true, error: '', added: undefined });
  try {
    const reply = await importFleetVehicles(requireCredentials(), organizationId, file, true);
    $fleetImport.set({ file, rows: reply.rows, busy: false, error: '', added: undefined });
  } catch (error) {
    $fleetImport.set({ file: undefined, rows: [], busy: false, error: userMessage(error), added: undefined });
  }
}

/** Adds the rows of the previewed file that have no error. */
export async function confirmImport(): Promise<void> {
  const { file } = $fleetImport.get();
  const organizationId = $fleet.get().organizationId;
  if (file === undefined || organizationId === undefined || $fleetImport.get().busy) return;
  $fleetImport.setKey('busy', true);
  try {
    const reply = await importFleetVehicles(requireCredentials(), organizationId, file, false);
    $fleetImport.set({ ...$fleetImport.get(), busy: false, added: reply.added, rows: reply.rows });
    notify(reply.added === 0 ? 'info' : 'success', importNotice(reply.added));
    await loadFleet(organizationId);
  } catch (error) {
    $fleetImport.set({ ...$fleetImport.get(), busy: false, error: userMessage(error) });
  }
}
