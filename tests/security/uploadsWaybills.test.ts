import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withInnCheckDigits } from '../../src/lib/inn.ts';
import { IMPORT_LIMIT } from '../../server/organizations/fleetImport.ts';
import { createMailTestApi, signUp } from '../api/helpers/accounts.ts';
import type { MailTestApi } from '../api/helpers/accounts.ts';
import type { Session } from '../api/helpers/testApi.ts';
import { repeated, xlsxFile } from '../api/helpers/zipFile.ts';

// Issue 26: the waybill register is read by the vehicle import's readers, under the same limits: a
// zip bomb, a sheet of 100 000 rows, a file over 2 MB and the hourly budget are refused the same way.

let api: MailTestApi;
let company: Session;
let organizationId = 0;
beforeAll(async () => {
  api = await createMailTestApi({ importRateLimit: 8 });
  company = await signUp(api, 'waybill-uploads@example.ru', { isLegalEntity: '1' });
  organizationId = (await api.request('POST', '/105/api/organization', { session: company, form: { inn: withInnCheckDigits('500100732'), name: 'ООО «Путевые»' } })).body.response.item.id;
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

/** Sends a register as the cabinet does. */
async function upload(file: File) {
  const form = new FormData();
  form.set('file', file);
  form.set('preview', '1');
  const response = await api.app.request(`/105/api/organization/${organizationId}/waybills/import`, {
    method: 'POST',
    headers: { 'X-Session': company.session, 'X-Rand': company.rand, 'X-User-Id': String(company.userId) },
    body: form,
  });
  return { status: response.status, body: await response.json() };
}

const row = '<row><c t="inlineStr"><is><t>А123ВС77</t></is></c><c t="inlineStr"><is><t>Иванов</t></is></c><c><v>46091.3</v></c><c><v>46091.8</v></c></row>';

describe('a waybill register cannot stop the service', () => {
  it.each<[string, () => Promise<File>, number, RegExp]>([
    ['a 300 MB sheet packed into ~1 MB', async () => new File([await xlsxFile({ rows: repeated(row, 300_000_000 / row.length) })], 'reestr.xlsx'), 413, /после распаковки/],
    ['the same sheet claiming to be 1 KB unpacked', async () => new File([await xlsxFile({ rows: repeated(row, 300_000_000 / row.length), declaredSize: 1_000 })], 'reestr.xlsx'), 422, /повреждён/],
    ['a sheet of 3 000 rows, one over the cap is enough', async () => new File([await xlsxFile({ rows: Array.from({ length: 3_000 }, () => row) })], 'reestr.xlsx'), 422, new RegExp(`не больше ${IMPORT_LIMIT} строк`)],
    ['a CSV of 100 000 rows under 2 MB', async () => new File([Array.from({ length: 100_000 }, (_, i) => `А${i % 10}ВС77;;;;`).join('\n')], 'reestr.csv'), 422, new RegExp(`не больше ${IMPORT_LIMIT} строк`)],
    ['a file over 2 MB', async () => new File([new Uint8Array(2 * 1024 * 1024 + 10)], 'reestr.csv'), 413, /больше 2 МБ/],
  ])('%s', async (_label, file, status, message) => {
    const reply = await upload(await file());
    expect(reply.status).toBe(status);
    expect(reply.body.error.errorDesc).toMatch(message);
  });

  it('shares the hourly upload budget with the vehicle import', async () => {
    let last = 0;
    for (let i = 0; i < 5; i++) last = (await upload(new File(['А123ВС77;Иванов;01.03.2026 08:00;01.03.2026 20:00'], 'reestr.csv'))).status;
    expect(last).toBe(429);
  });
});
