import { describe, expect, it } from 'vitest';
import { importOutcome, readVehicleRows } from '../../../server/organizations/fleetImport.ts';

// Issue 24, item 15: the header is never a row, whatever words it uses; what became of each row is told.

describe('readVehicleRows', () => {
  it.each([
    ['named columns in any order', [['Госномер', 'Регион', 'СТС', 'Марка'], ['А123ВС', '77', '99 41 123456', 'Lada']]],
    ['«Гос. номер» and «Свидетельство о регистрации»', [['Свидетельство о регистрации', 'Гос. номер', 'Регион'], ['9941123456', 'А123ВС', '77']]],
    ['a header of words we do not know', [['Документ', 'Машина', 'Рег', 'Примечание'], ['9941123456', 'А123ВС', '77', 'Lada']]],
    ['a header naming only the model', [['№ СТС?', 'Номер', 'Код', 'Модель'], ['9941123456', 'А123ВС', '77', 'Lada']]],
  ])('%s: the header is skipped, the row is line 2', (_name, rows) => {
    const read = readVehicleRows(rows);
    expect(read).toHaveLength(1);
    expect(read[0]).toMatchObject({ line: 2, sts: '9941123456', vehiclePlateNumber: 'А123ВС', vehiclePlateRegion: '77', error: null, status: 'ready' });
  });

  it('a file without a header starts at line 1 in the order СТС, госномер, регион, модель', () => {
    const read = readVehicleRows([
      ['9941123456', 'А123ВС', '77', 'Lada'],
      ['7734654321', 'М555ММ50', '', ''],
    ]);
    expect(read.map((row) => [row.line, row.vehiclePlateNumber, row.vehiclePlateRegion, row.status])).toEqual([
      [1, 'А123ВС', '77', 'ready'],
      [2, 'М555ММ', '50', 'ready'],
    ]);
  });

  it('a bad row is invalid with its reason; a repeated СТС too', () => {
    const read = readVehicleRows([
      ['СТС', 'Госномер'],
      ['123', 'А123ВС77'],
      ['9941123456', 'А123ВС77'],
      ['99 41 123456', 'А123ВС77'],
    ]);
    expect(read.map((row) => [row.line, row.status, row.error])).toEqual([
      [2, 'invalid', 'Некорректный номер СТС'],
      [3, 'ready', null],
      [4, 'invalid', 'Это СТС уже есть выше в файле'],
    ]);
  });
});

describe('importOutcome', () => {
  const rows = readVehicleRows([
    ['СТС', 'Госномер'],
    ['9941123456', 'А123ВС77'],
    ['7734654321', 'М555ММ50'],
    ['bad', 'А1'],
  ]);

  it('a preview marks the СТС the fleet already has', () => {
    expect(importOutcome(rows, new Set(['7734654321'])).map((row) => row.status)).toEqual(['ready', 'exists', 'invalid']);
  });

  it('after the import, inserted rows are «added» and the others «exists»', () => {
    expect(importOutcome(rows, new Set(), new Set(['9941123456'])).map((row) => row.status)).toEqual(['added', 'exists', 'invalid']);
  });
});
