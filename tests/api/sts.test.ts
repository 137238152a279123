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

/** The user's СТС list. */
async function list(session = user) {
  const reply = await api.request('GET', '/105/api/sts', { session });
  expect(reply.status).toBe(200);
  return reply.body.response.sts as { id: number; sts: string; vehiclePlateNumber: string; vehiclePlateRegion: string; vehicleModel: string | null }[];
}

/** A valid СТС number that differs by n. */
const stsNumber = (n: number) => `99${String(10 + (n % 90))}${String(100000 + n).slice(-6)}`;
const vehicle = (n: number) => ({ sts: stsNumber(n), vehiclePlateNumber: 'А123ВС', vehiclePlateRegion: '77' });

describe('СТС', () => {
  it('needs credentials', async () => {
    for (const [method, path] of [['GET', '/105/api/sts'], ['POST', '/105/api/sts'], ['PUT', '/105/api/sts/1'], ['DELETE', '/105/api/sts'], ['POST', '/105/api/sts/import']] as const) {
      expect((await api.request(method, path)).status).toBe(401);
    }
  });

  it('adds, normalising the numbers, and lists', async () => {
    const reply = await api.request('POST', '/105/api/sts', {
      session: user,
      form: { sts: '99 41 123456', vehiclePlateNumber: 'a 123 bc', vehiclePlateRegion: ' 77 ', vehicleModel: ' Lada Vesta ' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.response).toMatchObject({
      added: true,
      item: { sts: '9941123456', vehiclePlateNumber: 'А123ВС', vehiclePlateRegion: '77', vehicleModel: 'Lada Vesta', vehiclePlate: 'А123ВС 77', vehiclePlateType: null },
    });
    expect(await list()).toHaveLength(1);
  });

  it('does not add an СТС with an existing number twice (spec §4), answering with the existing one', async () => {
    const first = await api.request('POST', '/105/api/sts', { session: user, form: vehicle(1) });
    const again = await api.request('POST', '/105/api/sts', { session: user, form: { ...vehicle(1), vehiclePlateNumber: 'В777ОР' } });
    expect(again.status).toBe(200);
    expect(again.body.response).toEqual({ item: first.body.response.item, added: false });
    expect(await list()).toHaveLength(1);
  });

  it.each([
    ['no sts', { vehiclePlateNumber: 'А123ВС', vehiclePlateRegion: '77' }, 'Поле «СТС» обязательно для заполнения'],
    ['an empty sts', { sts: '  ', vehiclePlateNumber: 'А123ВС', vehiclePlateRegion: '77' }, 'Поле «СТС» обязательно для заполнения'],
    ['a short sts', { sts: '99411234', vehiclePlateNumber: 'А123ВС', vehiclePlateRegion: '77' }, 'Некорректный номер СТС'],
    ['letters in the sts number', { sts: '99АБ12345Ж', vehiclePlateNumber: 'А123ВС', vehiclePlateRegion: '77' }, 'Некорректный номер СТС'],
    ['no plate', { sts: '9941123456', vehiclePlateRegion: '77' }, 'Поле «Госномер» обязательно для заполнения'],
    ['a plate with a non-plate letter', { sts: '9941123456', vehiclePlateNumber: 'Ж123ЖЖ', vehiclePlateRegion: '77' }, 'Некорректный госномер'],
    ['a 000 plate', { sts: '9941123456', vehiclePlateNumber: 'А000АА', vehiclePlateRegion: '77' }, 'Некорректный госномер'],
    ['a one-digit region', { sts: '9941123456', vehiclePlateNumber: 'А123ВС', vehiclePlateRegion: '7' }, 'Некорректный код региона'],
    ['region 000', { sts: '9941123456', vehiclePlateNumber: 'А123ВС', vehiclePlateRegion: '000' }, 'Некорректный код региона'],
    ['a model of 101 characters', { ...{ sts: '9941123456', vehiclePlateNumber: 'А123ВС', vehiclePlateRegion: '77' }, vehicleModel: 'x'.repeat(101) }, 'Поле «Модель» заполнено неверно'],
    ['a control character in the model', { sts: '9941123456', vehiclePlateNumber: 'А123ВС', vehiclePlateRegion: '77', vehicleModel: 'Lada\u0000' }, 'Поле «Модель» заполнено неверно'],
  ])('refuses %s with 422 and writes nothing', async (_name, form, message) => {
    const reply = await api.request('POST', '/105/api/sts', { session: user, form: form as Record<string, string> });
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual({ status: 'error', error: { errorDesc: message } });
    expect(await list()).toEqual([]);
  });

  it('refuses a number in JSON that is not a string-like value', async () => {
    const reply = await api.request('POST', '/105/api/sts', { session: user, json: { sts: { a: 1 }, vehiclePlateNumber: 'А123ВС', vehiclePlateRegion: 77 } });
    expect(reply.status).toBe(422);
    expect(await list()).toEqual([]);
  });

  it('stops at 50 (spec §9) with a Russian message', async () => {
    for (let n = 0; n < 50; n++) {
      expect((await api.request('POST', '/105/api/sts', { session: user, form: vehicle(n) })).status).toBe(200);
    }
    const over = await api.request('POST', '/105/api/sts', { session: user, form: vehicle(50) });
    expect(over.status).toBe(422);
    expect(over.body.error?.errorDesc).toBe('Можно добавить не больше 50 СТС');
    // An existing number is still answered, not refused.
    expect((await api.request('POST', '/105/api/sts', { session: user, form: vehicle(3) })).body.response.added).toBe(false);
    expect(await list()).toHaveLength(50);
  });

  it('keeps both rules under concurrent requests: one row per number, never more than 50', async () => {
    const same = await Promise.all(Array.from({ length: 8 }, () => api.request('POST', '/105/api/sts', { session: user, form: vehicle(7) })));
    expect(same.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(same.filter((r) => r.body.response.added)).toHaveLength(1);
    expect(await list()).toHaveLength(1);
    const many = await Promise.all(Array.from({ length: 55 }, (_, n) => api.request('POST', '/105/api/sts', { session: user, form: vehicle(100 + n) })));
    expect(many.filter((r) => r.status === 200)).toHaveLength(49);
    expect(many.filter((r) => r.status === 422)).toHaveLength(6);
    expect(await list()).toHaveLength(50);
  });

  it('edits by id', async () => {
    const { id } = (await api.request('POST', '/105/api/sts', { session: user, form: vehicle(1) })).body.response.item;
    const reply = await api.request('PUT', `/105/api/sts/${id}`, { session: user, json: { ...vehicle(2), vehicleModel: 'Kia Rio' } });
    expect(reply.status).toBe(200);
    expect(reply.body.response.item).toMatchObject({ id, sts: stsNumber(2), vehicleModel: 'Kia Rio' });
    expect(await list()).toMatchObject([{ id, sts: stsNumber(2) }]);
  });

  it('refuses an edit to a number another entry has (409) and bad input (422), changing nothing', async () => {
    const a = (await api.request('POST', '/105/api/sts', { session: user, form: vehicle(1) })).body.response.item;
    await api.request('POST', '/105/api/sts', { session: user, form: vehicle(2) });
    const clash = await api.request('PUT', `/105/api/sts/${a.id}`, { session: user, form: vehicle(2) });
    expect(clash.status).toBe(409);
    expect(clash.body.error?.errorDesc).toBe('Такое СТС уже есть в списке');
    const bad = await api.request('PUT', `/105/api/sts/${a.id}`, { session: user, form: { ...vehicle(3), sts: 'x' } });
    expect(bad.status).toBe(422);
    expect((await list())[0]).toMatchObject({ id: a.id, sts: stsNumber(1) });
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999'])('answers 400 for the id %s', async (id) => {
    const reply = await api.request('PUT', `/105/api/sts/${id}`, { session: user, form: vehicle(1) });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ status: 'error', error: { errorDesc: 'Некорректный идентификатор в адресе запроса' } });
  });

  it('answers 404 for an id that does not exist', async () => {
    expect((await api.request('PUT', '/105/api/sts/2147483647', { session: user, form: vehicle(1) })).status).toBe(404);
    expect((await api.request('DELETE', '/105/api/sts?id=2147483647', { session: user })).status).toBe(404);
  });

  it('deletes by id, from the query or the body', async () => {
    const a = (await api.request('POST', '/105/api/sts', { session: user, form: vehicle(1) })).body.response.item;
    const b = (await api.request('POST', '/105/api/sts', { session: user, form: vehicle(2) })).body.response.item;
    expect((await api.request('DELETE', `/105/api/sts?id=${a.id}`, { session: user })).body).toEqual({ status: 'ok', response: { deleted: a.id } });
    expect((await api.request('DELETE', '/105/api/sts', { session: user, form: { id: String(b.id) } })).body.response.deleted).toBe(b.id);
    expect(await list()).toEqual([]);
    const missing = await api.request('DELETE', '/105/api/sts', { session: user });
    expect(missing.status).toBe(400);
    expect(missing.body.error?.errorDesc).toBe('Поле «id» обязательно для заполнения');
  });
});

describe('СТС import', () => {
  it('adds a list given as JSON, skipping numbers already there and repeats within the list', async () => {
    await api.request('POST', '/105/api/sts', { session: user, form: vehicle(1) });
    const reply = await api.request('POST', '/105/api/sts/import', { session: user, json: { stsList: [vehicle(1), vehicle(2), vehicle(3), vehicle(2)] } });
    expect(reply.status).toBe(200);
    expect(reply.body.response.added).toBe(2);
    expect(reply.body.response.sts.map((s: { sts: string }) => s.sts)).toEqual([stsNumber(1), stsNumber(2), stsNumber(3)]);
  });

  it('takes the list as a JSON string in a form field', async () => {
    const reply = await api.request('POST', '/105/api/sts/import', { session: user, form: { stsList: JSON.stringify([vehicle(5)]) } });
    expect(reply.status).toBe(200);
    expect(await list()).toHaveLength(1);
  });

  it.each([
    ['one bad item', { stsList: [vehicle(1), { ...vehicle(2), sts: '1' }] }, 'Некорректный номер СТС (запись 2)'],
    ['an empty list', { stsList: [] }, 'Поле «Список СТС» заполнено неверно'],
    ['no list', {}, 'Поле «Список СТС» обязательно для заполнения'],
    ['a list that is not JSON', { stsList: '[{' }, 'Поле «Список СТС» заполнено неверно'],
    ['51 items', { stsList: Array.from({ length: 51 }, (_, n) => vehicle(n)) }, 'Поле «Список СТС» заполнено неверно'],
  ])('refuses %s and adds nothing', async (_name, json, message) => {
    const reply = await api.request('POST', '/105/api/sts/import', { session: user, json });
    expect(reply.status).toBe(422);
    expect(reply.body.error?.errorDesc).toBe(message);
    expect(await list()).toEqual([]);
  });

  it('refuses an import that would pass 50 and adds nothing of it', async () => {
    await api.request('POST', '/105/api/sts/import', { session: user, json: { stsList: Array.from({ length: 45 }, (_, n) => vehicle(n)) } });
    const reply = await api.request('POST', '/105/api/sts/import', { session: user, json: { stsList: Array.from({ length: 10 }, (_, n) => vehicle(100 + n)) } });
    expect(reply.status).toBe(422);
    expect(reply.body.error?.errorDesc).toBe('Можно добавить не больше 50 СТС');
    expect(await list()).toHaveLength(45);
  });
});
