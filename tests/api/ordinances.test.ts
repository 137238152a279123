import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi } from './helpers/testApi.ts';
import type { Session, TestApi } from './helpers/testApi.ts';
import { FIXTURES } from './helpers/fixtures.ts';

let api: TestApi;
let user: Session;
beforeAll(async () => {
  api = await createTestApi({ ordinancesDelayMs: 2_000 });
  user = await api.register();
  await api.request('POST', '/105/api/sts', { session: user, form: FIXTURES.stsWithFines });
  await api.request('POST', '/105/api/driverLicense', { session: user, form: { driverLicense: FIXTURES.licence } });
  await api.request('POST', '/105/api/inn', { session: user, form: { inn: FIXTURES.inn } });
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

const list = (category: string, query = '', session = user) => api.request('GET', `/api/ordinances/get/${category}${query}`, { session });

describe('the ordinances list', () => {
  it('says isWait while the documents are being checked, then lists what they found', async () => {
    const waiting = await list('all');
    expect(waiting.body.response).toMatchObject({ items: [], total: 0, isWait: true });
    api.advance(2_000);
    const ready = await list('all');
    expect(ready.body.response.isWait).toBeUndefined();
    // 3 fines by the СТС, 2 by the licence, 1 by the ИНН, and the ИНН's tax accrual and bailiffs' debt.
    expect(ready.body.response.total).toBe(3 + 2 + 1 + 2);
    const numbers = ready.body.response.items.map((i: { number: string }) => i.number);
    for (const uin of [...FIXTURES.stsWithFinesUins, ...FIXTURES.licenceUins]) expect(numbers).toContain(uin);
  });

  it('counts every category in the summary, with the sum due', async () => {
    const summary = await api.request('GET', '/api/ordinances/get/summary', { session: user });
    expect(summary.body.response.counts).toEqual({ all: 8, not_paid: 7, fines: 6, inn_ordinances: 2, ipfssp: 1, paid_ordinances: 1 });
    const unpaid = (await list('not_paid')).body.response.items as { amountToPay: number }[];
    expect(summary.body.response.toPay).toBeCloseTo(unpaid.reduce((s, i) => s + i.amountToPay, 0), 2);
  });

  it.each([
    ['not_paid', (i: { paid: boolean }) => !i.paid],
    ['paid_ordinances', (i: { paid: boolean }) => i.paid],
    ['fines', (i: { kind: string }) => i.kind === 'fine'],
    // «По ИНН»: taxes and ФССП debts found by the ИНН, not traffic fines (issue 24, item 10).
    ['inn_ordinances', (i: { identifierType: string; kind: string }) => i.identifierType === 'inn' && (i.kind === 'tax' || i.kind === 'fssp')],
  ])('%s holds only its items', async (category, rule) => {
    const items = (await list(category)).body.response.items as never[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every(rule)).toBe(true);
  });

  it('pages, sorts and searches', async () => {
    const first = (await list('all', '?showBy=4&page=1')).body.response;
    const second = (await list('all', '?showBy=4&page=2')).body.response;
    expect([first.items.length, second.items.length, first.total]).toEqual([4, 4, 8]);
    const cheapFirst = (await list('not_paid', '?order=SUM_ASC')).body.response.items.map((i: { amountToPay: number }) => i.amountToPay);
    expect(cheapFirst).toEqual([...cheapFirst].sort((a, b) => a - b));
    const oldFirst = (await list('all', '?order=DATE_ASC')).body.response.items.map((i: { date: string }) => i.date);
    expect(oldFirst).toEqual([...oldFirst].sort());
    const found = (await list('all', `?search=${FIXTURES.licenceUins[0]?.slice(-8)}`)).body.response;
    expect(found.items.map((i: { number: string }) => i.number)).toEqual([FIXTURES.licenceUins[0]]);
  });

  it('shows what the ИНН finds at the tax service and the bailiffs', async () => {
    const [tax] = (await list('inn_ordinances', '?order=DATE_ASC')).body.response.items.filter((i: { kind: string }) => i.kind === 'tax');
    expect(tax).toMatchObject({ kind: 'tax', identifier: FIXTURES.inn, identifierType: 'inn', paid: false, discountActive: false });
    expect(tax.number).toMatch(/^182\d{17}$/);
    expect(tax.title).toMatch(/налог за \d{4} год$/);
    const [debt] = (await list('ipfssp')).body.response.items;
    expect(debt).toMatchObject({ kind: 'fssp', identifier: FIXTURES.inn, amount: 3210, amountToPay: 3210, issuer: 'ОСП № 1 ГУФССП России по г. Москве' });
    expect(debt.number).toMatch(/^104522\/\d{2}\/77001-ИП$/);
  });

  it('«По ИНН» lists the ИНН\'s tax and ФССП debt, and the fine found by the ИНН sits with the traffic fines', async () => {
    const byInn = (await list('inn_ordinances')).body.response.items as { kind: string; identifier: string }[];
    expect(byInn.map((i) => i.kind).sort()).toEqual(['fssp', 'tax']);
    expect(byInn.every((i) => i.identifier === FIXTURES.inn)).toBe(true);
    const fines = (await list('fines')).body.response.items as { kind: string; identifierType: string }[];
    expect(fines.filter((i) => i.identifierType === 'inn')).toHaveLength(1);
    expect(fines.every((i) => i.kind === 'fine')).toBe(true);
  });

  it('links each fine to its page and lets its owner open it', async () => {
    const [item] = (await list('fines', '?showBy=1')).body.response.items;
    expect(item).toMatchObject({ kind: 'fine', id: `fine-${item.ref}` });
    expect((await api.request('GET', `/105/api/fine?fine=${item.ref}`, { session: user })).status).toBe(200);
  });

  it('a refresh checks every document again: isWait for a while, the same items after', async () => {
    const refreshing = await list('all', '?isForceRefresh=1');
    expect(refreshing.body.response.isWait).toBe(true);
    api.advance(2_000);
    expect((await list('all')).body.response.total).toBe(8);
  });

  it.each([
    ['/api/ordinances/get/unknown', 400, 'Неизвестная категория «unknown». Допустимы: all, not_paid, fines, inn_ordinances, ipfssp, paid_ordinances'],
    ['/api/ordinances/get/all?showBy=500', 400, undefined],
    ['/api/ordinances/get/all?page=0', 400, undefined],
    ['/api/ordinances/get/all?order=RANDOM', 400, undefined],
  ])('%s → %i', async (path, status, message) => {
    const reply = await api.request('GET', path, { session: user });
    expect(reply.status).toBe(status);
    if (message !== undefined) expect(reply.body.error?.errorDesc).toBe(message);
  });

  it('is private: no credentials → 401, another user sees only their own', async () => {
    expect((await api.request('GET', '/api/ordinances/get/all')).status).toBe(401);
    const other = await api.register();
    api.advance(2_000);
    expect((await list('all', '', other)).body.response.total).toBe(0);
  });

  it('tells what paying now saves while discounts run', async () => {
    const advantage = (await api.request('GET', '/api/ordinances/get/advantage', { session: user })).body.response;
    expect(advantage.savings).toBeGreaterThan(0);
    expect(advantage.nearestLastDay).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('the tax list preload (spec §4)', () => {
  it('answers how long to wait, then that the list is ready', async () => {
    const someone = await api.register();
    await api.request('POST', '/105/api/inn', { session: someone, form: { inn: FIXTURES.inn } });
    expect((await api.request('GET', '/105/api/preload?web=1', { session: someone })).body.response).toEqual({ wait: 2 });
    api.advance(1_200);
    expect((await api.request('GET', '/105/api/preload?web=1', { session: someone })).body.response).toEqual({ wait: 1 });
    api.advance(800);
    expect((await api.request('GET', '/105/api/preload?web=1', { session: someone })).body.response).toEqual({ taxeslist: true });
  });

  it('has nothing to prepare without an ИНН, needs credentials, refuses a bad flag', async () => {
    const someone = await api.register();
    expect((await api.request('GET', '/105/api/preload?web=1', { session: someone })).body.response).toEqual({ taxeslist: true });
    expect((await api.request('GET', '/105/api/preload?web=1')).status).toBe(401);
    expect((await api.request('GET', '/105/api/preload?web=2', { session: someone })).status).toBe(400);
  });
});
