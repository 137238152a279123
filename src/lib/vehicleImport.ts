import { normalizePlateNumber, normalizePlateRegion, normalizeSts } from './normalize.ts';
import { validators } from './validators.ts';

/** A vehicle line of an import. */
export type VehicleLine = { sts: string; vehiclePlateNumber: string; vehiclePlateRegion: string };

/** The import read: the vehicles, or the first line that cannot be read and why. */
export type VehicleImport = { vehicles: VehicleLine[] } | { line: number; message: string };

/**
 * Reads a pasted list of vehicles, one per line: the plate with its region and the СТС, separated by
 * commas, semicolons or tabs ("А123ВС77; 99 41 123456", "А123ВС 77, 9941123456"). Empty lines are skipped.
 */
export function parseVehicleLines(text: string): VehicleImport {
  const vehicles: VehicleLine[] = [];
  const lines = text.split(/\r?\n/);
  for (const [index, raw] of lines.entries()) {
    if (raw.trim() === '') continue;
    const line = index + 1;
    const parts = raw.split(/[,;\t]/).map((part) => part.trim()).filter(Boolean);
    if (parts.length !== 2) return { line, message: 'Нужно два поля через запятую: госномер с регионом и СТС' };
    const [car = '', sts = ''] = parts;
    const match = /^(.+?)\s*(\d{2,3})$/.exec(car.replace(/\s+/g, ''));
    const plate = normalizePlateNumber(match?.[1] ?? '');
    const region = normalizePlateRegion(match?.[2] ?? '');
    const problem = validators.plateNumber(plate) ?? validators.plateRegion(region) ?? validators.sts(sts);
    if (match === null || problem !== undefined) return { line, message: problem ?? 'Некорректный госномер' };
    vehicles.push({ sts: normalizeSts(sts), vehiclePlateNumber: plate, vehiclePlateRegion: region });
  }
  return { vehicles };
}
