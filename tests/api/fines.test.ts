import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { is } from 'superstruct';
import { envelope } from '../../src/api/structs/envelope.ts';
import { FineListReply, FineReply, OrderReply } from '../../src/api/structs/fine.ts';
import { TaxListReply } from '../../src/api/structs/tax.ts';
import { fineAmounts } from '../../src/lib/discounts.ts';
import { addDays } from '../../src/lib/isoDate.ts';
import { withUinCheckDigit } from '../../src/lib/uin.ts';
import { validators } from '../../src/lib/validators.ts';
import { FIXTURES } from './helpers/fixtures.ts';
import type { Session, TestApi } from './helpers/testApi.ts';
import { createTestApi } from './helpers/testApi.ts';

/** Moscow's date of TEST_NOW. */
const TODAY = '2026-03-16';

let api: TestApi;
let user: Session;
let stsId: number;
let dlId: number;
let innId: number;
beforeAll(async () => {
  api = await createTestApi();
  user = await api.register();
  stsId = (await api.request('POST', '/105/api/sts', { session: user, form: FIXTURES.stsWithFines })).body.response.item.id;
  dlId = (await api.request('POST', '/105/api/driverLicense', { session: user, form: { driverLicense: FIXTURES.licence } })).body.response.item.id;
  innId = (await api.request('POST', '/105/api/inn', { session: user, form: { inn: FIXTURES.inn } })).body.response.item.id;
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

/** A fine list reply, checked against the published struct. */
async function fineList(path: string, session: Session | null = user) {
  const reply = await api.request('GET', path, session === null ? {} : { session });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  expect(is(reply.body, envelope(FineListReply))).toBe(true);
  return reply.body.response as { fines: any[]; orders: any[] };
}

describe('fineList by a document', () => {
  it('by СТС: the pinned three unpaid camera fines, one with an active discount', async () => {
    const { fines, orders } = await fineList(`/105/api/fineList/by/sts/${stsId}`);
    expect(fines.map((f) => f.uin)).toEqual(FIXTURES.stsWithFinesUins);
    expect(orders).toEqual([]);
    expect(fines.every((f) => !f.paid && f.hasPhoto)).toBe(true);
    expect(fines.map((f) => f.rulingDate)).toEqual([addDays(TODAY, -4), addDays(TODAY, -48), addDays(TODAY, -150)]);
    expect(fines.map((f) => f.discountActive)).toEqual([true, false, false]);
    expect(fines[0]).toMatchObject({
      identifier: '9941123456',
      identifierType: 'sts',
      vehiclePlateNumber: 'А123ВС',
      vehiclePlateRegion: '77',
      article: '12.9.2',
      fullAmount: 750,
      amountToPay: 562.5,
      discountPercent: 25,
      speed: { actual: 84, limit: 60 },
      department: 'ЦАФАП ОДД ГИБДД ГУ МВД России по г. Москве',
      place: { address: 'г. Москва, Кутузовский проспект, д. 30' },
    });
    expect(fines[0].violationAt).toBe(`${addDays(TODAY, -6)}T08:42:17+03:00`);
    expect(fines[2]).toMatchObject({ department: 'Московская административная дорожная инспекция (МАДИ)', article: '12.16.5' });
  });

  it('keeps the pinned discount active whatever the day: the dates move with the clock', async () => {
    // Sessions expire after 30 days without use: the visitor comes back on day 20, then on day 40.
    api.advance(20 * 86_400_000);
    await fineList(`/105/api/fineList/by/sts/${stsId}`);
    api.advance(20 * 86_400_000);
    try {
      const { fines } = await fineList(`/105/api/fineList/by/sts/${stsId}`);
      expect(fines[0].rulingDate).toBe(addDays(TODAY, 36));
      expect(fines[0].discountActive).toBe(true);
    } finally {
      api.advance(-40 * 86_400_000);
    }
  });

  it('by the same plate: the same stored fines, shown as found by the plate', async () => {
    const bySts = await fineList(`/105/api/fineList/by/sts/${stsId}`);
    const byCar = await fineList(`/105/api/fineList/by/car/${encodeURIComponent('а 123 вс 77')}`);
    expect(byCar.fines.map((f) => f.id)).toEqual(bySts.fines.map((f) => f.id));
    expect(byCar.fines[0]).toMatchObject({ identifier: 'А123ВС77', identifierType: 'plate' });
  });

  it('by licence: an inspector fine without photo and a paid one with its order', async () => {
    const { fines, orders } = await fineList(`/105/api/fineList/by/dl/${dlId}`);
    expect(fines.map((f) => f.uin)).toEqual(FIXTURES.licenceUins);
    expect(fines.every((f) => !f.hasPhoto && f.department.startsWith('ОБ ДПС ГИБДД'))).toBe(true);
    expect(fines.map((f) => f.paid)).toEqual([false, true]);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ status: 'paid', amount: 600, fine: { id: fines[1].id, paid: true, amountToPay: 0 } });
    expect(orders[0].paidAt.slice(0, 10)).toBe(addDays(TODAY, -294));
  });

  it('by ИНН', async () => {
    const { fines } = await fineList(`/105/api/fineList/by/inn/${innId}`);
    expect(fines).toHaveLength(1);
    expect(fines[0]).toMatchObject({ identifier: FIXTURES.inn, identifierType: 'inn', hasPhoto: true });
  });

  it('by VIN, typed in any case', async () => {
    const { fines } = await fineList(`/105/api/fineList/by/car/${FIXTURES.vin.toLowerCase()}`);
    expect(fines).toHaveLength(2);
    expect(fines[0]).toMatchObject({ identifier: FIXTURES.vin, identifierType: 'vin', vehiclePlateRegion: '116' });
  });

  it('for a document without fines: empty lists', async () => {
    const other = await api.register();
    const id = (await api.request('POST', '/105/api/sts', { session: other, form: FIXTURES.stsWithoutFines })).body.response.item.id;
    expect(await fineList(`/105/api/fineList/by/sts/${id}`, other)).toEqual({ fines: [], orders: [] });
  });

  it('stores generated fines: a second lookup gives the same rows', async () => {
    const first = await fineList('/105/api/fineList/by/car/В001ОР199');
    const second = await fineList('/105/api/fineList/by/car/В001ОР199');
    expect(second).toEqual(first);
  });

  it('stores a document once when many ask for it at the same moment', async () => {
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => api.request('GET', '/105/api/fineList/by/car/Х123ХХ150', { session: user })),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(8).fill(200));
    for (const reply of replies) expect(reply.body).toEqual(replies[0]?.body);
    const subjects = await api.database.db.selectFrom('fine_subjects').select('key').where('key', '=', 'plate:Х123ХХ150').execute();
    expect(subjects).toHaveLength(1);
  });

  it('computes every amount with the domain rules as of today', async () => {
    for (const path of [`/105/api/fineList/by/sts/${stsId}`, `/105/api/fineList/by/dl/${dlId}`, '/105/api/fineList/by/car/Х555ХХ123']) {
      for (const fine of (await fineList(path)).fines) {
        const amounts = fineAmounts({ rulingDate: fine.rulingDate, article: fine.article, amount: fine.fullAmount, today: TODAY });
        expect(fine.discountLastDay).toBe(amounts.discountLastDay);
        expect(fine.paymentDeadline).toBe(amounts.paymentDeadline);
        expect(fine.amountToPay).toBe(fine.paid ? 0 : amounts.amountToPay);
      }
    }
  });

  it.each([
    ['sts', 'abc', 400],
    ['dl', '0', 400],
    ['inn', '2147483648', 400],
    ['sts', '2147483647', 404],
    ['car', 'ZZZ', 422],
    ['car', 'А123ВС', 422],
    ['car', 'XTA210990Y276543I', 422],
    ['passport', '1', 404],
  ])('fineList/by/%s/%s → %i', async (kind, id, status) => {
    const reply = await api.request('GET', `/105/api/fineList/by/${kind}/${encodeURIComponent(id)}`, { session: user });
    expect(reply.status).toBe(status);
    expect(reply.body.status).toBe('error');
    expect(reply.body.error?.errorDesc).toMatch(/[А-Яа-я]/);
  });

  it('needs credentials', async () => {
    for (const path of [`/105/api/fineList/by/sts/${stsId}`, '/105/api/fineList/by/car/А123ВС77', '/105/api/fineList/by/ids?ordinanceIds=1', '/105/api/fine?fine=1', '/105/api/order?id=1']) {
      expect((await api.request('GET', path)).status).toBe(401);
    }
  });
});

describe('fine, order, fineList/by/ids', () => {
  it('gives one fine by id and several by ids', async () => {
    const { fines } = await fineList(`/105/api/fineList/by/sts/${stsId}`);
    const one = await api.request('GET', `/105/api/fine?fine=${fines[1].id}`, { session: user });
    expect(is(one.body, envelope(FineReply))).toBe(true);
    expect(one.body.response.fine).toEqual(fines[1]);
    const ids = fines.map((f) => f.id).join(',');
    const several = await fineList(`/105/api/fineList/by/ids?ordinanceIds=${ids},${fines[0].id}`);
    expect(several.fines.map((f) => f.id)).toEqual(fines.map((f) => f.id));
  });

  it('gives an order by id with its fine', async () => {
    const { orders } = await fineList(`/105/api/fineList/by/dl/${dlId}`);
    const reply = await api.request('GET', `/105/api/order?id=${orders[0].id}`, { session: user });
    expect(is(reply.body, envelope(OrderReply))).toBe(true);
    expect(reply.body.response.order).toEqual(orders[0]);
  });

  it.each([
    ['/105/api/fine?fine=2147483647', 404],
    ['/105/api/fine?fine=abc', 400],
    ['/105/api/fine', 400],
    ['/105/api/order?id=2147483647', 404],
    ['/105/api/order?id=-5', 400],
    ['/105/api/fineList/by/ids?ordinanceIds=', 400],
    ['/105/api/fineList/by/ids?ordinanceIds=1,x', 400],
    ['/105/api/fineList/by/ids?ordinanceIds=2147483647', 404],
    [`/105/api/fineList/by/ids?ordinanceIds=${Array.from({ length: 51 }, (_, i) => i + 1).join(',')}`, 400],
  ])('%s → %i', async (path, status) => {
    const reply = await api.request('GET', path, { session: user });
    expect(reply.status).toBe(status);
    expect(reply.body.error?.errorDesc).toMatch(/[А-Яа-я]/);
  });
});

describe('anonymous search', () => {
  it('finds the pinned ruling by УИН without a session', async () => {
    const { fines } = await fineList(`/105/api/fine/uinInfo?uin=${FIXTURES.anonymousUin}`, null);
    expect(fines).toHaveLength(1);
    expect(fines[0]).toMatchObject({ uin: FIXTURES.anonymousUin, vehiclePlateNumber: 'К777ОО', vehiclePlateRegion: '178' });
  });

  it('finds a stored fine by its УИН (the same row as by its document), without revealing that document', async () => {
    const bySts = await fineList(`/105/api/fineList/by/sts/${stsId}`);
    const byUin = await fineList(`/105/api/fine/uinInfo?uin=${FIXTURES.stsWithFinesUins[1]}`, null);
    expect(byUin.fines.map((f) => f.id)).toEqual([bySts.fines[1].id]);
    expect(byUin.fines[0]).toMatchObject({ identifier: FIXTURES.stsWithFinesUins[1], identifierType: 'uin' });
    expect(JSON.stringify(byUin)).not.toContain(FIXTURES.stsWithFines.sts);
  });

  it('with a session, grants the one fine found by УИН, not the rest of its document', async () => {
    const finder = await api.register();
    const { fines } = await fineList(`/105/api/fineList/by/sts/${stsId}`);
    await fineList(`/105/api/fine/uinInfo?uin=${fines[1].uin}`, finder);
    const one = await api.request('GET', `/105/api/fine?fine=${fines[1].id}`, { session: finder });
    expect(one.status).toBe(200);
    expect(one.body.response.fine).toMatchObject({ id: fines[1].id, identifier: fines[1].uin, identifierType: 'uin' });
    expect((await api.request('GET', `/105/api/fine?fine=${fines[0].id}`, { session: finder })).status).toBe(404);
    expect((await api.request('GET', `/105/api/fineList/by/ids?ordinanceIds=${fines[0].id},${fines[1].id}`, { session: finder })).status).toBe(404);
    expect((await fineList(`/105/api/fineList/by/ids?ordinanceIds=${fines[1].id}`, finder)).fines[0].identifierType).toBe('uin');
  });

  it('answers the same for any valid УИН every time (found or not)', async () => {
    for (const body of ['1881017725110100001', '1881050025090900077', '035543101025081212345678', '3221001100000000001']) {
      const uin = withUinCheckDigit(body);
      expect(validators.uin(uin)).toBeUndefined();
      const first = await fineList(`/105/api/fine/uinInfo?uin=${uin}`, null);
      const second = await fineList(`/105/api/fine/uinInfo?uin=${uin}`, null);
      expect(second).toEqual(first);
    }
  });

  it('with a session, lets the user open what they found', async () => {
    const other = await api.register();
    const { fines } = await fineList(`/105/api/fine/uinInfo?uin=${FIXTURES.anonymousUin}`, null);
    expect((await api.request('GET', `/105/api/fine?fine=${fines[0].id}`, { session: other })).status).toBe(404);
    await fineList(`/105/api/fine/uinInfo?uin=${FIXTURES.anonymousUin}`, other);
    expect((await api.request('GET', `/105/api/fine?fine=${fines[0].id}`, { session: other })).status).toBe(200);
  });

  it.each(['', '123', '18810177250612002173', '1881017725061200217a'])('refuses the УИН %j with 422', async (uin) => {
    for (const path of ['/105/api/fine/uinInfo', '/105/api/tax/uinInfo']) {
      const reply = await api.request('GET', `${path}?uin=${uin}`);
      expect(reply.status).toBe(422);
      expect(reply.body.error?.errorDesc).toBe(uin === '' ? 'Поле «УИН» обязательно для заполнения' : 'Некорректный номер постановления (УИН)');
    }
  });

  it('answers tax/uinInfo with zero or one accrual of the published shape; a traffic ruling is no tax', async () => {
    const taxUins = Array.from({ length: 20 }, (_, n) => withUinCheckDigit(`182106${String(4_000_000_000_000 + n * 7919)}`));
    let found = 0;
    for (const uin of taxUins) {
      const reply = await api.request('GET', `/105/api/tax/uinInfo?uin=${uin}`);
      expect(reply.status).toBe(200);
      expect(is(reply.body, envelope(TaxListReply))).toBe(true);
      expect(reply.body.response.taxes.length).toBeLessThanOrEqual(1);
      const [tax] = reply.body.response.taxes;
      if (tax === undefined) continue;
      found += 1;
      expect(tax).toMatchObject({ uin, paymentDeadline: `${tax.period + 1}-12-01` });
      expect(validators.inn(tax.payee.inn)).toBeUndefined();
      expect(tax.payee.kbk).toMatch(/^182/);
    }
    expect(found).toBeGreaterThan(5);
    for (const uin of [FIXTURES.anonymousUin, FIXTURES.stsWithFinesUins[2]]) {
      expect((await api.request('GET', `/105/api/tax/uinInfo?uin=${uin}`)).body).toEqual({ status: 'ok', response: { taxes: [] } });
    }
  });

  it('opens one fine by its share hash, and nothing by a wrong one', async () => {
    const { fines } = await fineList(`/105/api/fineList/by/sts/${stsId}`);
    const reply = await api.request('GET', `/105/api/fine/info/${fines[0].shareHash}`);
    expect(reply.status).toBe(200);
    expect(reply.body.response.fine).toMatchObject({ id: fines[0].id, identifier: fines[0].uin, identifierType: 'uin' });
    expect(fines[0].shareHash).toMatch(/^[A-Za-z0-9_-]{22}$/);
    for (const hash of ['AAAAAAAAAAAAAAAAAAAAAA', 'short', `${fines[0].shareHash}x`, '%00']) {
      const miss = await api.request('GET', `/105/api/fine/info/${hash}`);
      expect(miss.status).toBe(404);
      expect(miss.body).toEqual({ status: 'error', error: { errorDesc: 'Не найдено' } });
    }
  });
});
