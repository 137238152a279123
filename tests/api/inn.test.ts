import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withInnCheckDigits } from '../../src/lib/inn.ts';
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

/** The user's tax ids. */
async function list() {
  const reply = await api.request('GET', '/105/api/inn', { session: user });
  expect(reply.status).toBe(200);
  return reply.body.response.items as { id: number; inn: string }[];
}

/** A valid organisation ИНН that differs by n. */
const inn = (n: number) => withInnCheckDigits(`77${String(1000000 + n).slice(-7)}`);

describe('ИНН', () => {
  it('needs credentials', async () => {
    for (const [method, path] of [['GET', '/105/api/inn'], ['POST', '/105/api/inn'], ['PUT', '/105/api/inn/1'], ['DELETE', '/105/api/inn/1']] as const) {
      expect((await api.request(method, path)).status).toBe(401);
    }
  });

  it('adds an organisation with its name and a person with a full name', async () => {
    const org = await api.request('POST', '/105/api/inn', { session: user, form: { inn: '7707 083 893', innName: 'ПАО Сбербанк' } });
    expect(org.body.response).toEqual({
      added: true,
      item: { id: expect.any(Number), inn: '7707083893', innName: 'ПАО Сбербанк', surname: null, name: null, patronymic: null },
    });
    const person = await api.request('POST', '/105/api/inn', { session: user, json: { inn: '771234567859', surname: 'сидорова', name: 'анна', patronymic: 'ивановна' } });
    expect(person.body.response.item).toMatchObject({ inn: '771234567859', innName: 'Сидорова Анна Ивановна', surname: 'Сидорова' });
    expect(await list()).toHaveLength(2);
  });

  it('does not add the same ИНН twice', async () => {
    const first = await api.request('POST', '/105/api/inn', { session: user, form: { inn: inn(1) } });
    const again = await api.request('POST', '/105/api/inn', { session: user, form: { inn: inn(1), innName: 'Другое' } });
    expect(again.body.response).toEqual({ item: first.body.response.item, added: false });
  });

  it.each([
    ['no ИНН', {}, 'Поле «ИНН» обязательно для заполнения'],
    ['a wrong check digit', { inn: '7707083894' }, 'Некорректный ИНН'],
    ['11 digits', { inn: '77070838931' }, 'Некорректный ИНН'],
    ['letters', { inn: '77О7083893' }, 'Некорректный ИНН'],
    ['a name of 201 characters', { inn: '7707083893', innName: 'Я'.repeat(201) }, 'Поле «Название» заполнено неверно'],
  ])('refuses %s with 422 and writes nothing', async (_name, form, message) => {
    const reply = await api.request('POST', '/105/api/inn', { session: user, form });
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual({ status: 'error', error: { errorDesc: message } });
    expect(await list()).toEqual([]);
  });

  it('stops at 50', async () => {
    for (let n = 0; n < 50; n++) {
      expect((await api.request('POST', '/105/api/inn', { session: user, form: { inn: inn(n) } })).status).toBe(200);
    }
    const over = await api.request('POST', '/105/api/inn', { session: user, form: { inn: inn(50) } });
    expect(over.status).toBe(422);
    expect(over.body.error?.errorDesc).toBe('Можно добавить не больше 50 ИНН');
    expect(await list()).toHaveLength(50);
  });

  it('edits and deletes by id', async () => {
    const a = (await api.request('POST', '/105/api/inn', { session: user, form: { inn: inn(1) } })).body.response.item;
    await api.request('POST', '/105/api/inn', { session: user, form: { inn: inn(2) } });
    const edit = await api.request('PUT', `/105/api/inn/${a.id}`, { session: user, form: { inn: inn(3), innName: 'ООО Ромашка' } });
    expect(edit.body.response.item).toMatchObject({ id: a.id, inn: inn(3), innName: 'ООО Ромашка' });
    expect((await api.request('PUT', `/105/api/inn/${a.id}`, { session: user, form: { inn: inn(2) } })).status).toBe(409);
    expect((await api.request('PUT', `/105/api/inn/${a.id}`, { session: user, form: { inn: '1' } })).status).toBe(422);
    expect((await api.request('DELETE', `/105/api/inn/${a.id}`, { session: user })).body).toEqual({ status: 'ok', response: { deleted: a.id } });
    expect((await api.request('DELETE', `/105/api/inn/${a.id}`, { session: user })).status).toBe(404);
    expect((await api.request('DELETE', '/105/api/inn/abc', { session: user })).status).toBe(400);
    expect(await list()).toHaveLength(1);
  });
});
