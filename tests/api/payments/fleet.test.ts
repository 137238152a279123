import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withInnCheckDigits } from '../../../src/lib/inn.ts';
import { createMailTestApi, signUp } from '../helpers/accounts.ts';
import type { MailTestApi } from '../helpers/accounts.ts';
import { FIXTURES } from '../helpers/fixtures.ts';
import type { Session } from '../helpers/testApi.ts';
import { PAYER } from './helpers.ts';

// Issue 12: a company pays its fleet's fines through the payment flow — with a paid subscription only
// (a demo shows them masked, and paying would show what it hides).

let api: MailTestApi;
let company: Session;
let stranger: Session;
let organizationId: number;
let unpaid: number[];
beforeAll(async () => {
  api = await createMailTestApi();
  company = await signUp(api, 'fleet-payer@example.ru', { isLegalEntity: '1' });
  stranger = await signUp(api, 'fleet-stranger@example.ru', { isLegalEntity: '1' });
  organizationId = (await api.request('POST', '/105/api/organization', { session: company, form: { inn: withInnCheckDigits('770708389') } })).body.response.item.id;
  await api.request('POST', `/105/api/organization/${organizationId}/vehicles`, { session: company, form: FIXTURES.stsWithFines });
  const list = (await api.request('GET', `/105/api/organization/fines?organization=${organizationId}`, { session: company })).body.response;
  unpaid = list.items.filter((f: { paid: boolean }) => !f.paid).map((f: { id: number }) => f.id);
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

const quote = (session: Session, ids: readonly number[]) => api.request('GET', `/105/api/payment/info?fineIds=${ids.join(',')}&type=fines`, { session });
const subscribe = (type: number, end: Date) => api.deps.db.updateTable('organizations').set({ subscribe_type: type, subscription_end: end }).where('id', '=', organizationId).execute();

describe('paying a fleet’s fines', () => {
  it('is refused (404, as for any fine not yours) while the organization is in demo', async () => {
    expect(unpaid.length).toBeGreaterThan(0);
    expect((await quote(company, unpaid)).status).toBe(404);
    expect((await api.request('GET', `/105/api/payee/info/${unpaid.join(',')}/fines`, { session: company })).status).toBe(404);
  });

  it('quotes and starts a payment once the subscription is paid and running', async () => {
    await subscribe(1, new Date(api.now().getTime() + 30 * 86_400_000));
    const reply = await quote(company, unpaid);
    expect(reply.status).toBe(200);
    expect(reply.body.response.items.map((i: { fineId: number }) => i.fineId).sort()).toEqual([...unpaid].sort());
    const payee = await api.request('GET', `/105/api/payee/info/${unpaid.join(',')}/fines`, { session: company });
    expect(payee.status).toBe(200);
    const started = await api.request('POST', '/105/api/multipayment', { session: company, json: { fineIds: unpaid, ...PAYER } });
    expect(started.status).toBe(200);
    const state = await api.request('GET', `/105/api/payment/${started.body.response.paymentId}`, { session: company });
    expect(state.status).toBe(200);
    expect(state.body.response.items.map((i: { fineId: number }) => i.fineId).sort()).toEqual([...unpaid].sort());
    // The payment is the company's: another account sees none of it.
    expect((await api.request('GET', `/105/api/payment/${started.body.response.paymentId}`, { session: stranger })).status).toBe(404);
  });

  it('stays refused to another account, and again once the subscription has ended', async () => {
    expect((await quote(stranger, unpaid)).status).toBe(404);
    await subscribe(1, new Date(api.now().getTime() - 86_400_000));
    expect((await quote(company, unpaid)).status).toBe(404);
  });
});
