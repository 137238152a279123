import { SEARCH_CONSENT_VERSION } from '../../src/lib/consent.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../server/http/auth.ts';
import { SESSION_CACHE_MS } from '../../server/http/caches.ts';
import type { Session, TestApi } from './helpers/testApi.ts';
import { createTestApi } from './helpers/testApi.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

/** A fresh clientId from the API. */
async function clientId(): Promise<string> {
  return (await api.request('GET', '/105/api/client')).body.response.clientId;
}

describe('GET /105/api/client', () => {
  it('gives a new uuid each time', async () => {
    const [a, b] = [await clientId(), await clientId()];
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a).not.toBe(b);
  });
});

describe('POST /105/api/newuser', () => {
  it('creates an anonymous user with session params of the right size', async () => {
    const reply = await api.request('POST', '/105/api/newuser', { form: { clientId: await clientId(), channel: 'fine' } });
    expect(reply.status).toBe(200);
    const { userId, session, rand, salt } = reply.body.response;
    expect(userId).toBeGreaterThan(0);
    expect(session).toMatch(/^[0-9a-f]{64}$/);
    expect(rand).toMatch(/^[0-9a-f]{32}$/);
    expect(salt).toMatch(/^[0-9a-f]{32}$/);
  });

  it('records the search form\'s consent with its version and time when the first search creates the visitor', async () => {
    const reply = await api.request('POST', '/105/api/newuser', { form: { clientId: await clientId(), channel: 'fine', consentVersion: SEARCH_CONSENT_VERSION } });
    const { userId } = reply.body.response as { userId: number };
    const consents = await api.deps.db.selectFrom('consents').select(['purpose', 'version', 'given_at']).where('user_id', '=', userId).execute();
    expect(consents).toEqual([{ purpose: 'personalData.search', version: SEARCH_CONSENT_VERSION, given_at: api.deps.clock() }]);
    const silent = await api.request('POST', '/105/api/newuser', { form: { clientId: await clientId(), channel: 'fine' } });
    expect(await api.deps.db.selectFrom('consents').select('id').where('user_id', '=', silent.body.response.userId).execute()).toEqual([]);
    expect((await api.request('POST', '/105/api/newuser', { form: { clientId: await clientId(), consentVersion: 'bad version!' } })).status).toBe(422);
  });

  it('keeps only the SHA-256 of the session token', async () => {
    const session = await api.register();
    const rows = await api.database.db.selectFrom('sessions').selectAll().where('user_id', '=', session.userId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toBe(hashToken(session.session));
    expect(JSON.stringify(rows)).not.toContain(session.session);
  });

  it('adds the first vehicle when sts and plate are given (JSON body too)', async () => {
    const reply = await api.request('POST', '/105/api/newuser', {
      json: { clientId: await clientId(), channel: 'fine', sts: '99 41 123456', plate: 'a123bc77' },
    });
    expect(reply.status).toBe(200);
    const list = await api.request('GET', '/105/api/sts', { session: reply.body.response });
    expect(list.body.response.sts).toMatchObject([{ sts: '9941123456', vehiclePlateNumber: 'А123ВС', vehiclePlateRegion: '77' }]);
  });

  const users = async () => Number((await api.database.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it.each([
    ['no clientId', {}, 422, 'Поле «clientId» обязательно для заполнения'],
    ['a clientId that is not a uuid', { clientId: 'abc' }, 422, 'Поле «clientId» заполнено неверно'],
    ['an unknown clientId', { clientId: '7b0e6c1c-1111-4222-8333-444455556666' }, 422, 'Неизвестный clientId: получите его через /105/api/client'],
    ['a bad channel', { channel: 'fine<script>' }, 422, 'Поле «Канал» заполнено неверно'],
    ['sts without plate', { sts: '9941123456' }, 422, 'Укажите СТС вместе с госномером'],
    ['a bad sts', { sts: '12', plate: 'А123ВС77' }, 422, 'Некорректный номер СТС'],
    ['a bad plate', { sts: '9941123456', plate: 'ZZZ' }, 422, 'Поле «Госномер» заполнено неверно'],
    ['a VIN as plate', { sts: '9941123456', plate: 'XTA210990Y2765432' }, 422, 'Поле «Госномер» заполнено неверно'],
  ])('refuses %s and creates nothing', async (_name, fields, status, message) => {
    const before = await users();
    const body: Record<string, string> = { ...fields };
    if (!('clientId' in fields)) {
      if (_name !== 'no clientId') body['clientId'] = await clientId();
    }
    const reply = await api.request('POST', '/105/api/newuser', { form: body });
    expect(reply.status).toBe(status);
    expect(reply.body).toEqual({ status: 'error', error: { errorDesc: message } });
    expect(await users()).toBe(before);
  });
});

describe('credentials', () => {
  let user: Session;
  beforeAll(async () => {
    user = await api.register();
  });

  it.each(['headers', 'query'] as const)('are accepted as %s', async (via) => {
    const reply = await api.request('GET', '/105/api/user', { session: user, via });
    expect(reply.status).toBe(200);
    expect(reply.body.response).toMatchObject({ userId: user.userId, userType: -1, channel: 'fine' });
  });

  it('without any → 401 «Требуется авторизация»', async () => {
    const reply = await api.request('GET', '/105/api/user');
    expect(reply.status).toBe(401);
    expect(reply.body.error?.errorDesc).toBe('Требуется авторизация');
  });

  it.each([
    ['a wrong session', (s: Session) => ({ ...s, session: 'f'.repeat(64) })],
    ['a wrong rand', (s: Session) => ({ ...s, rand: '0'.repeat(32) })],
    ['another userId', (s: Session) => ({ ...s, userId: s.userId + 1000 })],
    ['a malformed session', (s: Session) => ({ ...s, session: 'not-hex' })],
    ['an empty session', (s: Session) => ({ ...s, session: '' })],
  ])('with %s → 401', async (_name, spoil) => {
    for (const via of ['headers', 'query'] as const) {
      const reply = await api.request('GET', '/105/api/user', { session: spoil(user), via });
      expect(reply.status).toBe(401);
      expect(reply.body.error?.errorDesc).toBe('Сессия недействительна, войдите заново');
    }
  });

  it('stop working within SESSION_CACHE_MS of being revoked', async () => {
    const victim = await api.register();
    expect((await api.request('GET', '/105/api/user', { session: victim })).status).toBe(200);
    await api.database.db.updateTable('sessions').set({ revoked_at: new Date() }).where('user_id', '=', victim.userId).execute();
    api.advance(SESSION_CACHE_MS);
    expect((await api.request('GET', '/105/api/user', { session: victim })).status).toBe(401);
  });

  it('are never taken from a body field', async () => {
    const reply = await api.request('POST', '/105/api/sts', {
      form: { session: user.session, rand: user.rand, userId: String(user.userId), sts: '9941123456', vehiclePlateNumber: 'А123ВС', vehiclePlateRegion: '77' },
    });
    expect(reply.status).toBe(401);
  });
});

describe('the first vehicle of POST /newuser is checked like any document (issue 17 item 2)', () => {
  it.each([
    [{ kind: 'plate', plateNumber: 'ВЗЛОМ', plateRegion: '77' }],
    [{ kind: 'plate', plateNumber: { toString: 'x' }, plateRegion: '77' }],
    [{ kind: 'plate', plateNumber: 'а123вс', plateRegion: '77' }],
    [{ kind: 'plate', plateNumber: 'А123ВС', plateRegion: '77', extra: '<script>' }],
    [{ kind: 'vin', vin: 'not a vin' }],
    [{ kind: 'other' }],
    ['А12'],
  ])('plate %j is refused and nothing is written', async (plate) => {
    const client = (await api.request('GET', '/105/api/client')).body.response.clientId;
    const users = async () => Number((await api.database.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await users();
    const reply = await api.request('POST', '/105/api/newuser', { json: { clientId: client, sts: '9941123456', plate } });
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(reply.status).toBeLessThan(500);
    expect(await users()).toBe(before);
  });
});
