import { isCameraType } from '../../src/lib/map/cameraTypes.ts';
import type { CameraType } from '../../src/lib/map/cameraTypes.ts';

/** One camera as stored and as the CSV carries it. */
export type CameraRecord = {
  id: number;
  lat: number;
  lon: number;
  type: CameraType;
  /** Bearing the camera watches traffic going (°, 0 = north), null when unknown. */
  direction: number | null;
  /** The speed limit it enforces (km/h), null when unknown or not a speed camera. */
  speedLimit: number | null;
  address: string;
  /** Subject code, two digits ('77'). */
  region: string;
};

/** The header line of the camera CSV (`npm run cameras:import FILE` reads the same columns). */
export const CAMERA_CSV_HEADER = 'id,lat,lon,type,direction,speed_limit,address,region';

/** A row that could not be read: its line number (1 = header) and why. */
export type CameraRowError = { line: number; error: string };

/** A CSV field, quoted when it holds a comma or a quote. */
const field = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** One camera as a CSV line (no newline). */
export function cameraToCsv(c: CameraRecord): string {
  return [c.id, c.lat, c.lon, c.type, c.direction ?? '', c.speedLimit ?? '', field(c.address), c.region].join(',');
}

/** Splits one CSV line into fields (double quotes escape commas and quotes). */
function splitLine(line: string): string[] {
  const fields: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        current += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else current += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      fields.push(current);
      current = '';
    } else current += ch;
  }
  fields.push(current);
  return fields;
}

/** A whole number in [min, max], or null for an empty field; undefined when it is not one. */
function optionalInt(text: string, min: number, max: number): number | null | undefined {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isInteger(value) && value >= min && value <= max ? value : undefined;
}

/** Reads one data line; a Russian reason when it is not a camera. */
export function parseCameraLine(line: string): CameraRecord | string {
  const cells = splitLine(line);
  if (cells.length !== 8) return `ожидалось 8 полей, найдено ${cells.length}`;
  const [idText, latText, lonText, type, directionText, speedText, address, region] = cells as [string, string, string, string, string, string, string, string];
  const id = Number(idText);
  if (!Number.isSafeInteger(id) || id <= 0) return 'id должен быть целым положительным числом';
  const lat = Number(latText);
  const lon = Number(lonText);
  if (latText.trim() === '' || !Number.isFinite(lat) || lat < -90 || lat > 90) return 'широта должна быть числом от −90 до 90';
  if (lonText.trim() === '' || !Number.isFinite(lon) || lon < -180 || lon > 180) return 'долгота должна быть числом от −180 до 180';
  if (!isCameraType(type)) return `неизвестный тип камеры «${type.slice(0, 20)}»`;
  const direction = optionalInt(directionText, 0, 359);
  if (direction === undefined) return 'направление — целое число градусов от 0 до 359 или пусто';
  const speedLimit = optionalInt(speedText, 5, 150);
  if (speedLimit === undefined) return 'ограничение скорости — целое число км/ч от 5 до 150 или пусто';
  if (address.trim() === '' || address.length > 300) return 'адрес пуст или длиннее 300 знаков';
  if (!/^\d{2}$/.test(region)) return 'регион — код субъекта из двух цифр';
  return { id, lat, lon, type, direction, speedLimit, address: address.trim(), region };
}

/** Reads a whole camera CSV: the cameras, and the lines that were refused with their reasons. */
export function parseCameraCsv(text: string): { cameras: CameraRecord[]; errors: CameraRowError[] } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const cameras: CameraRecord[] = [];
  const errors: CameraRowError[] = [];
  if ((lines[0] ?? '').trim() !== CAMERA_CSV_HEADER) {
    return { cameras, errors: [{ line: 1, error: `первая строка должна быть «${CAMERA_CSV_HEADER}»` }] };
  }
  const seen = new Set<number>();
  lines.slice(1).forEach((line, index) => {
    if (line.trim() === '') return;
    const parsed = parseCameraLine(line);
    if (typeof parsed === 'string') errors.push({ line: index + 2, error: parsed });
    else if (seen.has(parsed.id)) errors.push({ line: index + 2, error: `id ${parsed.id} уже встречался` });
    else {
      seen.add(parsed.id);
      cameras.push(parsed);
    }
  });
  return { cameras, errors };
}
