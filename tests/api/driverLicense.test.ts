import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Session, TestApi } from './helpers/testApi.ts';
import { createTestApi } from './helpers/testApi.ts';

let api: TestApi;
let user: Session;
beforeAll(async () => {
  api = await createTestApi();
});
beforeEach(async () => {
  user = await api.register();
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

/** The user's licences. */
async function list() {
  const reply = await api.request('GET', '/105/api/driverLicense', { session: user });
  expect(reply.status).toBe(200);
  return reply.body.response.driverLicense as { id: number; driverLicense: string }[];
}

/** A valid licence number that differs by n. */
const number = (n: number) => `99${String(10 + (n % 90))}${String(100000 + n).slice(-6)}`;

describe('driver licences', () => {
  it('need credentials', async () => {
    for (const [method, path] of [['GET', '/105/api/driverLicense'], ['POST', '/105/api/driverLicense'], ['PUT', '/105/api/dl/1'], ['DELETE', '/105/api/driverLicense']] as const) {
      expect((await api.request(method, path)).status).toBe(401);
    }
  });

  it('adds with dates and a normalised name', async () => {
    const reply = await api.request('POST', '/105/api/driverLicense', {
      session: user,
      form: { driverLicense: '99 12 345678', issue_date: '01.02.2020', first_issue_date: '15.06.2010', surname: 'иВАНОВ', name: ' пётр ', patronymic: 'сергеевич' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.response).toEqual({
      added: true,
      item: {
        id: expect.any(Number),
        driverLicense: '9912345678',
        issue_date: '01.02.2020',
        first_issue_date: '15.06.2010',
        surname: 'Иванов',
        name: 'Пётр',
        patronymic: 'Сергеевич',
        driverName: 'Иванов Пётр Сергеевич',
      },
    });
  });

  it('adds with the number only; a number already there is not added twice', async () => {
    const first = await api.request('POST', '/105/api/driverLicense', { session: user, json: { driverLicense: '99АК123456' } });
    expect(first.body.response.item).toMatchObject({ driverLicense: '99АК123456', issue_date: null, driverName: '' });
    const again = await api.request('POST', '/105/api/driverLicense', { session: user, json: { driverLicense: '99 ak 123456' } });
    expect(again.body.response).toEqual({ item: first.body.response.item, added: false });
    expect(await list()).toHaveLength(1);
  });

  it.each([
    ['no number', {}, 'Поле «Водительское удостоверение» обязательно для заполнения'],
    ['a short number', { driverLicense: '991234567' }, 'Некорректный номер водительского удостоверения'],
    ['a date in another format', { driverLicense: '9912345678', issue_date: '2020-02-01' }, 'Некорректная дата'],
    ['a future date', { driverLicense: '9912345678', issue_date: '01.01.2999' }, 'Некорректная дата'],
    ['a date before 1900', { driverLicense: '9912345678', first_issue_date: '31.12.1899' }, 'Некорректная дата'],
    ['a name in Latin letters', { driverLicense: '9912345678', surname: 'Ivanov' }, 'Поле «Фамилия» заполнено неверно'],
  ])('refuses %s with 422 and writes nothing', async (_name, form, message) => {
    const reply = await api.request('POST', '/105/api/driverLicense', { session: user, form });
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual({ status: 'error', error: { errorDesc: message } });
    expect(await list()).toEqual([]);
  });

  it('stops at 50', async () => {
    for (let n = 0; n < 50; n++) {
      expect((await api.request('POST', '/105/api/driverLicense', { session: user, form: { driverLicense: number(n) } })).status).toBe(200);
    }
    const over = await api.request('POST', '/105/api/driverLicense', { session: user, form: { driverLicense: number(50) } });
    expect(over.status).toBe(422);
    expect(over.body.error?.errorDesc).toBe('Можно добавить не больше 50 водительских удостоверений');
    expect(await list()).toHaveLength(50);
  });

  it('edits by id with PUT /dl/{id}; a clash is 409', async () => {
    const a = (await api.request('POST', '/105/api/driverLicense', { session: user, form: { driverLicense: number(1) } })).body.response.item;
    await api.request('POST', '/105/api/driverLicense', { session: user, form: { driverLicense: number(2) } });
    const edit = await api.request('PUT', `/105/api/dl/${a.id}`, { session: user, form: { driverLicense: number(3), surname: 'Петров' } });
    expect(edit.body.response.item).toMatchObject({ id: a.id, driverLicense: number(3), surname: 'Петров', driverName: 'Петров' });
    const clash = await api.request('PUT', `/105/api/dl/${a.id}`, { session: user, form: { driverLicense: number(2) } });
    expect(clash.status).toBe(409);
    expect((await api.request('PUT', '/105/api/dl/x', { session: user, form: { driverLicense: number(4) } })).status).toBe(400);
  });

  it('deletes by licence number (spec §7) or by id', async () => {
    const a = (await api.request('POST', '/105/api/driverLicense', { session: user, form: { driverLicense: number(1) } })).body.response.item;
    const b = (await api.request('POST', '/105/api/driverLicense', { session: user, form: { driverLicense: number(2) } })).body.response.item;
    const byNumber = await api.request('DELETE', `/105/api/driverLicense?driverLicense=${encodeURIComponent(number(1))}`, { session: user });
    expect(byNumber.body).toEqual({ status: 'ok', response: { deleted: a.id } });
    const byId = await api.request('DELETE', '/105/api/driverLicense', { session: user, form: { id: String(b.id) } });
    expect(byId.body.response.deleted).toBe(b.id);
    expect(await list()).toEqual([]);
    expect((await api.request('DELETE', `/105/api/driverLicense?driverLicense=${number(1)}`, { session: user })).status).toBe(404);
    expect((await api.request('DELETE', '/105/api/driverLicense', { session: user })).status).toBe(400);
    expect((await api.request('DELETE', '/105/api/driverLicense?driverLicense=12', { session: user })).status).toBe(400);
  });
});
