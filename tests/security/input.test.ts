import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi } from '../api/helpers/testApi.ts';
import type { Session, TestApi } from '../api/helpers/testApi.ts';

// Issue 23, item 12: bytes that are not UTF-8 were decoded into U+FFFD and stored. Every way a request
// carries text (JSON, urlencoded form, multipart text field, query string) must refuse them with 400
// and the Russian envelope, storing nothing.

let api: TestApi;
let user: Session;
let existingId: number;
beforeAll(async () => {
  api = await createTestApi({ trackingRateLimit: 0 });
  user = await api.register();
  const added = await api.request('POST', '/105/api/sts', { session: user, form: { sts: '9941000001', vehiclePlateNumber: 'А123ВС', vehiclePlateRegion: '77', vehicleModel: 'Лада' } });
  existingId = added.body.response.item.id;
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

/** The refusal every undecodable request gets. */
const NOT_UTF8 = 'Запрос содержит текст не в кодировке UTF-8';

const utf8 = (text: string) => [...new TextEncoder().encode(text)];
/** Bytes: text pieces as UTF-8, number arrays as they are. */
const bytes = (...parts: (string | number[])[]): Uint8Array<ArrayBuffer> => new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? utf8(part) : part)));

/** A multipart body with text fields, the model's value given as raw bytes. */
function multipart(model: number[]): { type: string; body: Uint8Array<ArrayBuffer> } {
  const boundary = 'x-boundary-42';
  const field = (name: string, value: string | number[]) => [`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`, value, '\r\n'];
  return {
    type: `multipart/form-data; boundary=${boundary}`,
    body: bytes(...field('sts', '9941000002'), ...field('vehiclePlateNumber', 'А124ВС'), ...field('vehiclePlateRegion', '77'), ...field('vehicleModel', model), `--${boundary}--\r\n`),
  };
}

const json = (model: number[]) => ({ type: 'application/json', body: bytes('{"sts":"9941000002","vehiclePlateNumber":"А124ВС","vehiclePlateRegion":"77","vehicleModel":"', model, '"}') });
const form = (model: number[]) => ({ type: 'application/x-www-form-urlencoded', body: bytes('sts=9941000002&vehiclePlateNumber=%D0%90124%D0%92%D0%A1&vehiclePlateRegion=77&vehicleModel=', model) });
/** The model percent-encoded, as a browser would send bytes it was given. */
const percent = (model: number[]) => model.map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
const encodedForm = (model: number[]) => ({ type: 'application/x-www-form-urlencoded', body: bytes(`sts=9941000002&vehiclePlateNumber=%D0%90124%D0%92%D0%A1&vehiclePlateRegion=77&vehicleModel=${percent(model)}`) });

const BROKEN: [string, number[]][] = [
  ['0xC3 0x28 (a lead byte without its continuation)', [0x4c, 0xc3, 0x28]],
  ['0xFF (never valid)', [0x4c, 0xff]],
  ['an overlong slash 0xC0 0xAF', [0xc0, 0xaf]],
  ['a lone surrogate 0xED 0xA0 0x80', [0xed, 0xa0, 0x80]],
];
const CARRIERS = [
  ['a JSON body', json],
  ['an urlencoded form with raw bytes', form],
  ['an urlencoded form with percent-encoded bytes', encodedForm],
  ['a multipart text field', multipart],
] as const;

const send = (method: string, path: string, payload: { type: string; body: Uint8Array<ArrayBuffer> }) =>
  api.app.request(path, { method, headers: { 'content-type': payload.type, 'X-Session': user.session, 'X-Rand': user.rand, 'X-User-Id': String(user.userId) }, body: payload.body });
const stored = async () => JSON.stringify((await api.request('GET', '/105/api/sts', { session: user })).body.response.sts);

describe.each(CARRIERS)('%s that is not UTF-8', (_carrier, carry) => {
  it.each(BROKEN)('is refused with 400 and stores nothing: %s', async (_label, model) => {
    const before = await stored();
    for (const [method, path] of [['POST', '/105/api/sts'], ['PUT', `/105/api/sts/${existingId}`]] as const) {
      const reply = await send(method, path, carry(model));
      expect(reply.status).toBe(400);
      expect(await reply.json()).toEqual({ status: 'error', error: { errorDesc: NOT_UTF8 } });
    }
    const after = await stored();
    expect(after).toBe(before);
    expect(after).not.toContain('\uFFFD');
  });

  it('still takes a Cyrillic model written in UTF-8', async () => {
    const reply = await send('PUT', `/105/api/sts/${existingId}`, carry(utf8('Лада Веста')));
    expect(reply.status).toBe(200);
    expect((await reply.json()).response.item.vehicleModel).toBe('Лада Веста');
  });
});

describe('a query string with percent-encoded bytes that are not UTF-8', () => {
  it.each([
    ['GET', '/105/api/fine/uinInfo?uin=%C3%28'],
    ['GET', '/105/api/fine/uinInfo?uin=1881017825060100876%FF'],
    ['DELETE', `/105/api/sts?id=%FF`],
    ['GET', '/api/ordinances/get/all?search=%C0%AF'],
    ['GET', '/v1/exps/?client_id=%C3%28&url=/'],
  ])('%s %s: 400 with the Russian envelope', async (method, path) => {
    const before = await stored();
    const reply = await api.request(method, path, { session: user });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ status: 'error', error: { errorDesc: NOT_UTF8 } });
    expect(await stored()).toBe(before);
  });

  it('still reads a Cyrillic query parameter written in UTF-8', async () => {
    const reply = await api.request('GET', `/105/api/fine/uinInfo?uin=${encodeURIComponent('абв')}`);
    expect(reply.status).toBe(422);
    expect(reply.body.error?.errorDesc).toMatch(/УИН/);
  });
});

describe('a tracking batch that is not UTF-8', () => {
  it('is refused with 400 and stores no event', async () => {
    const count = async () => (await api.deps.db.selectFrom('tracking_events').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n;
    const before = await count();
    const body = bytes(`{"trackingId":"00000000-0000-4000-8000-000000000000","userId":"${user.userId}","session":"${user.session}","events":[{"type":"screen","screenName":"main`, [0xff], '"}]}');
    const reply = await api.app.request('/105/api/tracking/batch', { method: 'POST', headers: { 'content-type': 'text/plain;charset=UTF-8' }, body });
    expect(reply.status).toBe(400);
    expect(await reply.json()).toEqual({ status: 'error', error: { errorDesc: NOT_UTF8 } });
    expect(await count()).toBe(before);
  });
});
