import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withInnCheckDigits } from '../../src/lib/inn.ts';
import { VALIDATION_MESSAGES } from '../../src/lib/validationMessages.ts';
import { createMailTestApi, signUp } from './helpers/accounts.ts';
import type { MailTestApi } from './helpers/accounts.ts';
import type { Session } from './helpers/testApi.ts';

// Issue 28 item 2: the СТС is 10 characters, and a 9-digit number (`994112345`) is refused with the
// same message at every door a СТС comes in by — the profile, its import, the search's first car, a
// fleet's vehicle and its file import, and the sandbox control — and nothing of it is stored.

const NINE = '994112345';
const MESSAGE = VALIDATION_MESSAGES.sts;
const refused = { status: 'error', error: { errorDesc: MESSAGE } };

let api: MailTestApi;
let user: Session;
let company: Session;
let organizationId = 0;
beforeAll(async () => {
  api = await createMailTestApi({ sandboxControl: true });
  user = await signUp(api, 'sts-doors@example.ru');
  company = await signUp(api, 'sts-fleet@example.ru', { isLegalEntity: '1' });
  organizationId = (await api.request('POST', '/105/api/organization', { session: company, form: { inn: withInnCheckDigits('500100733'), name: 'ООО «Девять цифр»' } })).body.response.item.id;
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

const count = async (table: 'sts_documents' | 'users' | 'fleet_vehicles') =>
  Number((await api.database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const profileList = async () => (await api.request('GET', '/105/api/sts', { session: user })).body.response.sts as { id: number; sts: string }[];
const fleetList = async () => (await api.request('GET', `/105/api/organization/${organizationId}/vehicles`, { session: company })).body.response.items as unknown[];

describe('a 9-digit СТС is refused everywhere with «Некорректный номер СТС»', () => {
  it.each([NINE, '99 41 12345', '77 У 123456', '77У1123456'])('profile POST /105/api/sts refuses %s and stores nothing', async (sts) => {
    const reply = await api.request('POST', '/105/api/sts', { session: user, form: { sts, vehiclePlateNumber: 'А123ВС', vehiclePlateRegion: '77' } });
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual(refused);
    expect(await profileList()).toEqual([]);
  });

  it('profile PUT /105/api/sts/{id} refuses it and keeps the number it had', async () => {
    const added = await api.request('POST', '/105/api/sts', { session: user, form: { sts: '9941123450', vehiclePlateNumber: 'А123ВС', vehiclePlateRegion: '77' } });
    expect(added.status).toBe(200);
    const id = added.body.response.item.id as number;
    const reply = await api.request('PUT', `/105/api/sts/${id}`, { session: user, form: { sts: NINE, vehiclePlateNumber: 'А123ВС', vehiclePlateRegion: '77' } });
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual(refused);
    expect((await profileList()).map((item) => item.sts)).toEqual(['9941123450']);
    await api.request('DELETE', '/105/api/sts', { session: user, form: { id: String(id) } });
  });

  it('profile POST /105/api/sts/import refuses a list with one 9-digit number and adds none of it', async () => {
    const stsList = [
      { sts: '9941123451', vehiclePlateNumber: 'А123ВС', vehiclePlateRegion: '77' },
      { sts: NINE, vehiclePlateNumber: 'В777ОР', vehiclePlateRegion: '77' },
    ];
    const reply = await api.request('POST', '/105/api/sts/import', { session: user, json: { stsList } });
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual({ status: 'error', error: { errorDesc: `${MESSAGE} (запись 2)` } });
    expect(await profileList()).toEqual([]);
  });

  it('the search\'s first car (POST /105/api/newuser) refuses it and creates no user', async () => {
    const clientId = (await api.request('GET', '/105/api/client')).body.response.clientId as string;
    const users = await count('users');
    const documents = await count('sts_documents');
    const reply = await api.request('POST', '/105/api/newuser', { json: { clientId, channel: 'fine', sts: NINE, plate: 'А123ВС77' } });
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual(refused);
    expect(await count('users')).toBe(users);
    expect(await count('sts_documents')).toBe(documents);
  });

  it('a fleet\'s POST /105/api/organization/{id}/vehicles refuses it and adds no vehicle', async () => {
    const reply = await api.request('POST', `/105/api/organization/${organizationId}/vehicles`, { session: company, form: { sts: NINE, vehiclePlateNumber: 'А123ВС', vehiclePlateRegion: '77' } });
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual(refused);
    expect(await fleetList()).toEqual([]);
  });

  it('a fleet\'s file import marks the 9-digit row invalid with the message and adds only the good row', async () => {
    const csv = `СТС;Госномер;Регион\n${NINE};А123ВС;77\n9941123452;В777ОР;77\n`;
    const form = new FormData();
    form.set('file', new File([csv], 'park.csv', { type: 'text/csv' }));
    const response = await api.app.request(`/105/api/organization/${organizationId}/vehicles/import`, {
      method: 'POST',
      headers: { 'X-Session': company.session, 'X-Rand': company.rand, 'X-User-Id': String(company.userId) },
      body: form,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { response: { added: number; rows: { line: number; error: string | null; status: string }[] } };
    expect(body.response.rows.map((row) => [row.line, row.error, row.status])).toEqual([
      [2, MESSAGE, 'invalid'],
      [3, null, 'added'],
    ]);
    expect(body.response.added).toBe(1);
    expect(await fleetList()).toHaveLength(1);
    expect(await count('fleet_vehicles')).toBe(1);
  });

  it('the sandbox control (POST /105/api/sandbox/fines) refuses it and adds no fine', async () => {
    const reply = await api.request('POST', '/105/api/sandbox/fines', { form: { type: 'sts', sts: NINE, vehiclePlateNumber: 'А123ВС', vehiclePlateRegion: '77' } });
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual(refused);
  });

  it('while the same doors take the 10-character number', async () => {
    const reply = await api.request('POST', '/105/api/sts', { session: user, form: { sts: '99 41 123453', vehiclePlateNumber: 'А123ВС', vehiclePlateRegion: '77' } });
    expect(reply.status).toBe(200);
    const sandbox = await api.request('POST', '/105/api/sandbox/fines', { form: { type: 'sts', sts: '77 УК 123456', vehiclePlateNumber: 'А123ВС', vehiclePlateRegion: '77' } });
    expect(sandbox.status).toBe(200);
  });
});
