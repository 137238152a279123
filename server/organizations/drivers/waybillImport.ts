import type { WaybillRow } from '../../../src/api/structs/fleetDrivers.ts';
import { parseCarId } from '../../../src/api/structs/carId.ts';
import { plateRegionTimeZone } from '../../../src/lib/legalFacts/regionTimeZones.ts';
import { normalizeDriverLicense, normalizeSts } from '../../../src/lib/normalize.ts';
import { validators } from '../../../src/lib/validators.ts';
import { zonedInstant } from '../../../src/lib/zonedTime.ts';
import type { FleetDriverRow, FleetVehicleRow } from '../fleetStore.ts';
import { overlaps, spanProblem } from './assignmentStore.ts';
import type { AssignmentToAdd } from './assignmentStore.ts';

// A waybill register (реестр путевых листов) as accountants keep it: one row per waybill with the
// vehicle (plate or СТС), the driver (licence or name) and when the waybill starts and ends. The file
// is read by the vehicle import's readers (server/spreadsheets), with their limits.

/** The columns of a register: an index per field, -1 where the file has none. */
type Columns = { vehicle: number; sts: number; licence: number; name: number; starts: number; ends: number };

/** A whole word (JavaScript's \b knows only Latin letters). */
const word = (text: string) => `(?<![\\p{L}\\d])${text}(?![\\p{L}\\d])`;

/** Header words of each column, tried in this order (a column answers one header only). */
const HEADERS: readonly [keyof Columns, RegExp][] = [
  ['sts', new RegExp(`стс|свидетельств|${word('sts')}`, 'iu')],
  ['licence', new RegExp(`${word('ву')}|удостоверени|licen[cs]e`, 'iu')],
  ['vehicle', new RegExp(`госномер|гос\\.? ?номер|номер ?(тс|авто)|грз|рег\\.? ?знак|автомобил|машин|транспорт|${word('тс')}|plate|vehicle`, 'iu')],
  ['name', new RegExp(`фио|водител|ф\\.и\\.о|driver|name`, 'iu')],
  ['starts', new RegExp(`начал|выезд|выдан|открыт|${word('с')}|from|start`, 'iu')],
  ['ends', new RegExp(`оконч|конец|заезд|возвра|закрыт|${word('по')}|${word('до')}|${word('to')}|end`, 'iu')],
];

/** Columns by a header row, or the plain order (vehicle, driver, start, end) when the first row names none of them. */
export function waybillColumns(first: readonly string[]): { columns: Columns; hasHeader: boolean } {
  const columns: Columns = { vehicle: -1, sts: -1, licence: -1, name: -1, starts: -1, ends: -1 };
  const taken = new Set<number>();
  for (const [field, re] of HEADERS) {
    const index = first.findIndex((cell, i) => !taken.has(i) && re.test(cell.trim()) && parseDateTime(cell, 'start') === undefined);
    if (index >= 0) {
      columns[field] = index;
      taken.add(index);
    }
  }
  const found = (columns.vehicle >= 0 || columns.sts >= 0) && (columns.licence >= 0 || columns.name >= 0) && columns.starts >= 0 && columns.ends >= 0;
  if (found) return { columns, hasHeader: true };
  return { columns: { vehicle: 0, sts: -1, licence: -1, name: 1, starts: 2, ends: 3 }, hasHeader: taken.size >= 2 };
}

/** Excel's day 0 (its serial dates count days from 30.12.1899; a time is the fraction of a day). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

/**
 * A cell's date-time as the wall clock 'YYYY-MM-DDTHH:MM': ДД.ММ.ГГГГ [ЧЧ:ММ[:СС]], ГГГГ-ММ-ДД[ T]ЧЧ:ММ,
 * or an Excel date cell (a serial number, which the XLSX reader gives as text). A date alone starts at
 * 00:00 and, as an end, ends with the day (24:00, the next day's 00:00).
 */
export function parseDateTime(text: string, as: 'start' | 'end'): string | undefined {
  const cell = text.trim().replace(/\s+/g, ' ');
  let day: string | undefined;
  let time: string | undefined;
  const ru = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})(?:[ ,T]+(\d{1,2}):(\d{2})(?::\d{2})?)?$/.exec(cell);
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?)?$/.exec(cell);
  if (ru !== null) {
    const year = ru[3]?.length === 2 ? `20${ru[3]}` : ru[3];
    day = `${year}-${ru[2]?.padStart(2, '0')}-${ru[1]?.padStart(2, '0')}`;
    time = ru[4] === undefined ? undefined : `${ru[4].padStart(2, '0')}:${ru[5]}`;
  } else if (iso !== null) {
    day = `${iso[1]}-${iso[2]}-${iso[3]}`;
    time = iso[4] === undefined ? undefined : `${iso[4].padStart(2, '0')}:${iso[5]}`;
  } else if (/^\d{5}(\.\d+)?$/.test(cell)) {
    const serial = Number(cell);
    // 1990…2100: a number outside that is not a date a waybill has.
    if (serial < 32_874 || serial > 73_051) return undefined;
    const local = new Date(EXCEL_EPOCH_MS + Math.round(serial * 86_400) * 1000).toISOString();
    day = local.slice(0, 10);
    time = Number.isInteger(serial) ? undefined : local.slice(11, 16);
  }
  if (day === undefined) return undefined;
  const check = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(check.getTime()) || check.toISOString().slice(0, 10) !== day) return undefined;
  if (time !== undefined && (Number(time.slice(0, 2)) > 23 || Number(time.slice(3)) > 59)) return undefined;
  if (time !== undefined) return `${day}T${time}`;
  if (as === 'start') return `${day}T00:00`;
  return `${new Date(check.getTime() + 86_400_000).toISOString().slice(0, 10)}T00:00`;
}

/** A name compared the way people type it: case, «ё» and spaces do not matter. */
export const nameKey = (name: string) => name.trim().toLowerCase().replaceAll('ё', 'е').replace(/\s+/g, ' ');

/** The fleet a register is read against. */
export type WaybillFleet = { vehicles: readonly FleetVehicleRow[]; drivers: readonly FleetDriverRow[] };

/** A row read: what the preview shows, and what to add when it is valid. */
export type WaybillLine = { row: WaybillRow; toAdd?: { vehicleId: number; driverId: number | null; licence: string; fullName: string | null; startsAt: Date; endsAt: Date; timeZone: string } };

/** Finds the fleet's vehicle a cell names (a plate with its region, or an СТС). */
function findVehicle(fleet: WaybillFleet, plateCell: string, stsCell: string): FleetVehicleRow | string {
  const sts = normalizeSts(stsCell);
  if (stsCell.trim() !== '') return fleet.vehicles.find((v) => v.sts === sts) ?? `СТС ${stsCell.trim()} нет в автопарке`;
  if (plateCell.trim() === '') return 'Не указан автомобиль';
  const asSts = normalizeSts(plateCell);
  if (validators.sts(asSts) === undefined) return fleet.vehicles.find((v) => v.sts === asSts) ?? `СТС ${plateCell.trim()} нет в автопарке`;
  const car = parseCarId(plateCell);
  if (car?.kind !== 'plate') return `Госномер «${plateCell.trim()}» не читается: нужен номер с регионом или СТС`;
  return fleet.vehicles.find((v) => v.plate_number === car.plateNumber && v.plate_region === car.plateRegion) ?? `Автомобиля ${car.plateNumber} ${car.plateRegion} нет в автопарке`;
}

/** Finds the driver a row names: by licence (a licence the fleet lacks is added with the row), else by a name that only one driver has. */
function findDriver(fleet: WaybillFleet, licenceCell: string, nameCell: string): { driverId: number | null; licence: string; fullName: string | null; label: string } | string {
  const name = nameCell.trim().replace(/\s+/g, ' ');
  const fromName = validators.driverLicense(name) === undefined && licenceCell.trim() === '' ? name : '';
  const licenceText = licenceCell.trim() !== '' ? licenceCell : fromName;
  if (licenceText !== '') {
    const licence = normalizeDriverLicense(licenceText);
    const problem = validators.driverLicense(licence);
    if (problem !== undefined) return problem;
    const known = fleet.drivers.find((d) => d.number === licence);
    const fullName = fromName === '' && name !== '' ? name.slice(0, 120) : null;
    return { driverId: known?.id ?? null, licence, fullName: known?.full_name ?? fullName, label: known?.full_name ?? fullName ?? `ВУ ${licence}` };
  }
  if (name === '') return 'Не указан водитель';
  const same = fleet.drivers.filter((d) => d.full_name !== null && nameKey(d.full_name) === nameKey(name));
  if (same.length === 0) return `Водителя «${name}» нет в автопарке: укажите номер ВУ`;
  if (same.length > 1) return `Водителей «${name}» несколько: укажите номер ВУ`;
  const [driver] = same as [FleetDriverRow];
  return { driverId: driver.id, licence: driver.number, fullName: driver.full_name, label: driver.full_name ?? name };
}

/** Reads one row of a register into a preview row and, when valid, the assignment to add. */
function readLine(line: number, cells: readonly string[], columns: Columns, fleet: WaybillFleet): WaybillLine {
  const cell = (index: number) => (index < 0 ? '' : (cells[index] ?? '').trim());
  const vehicle = findVehicle(fleet, cell(columns.vehicle), cell(columns.sts));
  const driver = findDriver(fleet, cell(columns.licence), cell(columns.name));
  const startsText = cell(columns.starts);
  const endsText = cell(columns.ends);
  const starts = parseDateTime(startsText, 'start');
  const ends = parseDateTime(endsText, 'end');
  const row: WaybillRow = {
    line,
    vehicle: typeof vehicle === 'string' ? (cell(columns.vehicle) || cell(columns.sts)).slice(0, 40) : `${vehicle.plate_number} ${vehicle.plate_region}`,
    driver: typeof driver === 'string' ? (cell(columns.licence) || cell(columns.name)).slice(0, 120) : driver.label,
    startsAt: starts ?? startsText.slice(0, 40),
    endsAt: ends ?? endsText.slice(0, 40),
    newDriver: typeof driver !== 'string' && driver.driverId === null,
    error: null,
    status: 'ready',
  };
  const timeFailure =
    startsText === '' ? 'Не указано начало' : starts === undefined ? `Начало «${startsText.slice(0, 40)}» не читается: нужно ДД.ММ.ГГГГ ЧЧ:ММ` : endsText === '' ? 'Не указано окончание' : ends === undefined ? `Окончание «${endsText.slice(0, 40)}» не читается: нужно ДД.ММ.ГГГГ ЧЧ:ММ` : undefined;
  const error = (typeof vehicle === 'string' ? vehicle : undefined) ?? (typeof driver === 'string' ? driver : undefined) ?? timeFailure;
  if (error !== undefined || typeof vehicle === 'string' || typeof driver === 'string' || starts === undefined || ends === undefined) return { row: { ...row, error: error ?? 'Строка не читается', status: 'invalid' } };
  const timeZone = plateRegionTimeZone(vehicle.plate_region);
  const startsAt = zonedInstant(starts, timeZone);
  const endsAt = zonedInstant(ends, timeZone);
  const span = spanProblem(startsAt, endsAt);
  if (span !== undefined) return { row: { ...row, error: span, status: 'invalid' } };
  return { row, toAdd: { vehicleId: vehicle.id, driverId: driver.driverId, licence: driver.licence, fullName: driver.fullName, startsAt, endsAt, timeZone } };
}

/** The rows of a register (a header row recognised and skipped), each checked, and rows of one vehicle that overlap each other refused. */
export function readWaybillRows(rows: readonly string[][], fleet: WaybillFleet): WaybillLine[] {
  const { columns, hasHeader } = waybillColumns(rows[0] ?? []);
  const body = hasHeader ? rows.slice(1) : rows;
  const lines = body.map((cells, index) => readLine(index + (hasHeader ? 2 : 1), cells, columns, fleet));
  const accepted: WaybillLine[] = [];
  return lines.map((line) => {
    const toAdd = line.toAdd;
    if (toAdd === undefined) return line;
    const clash = accepted.find((other) => other.toAdd !== undefined && other.toAdd.vehicleId === toAdd.vehicleId && overlaps(other.toAdd, toAdd));
    if (clash !== undefined) return { row: { ...line.row, error: `Пересекается со строкой ${clash.row.line}: у автомобиля в это время уже есть водитель`, status: 'invalid' } };
    accepted.push(line);
    return line;
  });
}

/** The existing assignments a row meets: the same one ('exists') or another of its vehicle at that time (an error). */
export function checkAgainstExisting(lines: readonly WaybillLine[], existing: readonly { vehicle_id: number; driver_id: number; starts_at: Date; ends_at: Date }[]): WaybillLine[] {
  return lines.map((line) => {
    const toAdd = line.toAdd;
    if (toAdd === undefined) return line;
    const mine = existing.filter((row) => row.vehicle_id === toAdd.vehicleId && overlaps(toAdd, { startsAt: row.starts_at, endsAt: row.ends_at }));
    if (mine.length === 0) return line;
    const same = mine.length === 1 && mine[0]?.driver_id === toAdd.driverId && mine[0].starts_at.getTime() === toAdd.startsAt.getTime() && mine[0].ends_at.getTime() === toAdd.endsAt.getTime();
    if (same) return { row: { ...line.row, status: 'exists' } };
    return { row: { ...line.row, error: 'Пересекается с путевым листом, который уже есть: у автомобиля в это время другой водитель', status: 'invalid' } };
  });
}

/** The assignments to add for the valid rows, once their drivers have ids. */
export function assignmentsOf(lines: readonly WaybillLine[], driverIdOf: (licence: string) => number | undefined): AssignmentToAdd[] {
  return lines.flatMap((line) => {
    const toAdd = line.toAdd;
    if (toAdd === undefined || line.row.status !== 'ready') return [];
    const driverId = toAdd.driverId ?? driverIdOf(toAdd.licence);
    return driverId === undefined ? [] : [{ vehicleId: toAdd.vehicleId, driverId, startsAt: toAdd.startsAt, endsAt: toAdd.endsAt, timeZone: toAdd.timeZone }];
  });
}
