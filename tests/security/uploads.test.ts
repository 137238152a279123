import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withInnCheckDigits } from '../../src/lib/inn.ts';
import { IMPORT_LIMIT } from '../../server/organizations/fleetImport.ts';
import { csvRows } from '../../server/spreadsheets/csvReader.ts';
import { createMailTestApi, signUp } from '../api/helpers/accounts.ts';
import type { MailTestApi } from '../api/helpers/accounts.ts';
import type { Session } from '../api/helpers/testApi.ts';
import { repeated, xlsxFile, zipFile } from '../api/helpers/zipFile.ts';

let api: MailTestApi;
let company: Session;
let organizationId = 0;
beforeAll(async () => {
  api = await createMailTestApi();
  company = await signUp(api, 'uploads@example.ru', { isLegalEntity: '1' });
  organizationId = (await api.request('POST', '/105/api/organization', { session: company, form: { inn: withInnCheckDigits('500100732'), name: 'ООО «Загрузка»' } })).body.response.item.id;
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

/** Sends a file as the cabinet's import form does. */
async function upload(on: MailTestApi, session: Session, organization: number, file: File, preview: boolean) {
  const form = new FormData();
  form.set('file', file);
  if (preview) form.set('preview', '1');
  const response = await on.app.request(`/105/api/organization/${organization}/vehicles/import`, {
    method: 'POST',
    headers: { 'X-Session': session.session, 'X-Rand': session.rand, 'X-User-Id': String(session.userId) },
    body: form,
  });
  return { status: response.status, body: await response.json(), headers: response.headers };
}

/**
 * Asks /health every 50 ms while `work` runs, and answers the longest wait counted from when each
 * question was due: a blocked event loop delays the timer too, and that delay is counted.
 */
async function worstHealthWait(work: Promise<unknown>): Promise<number> {
  let running = true;
  void work.finally(() => {
    running = false;
  });
  let worst = 0;
  do {
    const due = performance.now() + 50;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const health = await api.request('GET', '/105/api/health');
    expect(health.status).toBe(200);
    worst = Math.max(worst, performance.now() - due);
  } while (running);
  return worst;
}

const bombRow = '<row><c t="inlineStr"><is><t>99 41 123456</t></is></c><c t="inlineStr"><is><t>А123ВС77</t></is></c></row>';
const BOMB_BYTES = 300_000_000;
const xlsx = async (bytes: Promise<Uint8Array<ArrayBuffer>>) => new File([await bytes], 'park.xlsx');

describe('a fleet import cannot stop the service (issue 23)', () => {
  it.each<[string, () => Promise<File>, number, RegExp]>([
    ['a 300 MB sheet of repeated rows packed into ~0.9 MB', () => xlsx(xlsxFile({ rows: repeated(bombRow, BOMB_BYTES / bombRow.length) })), 413, /после распаковки/],
    ['the same sheet claiming to be 1 KB unpacked', () => xlsx(xlsxFile({ rows: repeated(bombRow, BOMB_BYTES / bombRow.length), declaredSize: 1_000 })), 422, /повреждён/],
    [
      '300 MB of shared strings claiming 1 KB, before a small sheet',
      () => xlsx(xlsxFile({ rows: ['<row><c t="s"><v>0</v></c></row>'] }, { pieces: repeated('<si><t>99 41 123456</t></si>', BOMB_BYTES / 27), declaredSize: 1_000 })),
      422,
      /повреждён/,
    ],
    ['one row of 300 MB claiming 1 KB', () => xlsx(xlsxFile({ rows: ['<row>', ...repeated('<c><v>1</v></c>', BOMB_BYTES / 15), '</row>'], declaredSize: 1_000 })), 422, /повреждён/],
    [
      'a sheet of 100 000 small rows',
      () => xlsx(xlsxFile({ rows: Array.from({ length: 100_000 }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>${9_941_000_000 + i}</v></c><c r="B${i + 1}" t="inlineStr"><is><t>А123ВС77</t></is></c></row>`) })),
      422,
      new RegExp(`не больше ${IMPORT_LIMIT} строк`),
    ],
    [
      'a sheet of 15 MB of blank rows, inside every limit, that never reaches the row cap',
      () => xlsx(xlsxFile({ rows: Array.from({ length: 330_000 }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v></v></c></row>`) })),
      422,
      /нет строк с автомобилями/,
    ],
    ['1 000 entries', () => xlsx(zipFile(Array.from({ length: 1_000 }, (_, i) => ({ name: `xl/media/${i}.xml`, pieces: ['<a/>'] })))), 413, /слишком много частей/],
    ['random bytes called .xlsx', async () => new File([new Uint8Array(50_000).map((_, i) => (i * 7919) % 251)], 'park.xlsx'), 422, /не читается как XLSX/],
    ['an XLSX cut in half', async () => new File([(await exceljsFile(10)).slice(0, 4_000)], 'park.xlsx'), 422, /не читается как XLSX/],
    ['an XLSX with its packed sheet overwritten', async () => new File([damaged(await exceljsFile(300))], 'park.xlsx'), 422, /повреждён|не читается как XLSX/],
    ['a CSV of 100 000 rows', async () => new File([`СТС;Госномер\n${Array.from({ length: 100_000 }, (_, i) => `${9_941_000_000 + i};А1\n`).join('')}`], 'park.csv'), 422, new RegExp(`не больше ${IMPORT_LIMIT} строк`)],
    ['a file over 2 MB', async () => new File(['9941123456;А123ВС;77\n'.repeat(120_000)], 'park.csv'), 413, /больше 2 МБ/],
  ])('%s: refused with a clear reason, nothing stored, /health answers within 2 s', { timeout: 120_000 }, async (_name, make, status, message) => {
    const file = await make();
    const uploading = upload(api, company, organizationId, file, false);
    const waited = await worstHealthWait(uploading);
    const reply = await uploading;
    expect(reply.status).toBe(status);
    expect(reply.body.error.errorDesc).toMatch(message);
    expect(reply.body.error.errorDesc).toMatch(/^[А-ЯЁ]/);
    expect(waited).toBeLessThan(2_000);
    expect((await api.request('GET', `/105/api/organization/${organizationId}/vehicles`, { session: company })).body.response.items).toEqual([]);
  });

  it('still reads real workbooks: header found in any order, numbers, shared, inline and rich text, formulas by their result', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Машины');
    sheet.addRow(['Марка', 'Госномер', 'СТС', 'Регион']);
    sheet.addRow([{ richText: [{ text: 'Lada ' }, { text: 'Vesta', font: { bold: true } }] }, 'А123ВС', 9941123456, 77]);
    sheet.addRow([null, 'М555ММ', '7734654321', { formula: '25*2', result: 50 }]);
    sheet.addRow([]);
    sheet.addRow(['Газель', 'плохой', '123', 77]);
    const reply = await upload(api, company, organizationId, new File([await workbook.xlsx.writeBuffer()], 'park.xlsx'), true);
    expect(reply.status).toBe(200);
    expect(reply.body.response.rows).toEqual([
      { line: 2, sts: '9941123456', vehiclePlateNumber: 'А123ВС', vehiclePlateRegion: '77', model: 'Lada Vesta', error: null, status: 'ready' },
      { line: 3, sts: '7734654321', vehiclePlateNumber: 'М555ММ', vehiclePlateRegion: '50', model: null, error: null, status: 'ready' },
      { line: 4, sts: '123', vehiclePlateNumber: 'ПЛОХОЙ', vehiclePlateRegion: '77', model: 'Газель', error: 'Некорректный номер СТС', status: 'invalid' },
    ]);
  });

  it(`takes ${IMPORT_LIMIT} rows under a header and refuses one more`, { timeout: 60_000 }, async () => {
    const full = await upload(api, company, organizationId, new File([await exceljsFile(IMPORT_LIMIT)], 'park.xlsx'), true);
    expect(full.status).toBe(200);
    expect(full.body.response.rows).toHaveLength(IMPORT_LIMIT);
    const over = await upload(api, company, organizationId, new File([await exceljsFile(IMPORT_LIMIT + 1)], 'park.xlsx'), true);
    expect(over.status).toBe(422);
    expect(over.body.error.errorDesc).toBe(`В одном файле — не больше ${IMPORT_LIMIT} строк`);
  });

  it('reads a CSV only up to the rows it needs', () => {
    const text = `СТС;Госномер\n${Array.from({ length: 50 }, (_, i) => `${i};А1`).join('\n')}\n"never closed;`;
    expect(csvRows(text, 3)).toEqual([['СТС', 'Госномер'], ['0', 'А1'], ['1', 'А1']]);
    expect(csvRows('СТС;Госномер\n\n;\n9941123456;А123ВС\n\n7734654321;М555ММ\n', 2)).toEqual([['СТС', 'Госномер'], ['9941123456', 'А123ВС']]);
  });
});

describe('imports per account (issue 23)', () => {
  let limited: MailTestApi;
  beforeAll(async () => {
    limited = await createMailTestApi({ importRateLimit: 3 });
  });
  afterAll(async () => {
    await limited.close();
  });

  it('an account gets its limit of uploads an hour, then a 429 in Russian; another account is not affected', async () => {
    const organizationOf = async (session: Session, inn: string) => (await limited.request('POST', '/105/api/organization', { session, form: { inn: withInnCheckDigits(inn) } })).body.response.item.id as number;
    const first = await signUp(limited, 'many-imports@example.ru', { isLegalEntity: '1' });
    const second = await signUp(limited, 'one-import@example.ru', { isLegalEntity: '1' });
    const [own, other] = [await organizationOf(first, '500100732'), await organizationOf(second, '770708389')];
    const csv = () => new File(['9941123456;А123ВС;77\n'], 'park.csv');
    for (let i = 0; i < 3; i++) expect((await upload(limited, first, own, csv(), true)).status).toBe(200);
    const refused = await upload(limited, first, own, csv(), true);
    expect(refused.status).toBe(429);
    expect(refused.body.error.errorDesc).toMatch(/^Слишком много/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await upload(limited, second, other, csv(), true)).status).toBe(200);
    limited.advance(60 * 60_000);
    expect((await upload(limited, first, own, csv(), true)).status).toBe(200);
  });
});

/** An XLSX of `rows` valid vehicles under a header, as exceljs writes it. */
async function exceljsFile(rows: number): Promise<Uint8Array<ArrayBuffer>> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Автопарк');
  sheet.addRow(['СТС', 'Госномер', 'Регион']);
  for (let i = 0; i < rows; i++) sheet.addRow([String(9_941_000_000 + i), 'А123ВС', '77']);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** The archive with the packed bytes of its sheet overwritten by noise (the directory left intact). */
function damaged(bytes: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  const copy = bytes.slice();
  const name = new TextEncoder().encode('xl/worksheets/sheet1.xml');
  const at = Buffer.from(copy).indexOf(Buffer.from(name));
  for (let i = at + name.length + 40; i < at + name.length + 400; i++) copy[i] = (i * 31) & 0xff;
  return copy;
}
