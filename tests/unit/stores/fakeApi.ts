/** A fake `fetch` for store tests: answers by "METHOD /path" with JSON envelopes and records every call. */
import { configureApiClient } from '../../../src/api/client.ts';
import type { FetchLike } from '../../../src/api/client.ts';

/** One recorded request. */
export type Call = { method: string; path: string; query: URLSearchParams; headers: Headers; body: string };

/** A handler: the JSON to answer with and its status (200 by default), or a thrown error for a network failure. */
export type Handler = (call: Call) => { status?: number; json: unknown } | Promise<{ status?: number; json: unknown }>;

/** Installs a fake fetch in the API client; returns the recorded calls and a way to set handlers. */
export function fakeApi(routes: Record<string, Handler | Handler[]> = {}) {
  const calls: Call[] = [];
  const table = new Map<string, Handler | Handler[]>(Object.entries(routes));
  const fetch: FetchLike = async (input, init) => {
    const request = new Request(input instanceof URL || typeof input === 'string' ? new URL(String(input), 'http://api.test') : input, init);
    const url = new URL(request.url);
    const call: Call = {
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      body: request.method === 'GET' ? '' : await request.text(),
    };
    calls.push(call);
    const entry = table.get(`${call.method} ${call.path}`);
    if (entry === undefined) return Response.json({ status: 'error', error: { errorDesc: 'Метод API не найден' } }, { status: 404 });
    const handler = Array.isArray(entry) ? (entry.length > 1 ? entry.shift() : entry[0]) : entry;
    if (handler === undefined) throw new Error(`no handler for ${call.method} ${call.path}`);
    const { status = 200, json } = await handler(call);
    return Response.json(json, { status });
  };
  configureApiClient({ fetch, baseURL: 'http://api.test' });
  return {
    calls,
    /** Sets the handler(s) of a route; an array answers in turn, the last one repeating. */
    on(route: string, handler: Handler | Handler[]) {
      table.set(route, handler);
    },
  };
}

/** `{ status: 'ok', response }`. */
export const ok = (response: unknown) => ({ json: { status: 'ok', response } });
/** `{ status: 'error', error: { errorDesc } }` with an HTTP status. */
export const fail = (status: number, errorDesc: string) => ({ status, json: { status: 'error', error: { errorDesc } } });
/** `{ status: 'wait', response: { timeout } }`. */
export const wait = (timeout: number) => ({ status: 202, json: { status: 'wait', response: { timeout } } });

/** Auth data as the API issues it. */
export const USER = {
  userId: 41,
  session: 'a'.repeat(64),
  rand: 'b'.repeat(32),
  salt: 'c'.repeat(32),
};

/** A fine in the API's shape, with overrides. */
export function fineFixture(overrides: Record<string, unknown> = {}) {
  return {
    id: 7,
    uin: '18810177250101234567',
    vehiclePlateNumber: 'А123ВС',
    vehiclePlateRegion: '77',
    identifier: '77УК123456',
    identifierType: 'sts',
    article: '12.9.2',
    articleTitle: 'Превышение скорости на 20–40 км/ч',
    rulingDate: '2026-11-01',
    violationAt: '2026-10-28T14:07:00+03:00',
    place: { address: 'Москва, Ленинградский проспект, 39', lat: 55.79, lon: 37.53 },
    department: 'ЦАФАП ГИБДД ГУ МВД России по г. Москве',
    fullAmount: 500,
    amountToPay: 375,
    fullAmountKopecks: 50_000,
    amountToPayKopecks: 37_500,
    discountPercent: 25,
    discountLastDay: '2026-12-01',
    discountActive: true,
    paymentDeadline: '2027-01-10',
    paid: false,
    hasPhoto: true,
    speed: { actual: 87, limit: 60 },
    payee: {
      name: 'УФК по г. Москве (ГУ МВД России по г. Москве)',
      inn: '7707089101',
      kpp: '770731005',
      account: '03100643000000017300',
      bik: '004525988',
      bankName: 'ГУ Банка России по ЦФО//УФК по г. Москве',
      oktmo: '45379000',
      kbk: '18811601123010001140',
    },
    shareHash: 'AbCdEfGhIjKlMnOpQrStUv',
    ...overrides,
  };
}
