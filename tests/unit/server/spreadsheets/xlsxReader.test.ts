import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../server/http/apiError.ts';
import { xlsxRows } from '../../../../server/spreadsheets/xlsxReader.ts';
import { zipFile } from '../../../api/helpers/zipFile.ts';
import type { ZipPart } from '../../../api/helpers/zipFile.ts';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const OFFICE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const rel = (id: string, type: string, target: string) => `<Relationship Id="${id}" Type="${OFFICE}/${type}" Target="${target}"/>`;

/** A workbook of parts as other writers lay them out: the package relationships, a workbook with its own, sheets and strings. */
function workbook(options: { workbookPath?: string; sheets: [name: string, id: string][]; rels: string[]; parts: Record<string, string>; stored?: boolean }): Promise<Uint8Array> {
  const workbookPath = options.workbookPath ?? 'xl/workbook.xml';
  const folder = workbookPath.slice(0, workbookPath.lastIndexOf('/') + 1);
  const file = workbookPath.slice(folder.length);
  const sheets = options.sheets.map(([name, id], i) => `<x:sheet name="${name}" sheetId="${i + 1}" r:id="${id}"/>`).join('');
  const parts: ZipPart[] = [
    { name: '_rels/.rels', pieces: [`<Relationships xmlns="${RELS}">${rel('rId1', 'officeDocument', `/${workbookPath}`)}</Relationships>`] },
    { name: workbookPath, pieces: [`<x:workbook xmlns:x="${MAIN}" xmlns:r="${OFFICE}"><x:sheets>${sheets}</x:sheets></x:workbook>`] },
    { name: `${folder}_rels/${file}.rels`, pieces: [`<Relationships xmlns="${RELS}">${options.rels.join('')}</Relationships>`] },
    ...Object.entries(options.parts).map(([name, text]) => ({ name, pieces: [text] })),
  ];
  return zipFile(parts.map((part) => ({ ...part, stored: options.stored ?? false })));
}

describe('reading an XLSX as a stream', () => {
  it.each([[false], [true]])('follows the relationships to the first sheet, namespace prefixes and all (stored: %s)', async (stored) => {
    const file = await workbook({
      workbookPath: 'book/main.xml',
      sheets: [
        ['Машины', 'rId7'],
        ['Другой', 'rId1'],
      ],
      rels: [rel('rId1', 'worksheet', 'other.xml'), rel('rId7', 'worksheet', '../sheets/cars.xml'), rel('rId3', 'sharedStrings', 'strings.xml')],
      parts: {
        'book/other.xml': `<x:worksheet xmlns:x="${MAIN}"><x:sheetData><x:row><x:c t="inlineStr"><x:is><x:t>не тот лист</x:t></x:is></x:c></x:row></x:sheetData></x:worksheet>`,
        'sheets/cars.xml': `<x:worksheet xmlns:x="${MAIN}"><x:sheetData><x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="B1" t="s"><x:v>1</x:v></x:c></x:row><x:row r="2"><x:c r="A2"><x:v>9941123456</x:v></x:c><x:c r="B2" t="s"><x:v>2</x:v></x:c></x:row></x:sheetData></x:worksheet>`,
        'book/strings.xml': `<x:sst xmlns:x="${MAIN}"><x:si><x:t>СТС</x:t></x:si><x:si><x:r><x:t>Гос</x:t></x:r><x:r><x:t>номер</x:t></x:r></x:si><x:si><x:t>А123ВС77</x:t><x:rPh><x:t>фонетика</x:t></x:rPh></x:si></x:sst>`,
      },
      stored,
    });
    expect(await xlsxRows(file, 10)).toEqual([
      ['СТС', 'Госномер'],
      ['9941123456', 'А123ВС77'],
    ]);
  });

  it('reads cells by their reference and type; blank rows and far columns are left out', async () => {
    const cells = [
      '<row><c><v>1.5E+3</v></c><c t="b"><v>1</v></c><c r="E1" t="str"><f>A1&amp;"x"</f><v>1500x</v></c></row>',
      '<row><c r="A2" t="inlineStr"><is><t xml:space="preserve">  </t></is></c></row>',
      '<row><c r="B3" t="e"><v>#N/A</v></c><c r="ZZ3" t="inlineStr"><is><t>далеко</t></is></c></row>',
    ].join('');
    const file = await workbook({ sheets: [['Лист', 'rId1']], rels: [rel('rId1', 'worksheet', 'worksheets/sheet1.xml')], parts: { 'xl/worksheets/sheet1.xml': `<worksheet xmlns="${MAIN}"><sheetData>${cells}</sheetData></worksheet>` } });
    expect(await xlsxRows(file, 10)).toEqual([
      ['1500', 'true', '', '', '1500x'],
      ['', '#N/A'],
    ]);
  });

  it('stops at the rows asked for', async () => {
    const rows = Array.from({ length: 50 }, (_, i) => `<row><c t="inlineStr"><is><t>${i}</t></is></c></row>`).join('');
    const file = await workbook({ sheets: [['Лист', 'rId1']], rels: [rel('rId1', 'worksheet', 'worksheets/sheet1.xml')], parts: { 'xl/worksheets/sheet1.xml': `<worksheet xmlns="${MAIN}"><sheetData>${rows}</sheetData></worksheet>` } });
    expect(await xlsxRows(file, 3)).toEqual([['0'], ['1'], ['2']]);
  });

  it.each([
    ['a sheet that is not XML', '<worksheet><sheetData><row><c><v>1</c></row>', 422],
    ['an entity the document never defines', `<worksheet xmlns="${MAIN}"><sheetData><row><c t="inlineStr"><is><t>&lol9;</t></is></c></row></sheetData></worksheet>`, 422],
  ])('%s: a 4xx, not a crash', async (_name, sheet, status) => {
    const file = await workbook({ sheets: [['Лист', 'rId1']], rels: [rel('rId1', 'worksheet', 'worksheets/sheet1.xml')], parts: { 'xl/worksheets/sheet1.xml': sheet } });
    const error = await xlsxRows(file, 10).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(status);
  });
});
