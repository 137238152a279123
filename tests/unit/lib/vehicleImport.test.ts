import { describe, expect, it } from 'vitest';
import { parseVehicleLines } from '../../../src/lib/vehicleImport.ts';

describe('a pasted list of vehicles', () => {
  it('reads plates with regions and СТС in the usual ways of writing them', () => {
    expect(parseVehicleLines('А123ВС77; 99 41 123456\n\nm555mm 50, 7734654321\r\nВ001ОР 777\t77 УК 123456')).toEqual({
      vehicles: [
        { sts: '9941123456', vehiclePlateNumber: 'А123ВС', vehiclePlateRegion: '77' },
        { sts: '7734654321', vehiclePlateNumber: 'М555ММ', vehiclePlateRegion: '50' },
        { sts: '77УК123456', vehiclePlateNumber: 'В001ОР', vehiclePlateRegion: '777' },
      ],
    });
  });

  it.each([
    ['А123ВС77', 1, 'Нужно два поля через запятую: госномер с регионом и СТС'],
    ['А123ВС77, 99 41 123456\nА123ВС, 9941123456', 2, 'Некорректный госномер'],
    ['А123ВС77, 12345', 1, 'Некорректный номер СТС'],
    ['\n\nЯЯЯ77, 9941123456', 3, 'Некорректный госномер'],
  ])('names the line it cannot read: %j', (text, line, message) => {
    expect(parseVehicleLines(text)).toEqual({ line, message });
  });
});
