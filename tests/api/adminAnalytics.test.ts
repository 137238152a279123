import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailTestApi, signUp } from './helpers/accounts.ts';
import type { MailTestApi } from './helpers/accounts.ts';
import type { Session } from './helpers/testApi.ts';

let api: MailTestApi;
let admin: Session;
let someone: Session;
beforeAll(async () => {
  api = await createMailTestApi({ adminEmails: ['team@shtrafy.test'], trackingRateLimit: 0 });
  admin = await signUp(api, 'team@shtrafy.test');
  someone = await signUp(api, 'driver@example.ru');
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

/** A visitor's day on the site as the page's sender reports it. */
async function visit(user: Session, events: unknown[]) {
  const reply = await api.request('POST', '/105/api/tracking/batch', { json: { trackingId: randomUUID(), userId: String(user.userId), session: user.session, events } });
  expect(reply.status).toBe(200);
}

describe('GET /105/api/admin/analytics (the team dashboard)', () => {
  it('counts screens, searches and the search → found → payment funnel per day', async () => {
    const visitor = await api.register();
    await visit(visitor, [
      { type: 'screen', screenName: 'main' },
      { type: 'form', formName: 'fineSearch', formData: { tab: 'sts' } },
      { type: 'event', event: 'searchResult', params: { by: 'sts', found: 3 } },
      { type: 'screen', screenName: 'fines' },
      { type: 'screen', screenName: 'prepayment' },
    ]);
    await visit(visitor, [{ type: 'screen', screenName: 'main' }, { type: 'form', formName: 'fineSearch' }, { type: 'event', event: 'searchResult', params: { by: 'car', found: 0 } }]);
    const reply = await api.request('GET', '/105/api/admin/analytics?days=7', { session: admin });
    expect(reply.status).toBe(200);
    expect(reply.body.response.days).toEqual([{ day: '2026-03-16', screens: 4, visitors: 2, searches: 2, funnel: { searched: 2, found: 1, payment: 1, paid: 0 } }]);
    expect(reply.body.response.topScreens[0]).toEqual({ name: 'main', views: 2 });
  });

  it('leaves out days before the period', async () => {
    api.advance(3 * 86_400_000);
    const reply = await api.request('GET', '/105/api/admin/analytics?days=1', { session: admin });
    expect(reply.body.response.days).toEqual([]);
  });

  it.each([['0'], ['91'], ['abc'], ['1.5']])('refuses days=%s with 400', async (days) => {
    const reply = await api.request('GET', `/105/api/admin/analytics?days=${days}`, { session: admin });
    expect(reply.status).toBe(400);
  });

  it('is a 404 for any other account, and a 401 without a session', async () => {
    const other = await api.request('GET', '/105/api/admin/analytics', { session: someone });
    expect(other.status).toBe(404);
    expect(other.body.error?.errorDesc).toBe('Не найдено');
    const anonymous = await api.request('GET', '/105/api/admin/analytics', { session: await api.register() });
    expect(anonymous.status).toBe(404);
    expect((await api.request('GET', '/105/api/admin/analytics')).status).toBe(401);
  });
});
