import { describe, expect, it } from 'vitest';
import { csvDelimiter, csvRows, decodeCsv } from '../../../../server/spreadsheets/csvReader.ts';
import { cp1251 } from '../../../api/helpers/cp1251.ts';

// Issue 24, item 15: Excel's CSV arrives in Windows-1251 with semicolons, in UTF-8 with a BOM, or as
// tab-separated UTF-16; each is read with its letters intact and split by its own separator.

const utf8 = (text: string) => new TextEncoder().encode(text);
const withBom = (bytes: Uint8Array) => Uint8Array.from([0xef, 0xbb, 0xbf, ...bytes]);
const utf16le = (text: string) => Uint8Array.from([0xff, 0xfe, ...[...text].flatMap((ch) => [ch.charCodeAt(0) & 0xff, ch.charCodeAt(0) >> 8])]);

describe('decodeCsv', () => {
  it('reads the bytes Russian Excel writes (Windows-1251): «Госномер» is C3 EE F1 ED EE EC E5 F0', () => {
    const bytes = Uint8Array.from([0xc3, 0xee, 0xf1, 0xed, 0xee, 0xec, 0xe5, 0xf0, 0x3b, 0xd1, 0xd2, 0xd1]);
    expect(cp1251('Госномер;СТС')).toEqual(bytes);
    expect(decodeCsv(bytes)).toBe('Госномер;СТС');
  });

  it.each([
    ['UTF-8', utf8('Госномер;Марка\nА123ВС77;ГАЗель Next «Фургон» №1')],
    ['UTF-8 with a BOM', withBom(utf8('Госномер;Марка\nА123ВС77;ГАЗель Next «Фургон» №1'))],
    ['Windows-1251', cp1251('Госномер;Марка\nА123ВС77;ГАЗель Next «Фургон» №1')],
    ['UTF-16 with a BOM', utf16le('Госномер;Марка\nА123ВС77;ГАЗель Next «Фургон» №1')],
  ])('%s → the same text, without a BOM', (_name, bytes) => {
    expect(decodeCsv(bytes)).toBe('Госномер;Марка\nА123ВС77;ГАЗель Next «Фургон» №1');
  });

  it('keeps ё and Ё of Windows-1251 (bytes that could look like UTF-8 continuations)', () => {
    expect(decodeCsv(cp1251('Ёлкин;Семёнов'))).toBe('Ёлкин;Семёнов');
  });

  it('reads plain ASCII the same either way', () => {
    expect(decodeCsv(utf8('9941123456;A123BC;77'))).toBe('9941123456;A123BC;77');
  });
});

describe('csvDelimiter', () => {
  it.each([
    ['semicolons (Russian Excel)', 'СТС;Госномер;Регион\n9941123456;А123ВС;77\n', ';'],
    ['commas (LibreOffice, 1С)', 'СТС,Госномер,Регион\n9941123456,А123ВС,77\n', ','],
    ['tabs (a copied range, «Текст Юникод»)', 'СТС\tГосномер\tРегион\n9941123456\tА123ВС\t77\n', '\t'],
    ['semicolons with commas inside a cell', 'СТС;Госномер;Марка\n9941123456;А123ВС;Газель, фургон, 3,5 т\n7734654321;М555ММ;Lada\n', ';'],
    ['commas with semicolons inside quotes', 'СТС,Госномер,Марка\n9941123456,А123ВС,"Газель; фургон; тент"\n', ','],
    ['a quoted cell over two lines', 'СТС;Марка\n9941123456;"Газель\nфургон, 3,5 т"\n', ';'],
    ['a single column', '9941123456\n7734654321\n', ';'],
    ['CRLF line ends', 'СТС,Госномер\r\n9941123456,А123ВС\r\n', ','],
  ])('%s → %j', (_name, text, delimiter) => {
    expect(csvDelimiter(text)).toBe(delimiter);
  });
});

describe('csvRows', () => {
  it('splits a Windows-1251 file with semicolons into its cells, Cyrillic intact', () => {
    const text = decodeCsv(cp1251('Госномер;Регион;СТС;Марка\r\nА123ВС;77;99 41 123456;"ГАЗель ""Next"""\r\n'));
    expect(csvRows(text)).toEqual([
      ['Госномер', 'Регион', 'СТС', 'Марка'],
      ['А123ВС', '77', '99 41 123456', 'ГАЗель "Next"'],
    ]);
  });

  it('splits a tab-separated file', () => {
    expect(csvRows('СТС\tГосномер\n9941123456\tА123ВС77\n')).toEqual([
      ['СТС', 'Госномер'],
      ['9941123456', 'А123ВС77'],
    ]);
  });
});
