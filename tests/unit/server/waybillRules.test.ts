import { describe, expect, it } from 'vitest';
import { coveringAssignment, matchFines } from '../../../server/organizations/drivers/driverMatching.ts';
import type { AssignmentSpan } from '../../../server/organizations/drivers/driverMatching.ts';
import { parseDateTime, waybillColumns } from '../../../server/organizations/drivers/waybillImport.ts';

// Issue 26: reading a waybill register's dates and columns, and finding the assignment of an instant.

describe('a register cell as a date-time', () => {
  it.each([
    ['10.03.2026 08:00', 'start', '2026-03-10T08:00'],
    ['1.3.2026 8:05', 'start', '2026-03-01T08:05'],
    ['10.03.26 08:00', 'start', '2026-03-10T08:00'],
    ['10.03.2026 08:00:59', 'start', '2026-03-10T08:00'],
    ['2026-03-10 08:00', 'start', '2026-03-10T08:00'],
    ['2026-03-10T08:00:00', 'start', '2026-03-10T08:00'],
    ['10.03.2026', 'start', '2026-03-10T00:00'],
    ['10.03.2026', 'end', '2026-03-11T00:00'], // a day as the end: the whole day
    ['31.12.2026', 'end', '2027-01-01T00:00'],
    ['46091.5', 'start', '2026-03-10T12:00'], // an Excel date cell
    ['46091', 'end', '2026-03-11T00:00'],
  ] as const)('%s as the %s → %s', (cell, as, local) => {
    expect(parseDateTime(cell, as)).toBe(local);
  });

  it.each(['32.03.2026 08:00', '29.02.2026', '10.03.2026 24:00', 'завтра', '12345', '10:00'])('%s is not a date-time', (cell) => {
    expect(parseDateTime(cell, 'start')).toBeUndefined();
  });
});

describe('the columns of a register', () => {
  it.each([
    [['Госномер', 'ВУ', 'ФИО водителя', 'Выезд', 'Возвращение'], { vehicle: 0, licence: 1, name: 2, starts: 3, ends: 4, sts: -1 }, true],
    [['СТС', 'Водитель', 'Начало', 'Окончание'], { sts: 0, name: 1, starts: 2, ends: 3, vehicle: -1, licence: -1 }, true],
    [['Номер ТС', 'Водительское удостоверение', 'С', 'По'], { vehicle: 0, licence: 1, starts: 2, ends: 3, sts: -1, name: -1 }, true],
    [['А123ВС77', 'Иванов', '10.03.2026 08:00', '10.03.2026 20:00'], { vehicle: 0, name: 1, starts: 2, ends: 3, sts: -1, licence: -1 }, false],
  ])('%j', (first, columns, hasHeader) => {
    expect(waybillColumns(first)).toEqual({ columns, hasHeader });
  });
});

describe('the assignment of an instant', () => {
  const spans: AssignmentSpan[] = [
    { id: 1, driverId: 10, startsAt: 100, endsAt: 200 },
    { id: 2, driverId: 20, startsAt: 200, endsAt: 300 },
    { id: 3, driverId: 10, startsAt: 400, endsAt: 500 },
  ];
  it.each([
    [99, undefined],
    [100, 1], // the start belongs to it
    [199, 1],
    [200, 2], // the end belongs to the next
    [300, undefined], // a gap
    [450, 3],
    [500, undefined],
  ])('at %i → %s', (instant, id) => {
    expect(coveringAssignment(spans, instant)?.id).toBe(id);
  });

  it('prefers the waybill to the licence a fine was found by, and the licence to nobody', () => {
    const base = { plateRegion: '77', rulingDate: '2026-03-12', daysAgo: null };
    const at = '2026-03-10T12:00+03:00';
    const instant = Date.parse(at);
    const byVehicle = new Map([[5, [{ id: 9, driverId: 30, startsAt: instant - 1, endsAt: instant + 1 }]]]);
    const matches = matchFines(
      [
        { ...base, fineId: 1, vehicleId: 5, licenceDriverId: null, violationAt: at },
        { ...base, fineId: 1, vehicleId: null, licenceDriverId: 40, violationAt: at },
        { ...base, fineId: 2, vehicleId: null, licenceDriverId: 40, violationAt: at },
        { ...base, fineId: 2, vehicleId: 6, licenceDriverId: null, violationAt: at },
        { ...base, fineId: 3, vehicleId: 6, licenceDriverId: null, violationAt: at },
      ],
      byVehicle,
      '2026-03-16',
    );
    expect(matches.map((m) => [m.fineId, m.driverId, m.assignmentId])).toEqual([
      [1, 30, 9],
      [2, 40, null],
      [3, null, null],
    ]);
  });
});
