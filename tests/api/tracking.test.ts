import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi } from './helpers/testApi.ts';
import type { Session, TestApi } from './helpers/testApi.ts';

let api: TestApi;
let user: Session;
const trackingId = randomUUID();
beforeAll(async () => {
  api = await createTestApi({ trackingRateLimit: 0 });
  user = await api.register();
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

const rows = () => api.deps.db.selectFrom('tracking_events').selectAll().orderBy('id').execute();
const form = (values: Record<string, string>) => ({ form: values });

describe('POST /105/api/tracking (spec §3 "Tracking event")', () => {
  it('stores an event of a signed-in visitor with the device headers', async () => {
    const reply = await api.request('POST', '/105/api/tracking', {
      ...form({ userId: String(user.userId), event: 'timeLeft', params: '{"seconds":180}', channel: 'WebVersion', session: user.session }),
      headers: { DeviceId: '0f8fad5b-d9cb-469f-a165-70867728950e', DeviceTimestamp: '16.03.2026 10:00:00', AppVersion: '' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.response).toEqual({ stored: 1 });
    expect((await rows()).at(-1)).toMatchObject({ user_id: user.userId, kind: 'event', name: 'timeLeft', params: { seconds: 180 }, channel: 'WebVersion', device_id: '0f8fad5b-d9cb-469f-a165-70867728950e', app_version: null });
  });

  it.each(['userId', 'event', 'params', 'session'])('names a missing %s in Russian (400)', async (field) => {
    const values: Record<string, string> = { userId: String(user.userId), event: 'x', params: '{}', session: user.session };
    delete values[field];
    const reply = await api.request('POST', '/105/api/tracking', form(values));
    expect(reply.status).toBe(400);
    expect(reply.body.error?.errorDesc).toBe(`В событии не указано обязательное поле "${field}"`);
  });

  it("refuses another user's id with this session (401) and stores nothing", async () => {
    const before = (await rows()).length;
    const other = await api.register();
    const reply = await api.request('POST', '/105/api/tracking', form({ userId: String(other.userId), event: 'x', params: '{}', session: user.session }));
    expect(reply.status).toBe(401);
    expect(await rows()).toHaveLength(before);
  });

  it('refuses a channel other than WebVersion', async () => {
    const reply = await api.request('POST', '/105/api/tracking', form({ userId: String(user.userId), event: 'x', params: '{}', session: user.session, channel: 'Android' }));
    expect(reply.status).toBe(422);
  });
});

describe('action logging: loadedScreen and submittedForm', () => {
  it('stores a screen with a referer stripped of its query', async () => {
    const reply = await api.request('POST', '/105/api/tracking/loadedScreen', form({ trackingId, userId: String(user.userId), session: user.session, screenName: 'fines', referer: 'https://yandex.ru/search/?text=А123ВС77' }));
    expect(reply.status).toBe(200);
    expect((await rows()).at(-1)).toMatchObject({ kind: 'screen', name: 'fines', referer: 'https://yandex.ru/search/', tracking_id: trackingId, user_id: user.userId });
  });

  it('keeps an anonymous screen without a user', async () => {
    const reply = await api.request('POST', '/105/api/tracking/loadedScreen', { json: { trackingId, screenName: '' + 'profile' } });
    expect(reply.status).toBe(200);
    expect((await rows()).at(-1)).toMatchObject({ kind: 'screen', name: 'profile', user_id: null });
  });

  it.each([
    ['/tracking/loadedScreen', { screenName: 'x' }, 'trackingId'],
    ['/tracking/loadedScreen', { trackingId }, 'screenName'],
    ['/tracking/submittedForm', { formName: 'search' }, 'trackingId'],
    ['/tracking/submittedForm', { trackingId }, 'formName'],
  ])('%s without a field: 400 with the spec text', async (path, body, field) => {
    const reply = await api.request('POST', `/105/api${path}`, { json: body });
    expect(reply.status).toBe(400);
    expect(reply.body.error?.errorDesc).toBe(`Поле "${field}" обязательно для заполнения`);
  });

  it('refuses a trackingId that is not a UUID', async () => {
    const reply = await api.request('POST', '/105/api/tracking/loadedScreen', { json: { trackingId: 'abc', screenName: 'x' } });
    expect(reply.status).toBe(422);
    expect(reply.body.error?.errorDesc).toBe('Поле "trackingId" заполнено неверно');
  });

  it('stores a form or a button', async () => {
    expect((await api.request('POST', '/105/api/tracking/submittedForm', { json: { trackingId, formName: 'fineSearch', formData: { tab: 'sts' } } })).status).toBe(200);
    expect((await rows()).at(-1)).toMatchObject({ kind: 'form', name: 'fineSearch', params: { tab: 'sts' } });
    expect((await api.request('POST', '/105/api/tracking/submittedForm', { json: { trackingId, buttonName: 'pay', buttonData: { count: 2 } } })).status).toBe(200);
    expect((await rows()).at(-1)).toMatchObject({ kind: 'button', name: 'pay', params: { count: 2 } });
  });
});

describe('personal data never reaches the events table', () => {
  it('drops an СТС, a plate and an e-mail from params, form data and batches', async () => {
    const personal = { sts: '99 41 123456', plate: 'А123ВС77', email: 'driver@example.ru', note: 'моё СТС 9941123456', other: 'a123bc 77', contact: 'ivan.petrov@mail.ru', tab: 'sts' };
    await api.request('POST', '/105/api/tracking', form({ userId: String(user.userId), event: 'search', params: JSON.stringify(personal), session: user.session }));
    await api.request('POST', '/105/api/tracking/submittedForm', { json: { trackingId, formName: 'search', formData: personal } });
    const batch = await api.request('POST', '/105/api/tracking/batch', {
      json: { trackingId, userId: String(user.userId), session: user.session, events: [{ type: 'screen', screenName: 'finesА123ВС77', screenData: personal }, { type: 'button', buttonName: 'copy', buttonData: { list: [personal] } }] },
    });
    expect(batch.status).toBe(200);
    const text = JSON.stringify(await rows());
    for (const value of ['123456', 'А123ВС', 'a123bc', 'driver@', 'example.ru', 'ivan.petrov']) expect(text).not.toContain(value);
    expect((await rows()).at(-1)?.params).toEqual({ list: [{ tab: 'sts' }] });
  });
});

describe('POST /105/api/tracking/batch', () => {
  it('stores every event of a batch in one go', async () => {
    const before = (await rows()).length;
    const events = Array.from({ length: 50 }, (_, i) => ({ type: 'screen', screenName: `page${i}` }));
    const reply = await api.request('POST', '/105/api/tracking/batch', { json: { trackingId, userId: String(user.userId), session: user.session, events } });
    expect(reply.body.response).toEqual({ stored: 50 });
    expect(await rows()).toHaveLength(before + 50);
  });

  it.each([
    ['no events', { events: [] }, 422],
    ['51 events', { events: Array.from({ length: 51 }, () => ({ type: 'screen', screenName: 'x' })) }, 422],
    ['an unknown type', { events: [{ type: 'weird', name: 'x' }] }, 422],
    ['a screen without its name', { events: [{ type: 'screen' }] }, 422],
    ['events that are not a list', { events: 'x' }, 422],
  ])('refuses %s, storing nothing', async (_label, extra, status) => {
    const before = (await rows()).length;
    const reply = await api.request('POST', '/105/api/tracking/batch', { json: { trackingId, userId: String(user.userId), session: user.session, ...extra } });
    expect(reply.status).toBe(status);
    expect(await rows()).toHaveLength(before);
  });

  it('accepts the text/plain body sendBeacon may send, and refuses broken JSON', async () => {
    const body = JSON.stringify({ trackingId, userId: String(user.userId), session: user.session, events: [{ type: 'screen', screenName: 'beacon' }] });
    const ok = await api.app.request('/105/api/tracking/batch', { method: 'POST', headers: { 'content-type': 'text/plain;charset=UTF-8' }, body });
    expect(ok.status).toBe(200);
    const bad = await api.app.request('/105/api/tracking/batch', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
    expect(bad.status).toBe(400);
  });
});
