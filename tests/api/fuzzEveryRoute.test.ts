import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi } from './helpers/testApi.ts';
import type { Session, TestApi } from './helpers/testApi.ts';

// Issue 17 item 1: every route the app has (read from the app itself, so a new route is fuzzed the day
// it is added) gets bodies and query strings of wrong types, nested objects, arrays, huge strings,
// invalid UTF-8 and prototype keys. None may answer 5xx, and none may write a row.

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api.close();
});

/** Field names the API reads somewhere: hostile values go under the names a route looks for. */
const FIELDS = [
  'sts', 'plate', 'vehiclePlateNumber', 'vehiclePlateRegion', 'vehicleModel', 'driverLicense', 'issue_date', 'inn', 'innName', 'uin', 'email',
  'password', 'newPassword', 'oldPassword', 'code', 'token', 'id', 'fine', 'fineId', 'ordinanceIds', 'clientId', 'channel', 'name', 'surname',
  'patronymic', 'phone', 'type', 'user_type', 'userType', 'isLegalEntity', 'endpoint', 'keys', 'stsList', 'kpp', 'ogrn', 'address', 'hash',
  'page', 'limit', 'query', 'notify', 'subscribeType', 'months', 'vehicles', 'organizationId', 'category',
];

/** A value of every wrong shape. */
const HOSTILE_VALUES: unknown[] = [
  { toString: 1 },
  { valueOf: 1, toJSON: 2 },
  [],
  [1, [2, [3]]],
  null,
  true,
  1e309,
  -1,
  '',
  'x'.repeat(20_000),
  '\u0000\uFFFF\uD800',
  "' or 1=1 --",
];

/** JSON bodies: wrong types at the top, hostile values in every known field, prototype keys, deep nesting. */
function jsonBodies(): string[] {
  const bodies = ['{}', '[]', '"text"', '42', 'null', '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}'];
  for (const value of HOSTILE_VALUES) bodies.push(JSON.stringify(Object.fromEntries(FIELDS.map((field) => [field, value]))));
  bodies.push(`{"sts":${'['.repeat(2_000)}${']'.repeat(2_000)}}`);
  bodies.push('{"sts": "9941123456", "sts": {"toString": 1}}');
  return bodies;
}

/** Form bodies: invalid UTF-8 escapes, repeated and bracketed names, prototype keys, a huge value. */
function formBodies(): string[] {
  const every = (value: string) => FIELDS.map((field) => `${field}=${value}`).join('&');
  return [every('%FF%FE'), every('%C0%AF'), `${every('1')}&${every('2')}`, FIELDS.map((f) => `${f}[]=1&${f}[x]=2`).join('&'), '__proto__[admin]=1&constructor[prototype][x]=1', every('x'.repeat(1_000)), '%%%&&&==='];
}

/** Query strings of the same kinds. */
const QUERIES = ['?__proto__=1&constructor=2', `?${FIELDS.map((f) => `${f}=%FF`).join('&')}`, `?${FIELDS.map((f) => `${f}[]=1&${f}[]=2`).join('&')}`, `?id=${'9'.repeat(400)}&fine=1e309&ordinanceIds=,,,-1,x`];

/** Values for path parameters (:id, :hash, :car, :file, :category). */
const SEGMENTS = ['0', '-1', '1e309', '99999999999999999999', '%FF', '%D0', 'А123', '__proto__', 'constructor', 'null', '..%2F..', 'x'.repeat(300)];

/** Row counts of every table but the logs of attempts by design: the rate limiter's buckets, the audit log (refused sign-ins are kept) and the payment events (refused notifications are kept). */
async function rowCounts(): Promise<Record<string, number>> {
  const tables = await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(api.deps.db);
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    if (['rate_limits', 'audit_log', 'payment_events'].includes(name) || name.startsWith('kysely_')) continue;
    const result = await sql<{ n: string }>`select count(*) as n from ${sql.table(name)}`.execute(api.deps.db);
    counts[name] = Number(result.rows[0]?.n ?? 0);
  }
  return counts;
}

/** Routes that by design store something for any input: a new client id, and an anonymous user for it. */
const WRITES_ANYWAY = new Set(['GET /105/api/client', 'POST /105/api/newuser']);

/** Every method + pattern the app serves (middleware excluded). */
function appRoutes(): { method: string; path: string }[] {
  const seen = new Map<string, { method: string; path: string }>();
  for (const route of api.app.routes) if (route.method !== 'ALL') seen.set(`${route.method} ${route.path}`, { method: route.method, path: route.path });
  return [...seen.values()];
}

/** Sends one request with the user's credentials in headers; answers status and parsed body. */
async function send(session: Session, method: string, path: string, body?: { type: string; data: string | Uint8Array }) {
  const headers: Record<string, string> = { 'X-Session': session.session, 'X-Rand': session.rand, 'X-User-Id': String(session.userId) };
  if (body !== undefined) headers['content-type'] = body.type;
  const init: RequestInit = { method, headers };
  if (body !== undefined && method !== 'GET' && method !== 'HEAD') init.body = body.data as BodyInit;
  const response = await api.app.request(path, init);
  const text = await response.text();
  return { status: response.status, text };
}

describe('every route survives hostile input (issue 17 item 1)', () => {
  it('the app has routes to fuzz, and the list is read from the app', () => {
    expect(appRoutes().length).toBeGreaterThan(50);
  });

  it('no route answers 5xx or writes a row, whatever the body, query or path holds', async () => {
    const failures: string[] = [];
    let sent = 0;
    const invalidUtf8 = new Uint8Array([0x7b, 0x22, 0x73, 0x74, 0x73, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0xaf, 0x22, 0x7d]);
    for (const route of appRoutes()) {
      // A user of its own per route: a route such as logout may end the session it is called with.
      const user = await api.register();
      const before = await rowCounts();
      const paths = route.path.includes(':') ? SEGMENTS.map((value) => route.path.replace(/:[A-Za-z]+/g, value)) : [route.path];
      for (const path of paths.slice(0, route.path.includes(':') ? SEGMENTS.length : 1)) {
        const requests: { path: string; body?: { type: string; data: string | Uint8Array } }[] = [{ path }];
        for (const query of QUERIES) requests.push({ path: path + query });
        if (route.method !== 'GET') {
          for (const data of jsonBodies()) requests.push({ path, body: { type: 'application/json', data } });
          for (const data of formBodies()) requests.push({ path, body: { type: 'application/x-www-form-urlencoded', data } });
          requests.push({ path, body: { type: 'application/json', data: invalidUtf8 } });
          requests.push({ path, body: { type: 'multipart/form-data; boundary=x', data: '--x\r\nContent-Disposition: form-data; name="sts"\r\n\r\n\u00ff\r\n--y--' } });
          requests.push({ path, body: { type: 'text/plain', data: 'sts=1' } });
        }
        for (const request of requests) {
          const reply = await send(user, route.method, request.path, request.body);
          sent += 1;
          if (reply.status >= 500) failures.push(`${route.method} ${request.path.slice(0, 120)} ${request.body?.data.toString().slice(0, 60) ?? ''} → ${reply.status} ${reply.text.slice(0, 200)}`);
        }
      }
      if (!WRITES_ANYWAY.has(`${route.method} ${route.path}`)) {
        const after = await rowCounts();
        for (const [table, count] of Object.entries(after)) {
          if (count !== before[table]) failures.push(`${route.method} ${route.path} changed the rows of ${table}: ${before[table]} → ${count}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(api.unexpected).toEqual([]);
    expect(sent).toBeGreaterThan(3_000);
  }, 600_000);
});
