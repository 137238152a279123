import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { object, Struct } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../server/http/apiError.ts';
import { parseInput } from '../../server/http/input.ts';
import type { AnyStruct } from '../../server/openapi/structSchema.ts';
import { FIXTURES } from '../api/helpers/fixtures.ts';
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

// Issue 23, item 13: «Value is not a valid email address» reached users from support/create. Every
// message a request struct can fail with, turned into errorDesc by the server's own parseInput, is Russian.

const STRUCT_DIR = fileURLToPath(new URL('../../src/api/structs/', import.meta.url));
const structModules = await Promise.all(
  readdirSync(STRUCT_DIR)
    .filter((file) => file.endsWith('.ts'))
    .map(async (file) => [file, (await import(pathToFileURL(join(STRUCT_DIR, file)).href)) as Record<string, unknown>] as const),
);
/** Every exported struct, by "file: name". */
const STRUCTS: [string, AnyStruct][] = structModules.flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, AnyStruct] => entry[1] instanceof Struct)
    .map(([name, struct]) => [`${file}: ${name}`, struct] as [string, AnyStruct]),
);

/** Wrong values of every kind: missing, blank, wrong types, out of range, too long, control characters, look-alikes of real values. */
const WRONG: unknown[] = [undefined, null, '', '   ', 0, -1, 1.5, 1e309, true, [], [{}], {}, { x: 1 }, 'x', 'x'.repeat(10_001), '\u0000', 'не то', 'a@', '31.02.2020', '99 41 12345', 'А12', '12345678901234567890123', '-5', '1e3', NaN];

/** The object structs inside a struct (itself, its fields, the elements of its lists), each with a path for the test name. */
function walk(name: string, struct: AnyStruct, depth = 0): [string, AnyStruct][] {
  if (depth > 3) return [];
  const found: [string, AnyStruct][] = [[name, struct]];
  if ((struct.type === 'object' || struct.type === 'type') && struct.schema !== null && typeof struct.schema === 'object') {
    for (const [key, field] of Object.entries(struct.schema as Record<string, AnyStruct>)) {
      // The field alone under its own name: the message the server answers when this field is the one that fails.
      found.push(...walk(`${name}.${key}`, object({ [key]: field }), depth + 1));
      if (field.type === 'object' || field.type === 'type' || field.type === 'array') found.push(...walk(`${name}.${key}`, field, depth + 1));
    }
  }
  if (struct.type === 'array' && struct.schema instanceof Struct) found.push(...walk(`${name}[]`, struct.schema as AnyStruct, depth + 1));
  return found;
}

/** The errorDesc the server answers for `input`, or undefined when the struct takes it. */
function answer(struct: AnyStruct, input: unknown): string | undefined {
  try {
    parseInput(struct, input);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError); // anything else would be a 500
    return (error as ApiError).message;
  }
}

/** English words of the library's and the validators' messages that must never reach a user. */
const ENGLISH = /\b(expected|value|field|should|required|valid|invalid|characters|long|least|received|must|string|number|object|array|type)\b/i;

describe('every struct failure is answered in Russian (item 13)', () => {
  it('finds the structs of every file in src/api/structs', () => {
    expect(structModules.length).toBeGreaterThanOrEqual(25);
    expect(STRUCTS.length).toBeGreaterThan(100);
  });

  it.each(STRUCTS)('%s', (_name, struct) => {
    const failures: string[] = [];
    for (const [path, part] of walk('', struct)) {
      const inputs = part.type === 'object' || part.type === 'type' ? [...WRONG, ...WRONG.map((value) => Object.fromEntries(Object.keys(part.schema as object).map((key) => [key, value])))] : WRONG;
      for (const input of inputs) {
        const message = answer(part, input);
        if (message === undefined) continue;
        if (!/[А-Яа-яЁё]/.test(message) || ENGLISH.test(message.replace(/«[^»]*»/g, ''))) failures.push(`${path} ← ${JSON.stringify(input)?.slice(0, 40)}: ${message}`);
      }
    }
    expect([...new Set(failures)]).toEqual([]);
  });

  it.each([
    ['support/create', '/105/api/support/create', { form: { email: 'not-an-address', content: 'Не приходит письмо со ссылкой', user_platform: 'web' } }, 'Некорректный e-mail'],
    ['support/create', '/105/api/support/create', { form: { email: 'driver@example.ru', content: 'коротко', user_platform: 'web' } }, 'Поле «Сообщение» должно содержать не менее 10 символов'],
    ['user/register', '/105/api/user/register', { form: { email: 'x@' } }, 'Некорректный e-mail'],
  ] as const)('%s answers in Russian: %s', async (_label, path, options, expected) => {
    const reply = await api.request('POST', path, { ...options, session: user });
    expect(reply.status).toBe(422);
    expect(reply.body.error?.errorDesc).toContain(expected);
  });
});

// Item 13: /newuser and /login answer userId as a number, support/ticket refused it as a number. Every
// place that takes a user id takes both the digits and the positive integer, and nothing else.
describe('a user id is taken as digits or as a number, everywhere', () => {
  const ticket = { email: 'driver@example.ru', content: 'Не приходит письмо со ссылкой', user_platform: 'web', user_app_version: '0.1.0' };
  const tickets = () => api.deps.db.selectFrom('support_tickets').selectAll().orderBy('id').execute();
  const trackingCount = async () => (await api.deps.db.selectFrom('tracking_events').selectAll().execute()).length;
  const batch = (userId: unknown) => ({ trackingId: '00000000-0000-4000-8000-000000000001', userId, session: user.session, events: [{ type: 'screen', screenName: 'main' }] });

  it.each([['digits', (id: number) => String(id)], ['a JSON number', (id: number) => id]])('support/ticket takes user_id as %s', async (_label, as) => {
    const reply = await api.request('POST', '/105/api/support/ticket', { session: user, json: { ...ticket, user_id: as(user.userId) } });
    expect(reply.status).toBe(200);
    expect((await tickets()).at(-1)?.user_id).toBe(user.userId);
  });

  it.each([['digits', (id: number) => String(id)], ['a JSON number', (id: number) => id]])('tracking/batch takes userId as %s', async (_label, as) => {
    const before = await trackingCount();
    const reply = await api.request('POST', '/105/api/tracking/batch', { json: batch(as(user.userId)) });
    expect(reply.status).toBe(200);
    expect(await trackingCount()).toBe(before + 1);
  });

  it.each([['zero', 0], ['negative', -3], ['a fraction', 1.5], ['too large', 2 ** 31], ['leading zero', '07'], ['a word', 'seven'], ['an object', {}], ['true', true]])(
    'refuses %s as a user id, in Russian',
    async (_label, value) => {
      const support = await api.request('POST', '/105/api/support/ticket', { session: user, json: { ...ticket, user_id: value } });
      expect(support.status).toBe(422);
      expect(support.body.error?.errorDesc).toBe('Поле «user_id» заполнено неверно');
      const tracking = await api.request('POST', '/105/api/tracking/batch', { json: batch(value) });
      expect(tracking.status).toBe(422);
    },
  );
});

// Item 13, money: payments answered kopecks and fines roubles under the same names (amountToPay). The
// API's money is kopecks in fields named …Kopecks, beside the rouble fields the clients read, and the
// OpenAPI document states the unit of every money field.
describe('money says its unit', () => {
  const MONEY = /^(amount|amountToPay|fullAmount|commission|total|toPay|savings|saved|canSaveNow|price)$|Kopecks$/;

  /** Every numeric property of a schema whose name is a money name, with its path. */
  function moneyFields(schema: any, path: string, out: [string, any][] = []): [string, any][] {
    if (schema === null || typeof schema !== 'object') return out;
    for (const [key, value] of Object.entries<any>(schema.properties ?? {})) {
      const numeric = value?.type === 'number' || value?.type === 'integer';
      // A list's `total` counts its items (it sits beside `page`); that is no money.
      if (numeric && MONEY.test(key) && !(key === 'total' && schema.properties.page !== undefined)) out.push([`${path}.${key}`, value]);
      moneyFields(value, `${path}.${key}`, out);
    }
    if (schema.items !== undefined) moneyFields(schema.items, `${path}[]`, out);
    for (const branch of schema.anyOf ?? []) moneyFields(branch, path, out);
    return out;
  }

  it('the OpenAPI document names the unit of every money field, kopecks for every …Kopecks one', async () => {
    const document = (await api.request('GET', '/105/api/openapi.json')).body as any;
    const fields: [string, any][] = [];
    for (const [route, operations] of Object.entries<any>(document.paths)) {
      for (const [method, operation] of Object.entries<any>(operations)) {
        moneyFields(operation.responses?.['200']?.content?.['application/json']?.schema, `${method.toUpperCase()} ${route}`, fields);
        for (const [type, body] of Object.entries<any>(operation.requestBody?.content ?? {})) moneyFields(body.schema, `${method.toUpperCase()} ${route} (${type})`, fields);
      }
    }
    expect(fields.length).toBeGreaterThan(40);
    const unnamed = fields.filter(([, schema]) => !/копейк|рубл/.test(schema.description ?? '')).map(([path]) => path);
    expect(unnamed).toEqual([]);
    const wrong = fields.filter(([path, schema]) => path.endsWith('Kopecks') && !(schema.type === 'integer' && /копейк/.test(schema.description))).map(([path]) => path);
    expect(wrong).toEqual([]);
    // The checkout's fields keep their kopecks; the fine's the roubles its clients read.
    const quote = document.paths['/105/api/payment/info'].get.responses['200'].content['application/json'].schema.properties.response;
    expect(quote.properties.total.description).toMatch(/копейк/);
    expect(quote.properties.items.items.properties.amountToPay.description).toMatch(/копейк/);
  });

  it('a fine answers its amounts in roubles and, beside them, in kopecks; its quote in kopecks under both names', async () => {
    const found = await api.request('GET', `/105/api/fine/uinInfo?uin=${FIXTURES.anonymousUin}`, { session: user });
    const fine = found.body.response.fines[0];
    expect(fine.fullAmount).toBeGreaterThan(0);
    expect(fine.fullAmountKopecks).toBe(Math.round(fine.fullAmount * 100));
    expect(fine.amountToPayKopecks).toBe(Math.round(fine.amountToPay * 100));
    const quote = (await api.request('GET', `/105/api/payment/info?fineId=${fine.id}`, { session: user })).body.response;
    expect(quote.items[0]).toMatchObject({ fullAmount: fine.fullAmountKopecks, fullAmountKopecks: fine.fullAmountKopecks, amountToPay: fine.amountToPayKopecks, amountToPayKopecks: fine.amountToPayKopecks });
    expect(quote).toMatchObject({ amountKopecks: quote.amount, commissionKopecks: quote.commission, totalKopecks: quote.total });
    expect(quote.totalKopecks).toBe(quote.amountKopecks + quote.commissionKopecks);
  });
});
