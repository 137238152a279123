import { describe, expect, it } from 'vitest';
import { CAMERA_CSV_HEADER, cameraToCsv, parseCameraCsv } from '../../../server/map/cameraCsv.ts';
import { readCameraFile } from '../../../server/map/cameraStore.ts';
import { BUNDLED_CAMERAS } from '../../../server/map/cameraStore.ts';
import { bearingDegrees, destination, distanceKm } from '../../../server/map/geo.ts';
import { bearingLabel } from '../../../src/lib/map/cameraTypes.ts';

describe('the camera CSV', () => {
  const camera = { id: 7, lat: 55.75, lon: 37.61, type: 'redlight' as const, direction: 180, speedLimit: 60, address: 'г. Москва, Тверская улица, д. "12"', region: '77' };

  it('writes a camera and reads it back, quotes and commas included', () => {
    const { cameras, errors } = parseCameraCsv(`${CAMERA_CSV_HEADER}\n${cameraToCsv(camera)}\n`);
    expect(errors).toEqual([]);
    expect(cameras).toEqual([camera]);
  });

  it('names each refused line and why, and keeps the good ones', () => {
    const lines = [
      CAMERA_CSV_HEADER,
      cameraToCsv(camera),
      '8,91,37,speed,,,x,77',
      '9,55,37,radar,,,x,77',
      '10,55,37,speed,360,,x,77',
      '11,55,37,speed,,200,x,77',
      '12,55,37,speed,,,x,7',
      '7,55,37,speed,,,x,77',
      '13,55,37',
    ];
    const { cameras, errors } = parseCameraCsv(lines.join('\n'));
    expect(cameras).toHaveLength(1);
    expect(errors).toEqual([
      { line: 3, error: 'широта должна быть числом от −90 до 90' },
      { line: 4, error: 'неизвестный тип камеры «radar»' },
      { line: 5, error: 'направление — целое число градусов от 0 до 359 или пусто' },
      { line: 6, error: 'ограничение скорости — целое число км/ч от 5 до 150 или пусто' },
      { line: 7, error: 'регион — код субъекта из двух цифр' },
      { line: 8, error: 'id 7 уже встречался' },
      { line: 9, error: 'ожидалось 8 полей, найдено 3' },
    ]);
  });

  it('refuses a file without the header', () => {
    expect(parseCameraCsv('1,2,3').errors[0]?.error).toContain('первая строка должна быть');
  });

  it('holds the bundled set: at least 20,000 cameras, all in Russia, none refused', () => {
    const { cameras, errors } = readCameraFile(BUNDLED_CAMERAS);
    expect(errors).toEqual([]);
    expect(cameras.length).toBeGreaterThanOrEqual(20_000);
    for (const c of cameras) {
      expect(c.lat).toBeGreaterThan(41);
      expect(c.lat).toBeLessThan(70);
      expect(c.lon).toBeGreaterThan(19);
      expect(c.lon).toBeLessThan(180);
    }
  });
});

describe('geometry', () => {
  it('goes a distance along a bearing and measures it back', () => {
    const moscow = [55.7558, 37.6173] as const;
    const north = destination(moscow, 0, 10);
    expect(distanceKm(moscow, north)).toBeCloseTo(10, 3);
    expect(north[1]).toBeCloseTo(37.6173, 6);
    expect(bearingDegrees(moscow, destination(moscow, 135, 50))).toBe(135);
    // Moscow to Saint Petersburg is about 634 km as the crow flies.
    expect(distanceKm(moscow, [59.9386, 30.3141])).toBeGreaterThan(625);
    expect(distanceKm(moscow, [59.9386, 30.3141])).toBeLessThan(640);
  });

  it('names a bearing in Russian', () => {
    expect(bearingLabel(0)).toBe('на север');
    expect(bearingLabel(134)).toBe('на юго-восток');
    expect(bearingLabel(-90)).toBe('на запад');
  });
});
