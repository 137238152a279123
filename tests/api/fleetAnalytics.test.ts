import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withInnCheckDigits } from '../../src/lib/inn.ts';
import { createMailTestApi, signUp } from './helpers/accounts.ts';
import type { MailTestApi } from './helpers/accounts.ts';
import { FIXTURES } from './helpers/fixtures.ts';
import type { Session } from './helpers/testApi.ts';

// Issue 12: /fine-analytics/'s call — the fleet's fines by month, article, vehicle and driver, and the discount's savings.

let api: MailTestApi;
let company: Session;
let stranger: Session;
let organizationId: number;
beforeAll(async () => {
  api = await createMailTestApi();
  company = await signUp(api, 'analytics@example.ru', { isLegalEntity: '1' });
  stranger = await signUp(api, 'analytics-other@example.ru', { isLegalEntity: '1' });
  organizationId = (await api.request('POST', '/105/api/organization', { session: company, form: { inn: withInnCheckDigits('770708389') } })).body.response.item.id;
  await api.request('POST', `/105/api/organization/${organizationId}/vehicles`, { session: company, form: FIXTURES.stsWithFines });
  await api.request('POST', `/105/api/organization/${organizationId}/drivers`, { session: company, form: { driverLicense: FIXTURES.licence } });
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

type Bar = { key: string; label: string; count: number; amount: number };
const sum = (bars: Bar[], key: 'count' | 'amount') => Math.round(bars.reduce((s, b) => s + b[key] * 100, 0)) / 100;

describe('GET /105/api/organization/fines/analytics', () => {
  it('groups every fine of the fleet by month, article, vehicle and driver, agreeing with the list', async () => {
    const list = (await api.request('GET', `/105/api/organization/fines?organization=${organizationId}&showBy=100`, { session: company })).body.response;
    const reply = await api.request('GET', `/105/api/organization/fines/analytics?organization=${organizationId}`, { session: company });
    expect(reply.status).toBe(200);
    const a = reply.body.response as { total: { count: number; amount: number }; byMonth: Bar[]; byArticle: Bar[]; byVehicle: Bar[]; byDriver: Bar[]; masked: boolean };
    expect(a.total.count).toBe(list.total);
    expect(a.total.count).toBe(FIXTURES.stsWithFinesUins.length + FIXTURES.licenceUins.length);
    expect(sum(a.byMonth, 'count')).toBe(a.total.count);
    expect(sum(a.byMonth, 'amount')).toBe(a.total.amount);
    expect(a.byMonth.map((b) => b.key)).toEqual([...a.byMonth.map((b) => b.key)].sort());
    expect(a.byMonth[0]?.label).toMatch(/^[а-я]+ \d{4}$/);
    // A continuous run of months up to this one (issue 24): a month without fines is a bar of zero.
    const next = (key: string) => { const [y, m] = key.split('-').map(Number) as [number, number]; return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`; };
    a.byMonth.slice(1).forEach((bar, i) => expect(bar.key).toBe(next(a.byMonth[i]?.key ?? '')));
    expect(a.byMonth.at(-1)?.key).toBe(api.now().toISOString().slice(0, 7));
    expect(sum(a.byArticle, 'count')).toBe(a.total.count);
    // Articles read as a ruling writes them (issue 24, item 11): «ч. 2 ст. 12.9 КоАП РФ: …», never «12.9.2: …».
    for (const bar of a.byArticle) expect(bar.label).toMatch(/^(ч\. [\d.]+ )?ст\. \d+\.\d+(\.\d)? КоАП РФ: [А-ЯЁ]/);
    expect(a.byVehicle).toHaveLength(1);
    expect(a.byVehicle[0]?.count).toBe(FIXTURES.stsWithFinesUins.length);
    expect(a.byDriver[0]?.count).toBe(FIXTURES.licenceUins.length);
    // In demo, plates and licences are masked here as in the list.
    expect(a.masked).toBe(true);
    expect(a.byVehicle[0]?.label).toContain('*');
  });

  it('counts what paying with the discount saved (from the orders) and what paying now would save', async () => {
    const a = (await api.request('GET', `/105/api/organization/fines/analytics?organization=${organizationId}`, { session: company })).body.response;
    const list = (await api.request('GET', `/105/api/organization/fines?organization=${organizationId}&showBy=100`, { session: company })).body.response;
    const running = list.items.filter((f: { paid: boolean; discountActive: boolean }) => !f.paid && f.discountActive);
    expect(a.savings.discountRunning).toBe(running.length);
    expect(a.savings.canSaveNow).toBeCloseTo(running.reduce((s: number, f: { fullAmount: number; amountToPay: number }) => s + f.fullAmount - f.amountToPay, 0), 2);
    const orders = await api.deps.db
      .selectFrom('orders')
      .innerJoin('fines', 'fines.id', 'orders.fine_id')
      .select(['orders.amount_kopecks', 'fines.full_kopecks'])
      .where('orders.fine_id', 'in', list.items.filter((f: { paid: boolean }) => f.paid).map((f: { id: number }) => f.id).concat([0]))
      .execute();
    const discounted = orders.filter((o) => Number(o.amount_kopecks) < Number(o.full_kopecks));
    expect(a.savings.paidWithDiscount).toBe(discounted.length);
    expect(a.savings.saved).toBe(discounted.reduce((s, o) => s + Number(o.full_kopecks) - Number(o.amount_kopecks), 0) / 100);
  });

  it('answers 404 for another account’s organization, 401 without a session, 400 for a bad id', async () => {
    expect((await api.request('GET', `/105/api/organization/fines/analytics?organization=${organizationId}`, { session: stranger })).status).toBe(404);
    expect((await api.request('GET', `/105/api/organization/fines/analytics?organization=${organizationId}`)).status).toBe(401);
    expect((await api.request('GET', '/105/api/organization/fines/analytics?organization=abc', { session: company })).status).toBe(400);
    const empty = (await api.request('GET', '/105/api/organization/fines/analytics', { session: stranger })).body.response;
    expect(empty).toMatchObject({ total: { count: 0, amount: 0 }, byMonth: [], byArticle: [], byVehicle: [], byDriver: [] });
  });
});
