import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withInnCheckDigits } from '../../src/lib/inn.ts';
import { OPERATOR } from '../../src/lib/operator.ts';
import { createMailTestApi, signUp } from './helpers/accounts.ts';
import type { MailTestApi } from './helpers/accounts.ts';
import type { Session } from './helpers/testApi.ts';

// Issue 12: invoices for an organization's subscription — issued and read by the owner only.

let api: MailTestApi;
let company: Session;
let stranger: Session;
let organizationId: number;
const TARIFF = 15_000;
beforeAll(async () => {
  api = await createMailTestApi({ tariffKopecks: TARIFF });
  company = await signUp(api, 'invoices@example.ru', { isLegalEntity: '1' });
  stranger = await signUp(api, 'not-the-owner@example.ru', { isLegalEntity: '1' });
  const created = await api.request('POST', '/105/api/organization', { session: company, form: { inn: withInnCheckDigits('770708389') } });
  organizationId = created.body.response.item.id as number;
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

const issue = (session: Session, id: number, form: Record<string, string>) => api.request('POST', `/105/api/organization/${id}/invoice`, { session, form });

describe('invoices', () => {
  it('tells anyone the price per vehicle per month the invoices charge (the form multiplies it before issuing)', async () => {
    const reply = await api.request('GET', '/105/api/tariff');
    expect(reply.status).toBe(200);
    expect(reply.body.response).toEqual({ perVehicleMonthKopecks: TARIFF });
  });

  it('issues an invoice: vehicles × months × the tariff, numbered by year, with the seller and the buyer', async () => {
    const reply = await issue(company, organizationId, { vehicles: '12', months: '3' });
    expect(reply.status).toBe(200);
    const { invoice } = reply.body.response;
    expect(invoice.number).toMatch(/^2026-\d{5}$/);
    expect(invoice.hash).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(invoice.item).toMatchObject({ vehicles: 12, months: 3, priceKopecks: TARIFF });
    expect(invoice.totalKopecks).toBe(12 * 3 * TARIFF);
    expect(invoice.seller).toMatchObject({ name: OPERATOR.name, inn: OPERATOR.inn, bank: OPERATOR.bank });
    expect(invoice.buyer.inn).toBe(withInnCheckDigits('770708389'));
    expect(invoice.paidAt).toBeNull();
    expect(invoice.test).toBe(true);
  });

  it('lets only the owner read it: another account gets 404, no session 401, and nobody guesses one', async () => {
    const { invoice } = (await issue(company, organizationId, { vehicles: '1', months: '1' })).body.response;
    const read = await api.request('GET', `/105/api/invoice/${invoice.hash}`, { session: company });
    expect(read.status).toBe(200);
    expect(read.body.response).toEqual(invoice);
    expect((await api.request('GET', `/105/api/invoice/${invoice.hash}`, { session: stranger })).status).toBe(404);
    expect((await api.request('GET', `/105/api/invoice/${invoice.hash}`)).status).toBe(401);
    for (const hash of ['AAAAAAAAAAAAAAAAAAAAAA', 'short', `${invoice.hash}x`]) {
      expect((await api.request('GET', `/105/api/invoice/${hash}`, { session: company })).status).toBe(404);
    }
  });

  it('answers 404 for another account’s organization and writes nothing', async () => {
    const before = await api.deps.db.selectFrom('invoices').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const reply = await issue(stranger, organizationId, { vehicles: '5', months: '1' });
    expect(reply.status).toBe(404);
    expect((await issue(company, 999_999, { vehicles: '5', months: '1' })).status).toBe(404);
    const after = await api.deps.db.selectFrom('invoices').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('needs a session', async () => {
    expect((await api.request('POST', `/105/api/organization/${organizationId}/invoice`, { form: { vehicles: '1', months: '1' } })).status).toBe(401);
  });

  it.each([
    [{ vehicles: '0', months: '1' }, 'Число автомобилей — от 1 до 10 000'],
    [{ vehicles: '10001', months: '1' }, 'Число автомобилей — от 1 до 10 000'],
    [{ vehicles: '3', months: '37' }, 'Срок подписки — от 1 до 36 месяцев'],
    [{ vehicles: 'много', months: '1' }, 'Поле «Автомобилей» заполнено неверно'],
    [{ months: '1' }, 'Поле «Автомобилей» обязательно для заполнения'],
  ])('refuses %o with a Russian message', async (form, message) => {
    const reply = await issue(company, organizationId, form as Record<string, string>);
    expect(reply.status).toBe(400);
    expect(reply.body.error?.errorDesc).toBe(message);
  });
});
