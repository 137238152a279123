import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobQueue } from '../../../server/jobs/jobQueue.ts';
import { deliverDue, RETRY_OFFSETS_MS } from '../../../server/integrations/webhooks/deliver.ts';
import { emitAutopayScheduled, emitDiscountEnding } from '../../../server/integrations/webhooks/events.ts';
import { integrationJobs, scheduleFleetChecks } from '../../../server/integrations/webhooks/jobs.ts';
import { SIGNATURE_HEADER, verifySignature } from '../../../server/integrations/webhooks/signature.ts';
import { notificationJobs } from '../../../server/notifications/jobs.ts';
import { resolveDeps } from '../../../server/resolveDeps.ts';
import { addDays, moscowToday } from '../../../src/lib/isoDate.ts';
import { createMailTestApi } from '../helpers/accounts.ts';
import type { MailTestApi } from '../helpers/accounts.ts';
import { FIXTURES } from '../helpers/fixtures.ts';
import type { Session } from '../helpers/testApi.ts';
import { notify, paidNotification, PAYER } from '../payments/helpers.ts';
import { bearer, paidOrganization, RECEIVER_HOST, startWebhookReceiver } from '../helpers/webhookReceiver.ts';

// Issue 26 §4: webhooks — signed JSON, retried with back-off for 24 hours, logged, resent from the
// cabinet, and exactly one delivery per event whatever the number of API processes.

let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let api: MailTestApi;
let owner: { session: Session; organizationId: number };
let secret = '';
let webhookId = 0;
let key = '';
const URL_OK = `https://${RECEIVER_HOST}/shtrafy/events?source=test`;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  api = await createMailTestApi({ sandboxControl: true, webhookNetwork: receiver.network });
  owner = await paidOrganization(api, 'hooks-owner@example.ru');
  key = (await api.request('POST', `/105/api/organization/${owner.organizationId}/api-keys`, { session: owner.session, form: { name: 'ERP', scope: 'read-write' } })).body.response.key;
  await api.request('POST', '/105/api/v1/vehicles', { headers: bearer(key), form: FIXTURES.stsWithFines });
  // The fleet's first look at the vehicle (the cabinet's list does it): what it holds then is not news.
  await api.request('GET', '/105/api/v1/fines', { headers: bearer(key) });
  api.advance(1000);
});
afterAll(async () => {
  await api.deps.webhooks.idle();
  expect(api.unexpected).toEqual([]);
  await api.close();
  await receiver.close();
});

const deliver = () => deliverDue({ db: api.deps.db, clock: api.deps.clock, network: receiver.network });
const parsed = (index: number) => JSON.parse(receiver.received[index]?.body ?? '{}');
const addSandboxFine = async (rulingDate: string) => (await api.request('POST', '/105/api/sandbox/fines', { form: { type: 'sts', ...FIXTURES.stsWithFines, rulingDate, amount: '1500' } })).body.response.uin as string;
const deliveries = async () => (await api.request('GET', `/105/api/organization/${owner.organizationId}/webhooks/deliveries`, { session: owner.session })).body.response;

describe('registering an endpoint', () => {
  it('shows the signing secret once; the list never does', async () => {
    const reply = await api.request('POST', `/105/api/organization/${owner.organizationId}/webhooks`, { session: owner.session, form: { url: URL_OK, events: 'fine.new,fine.paid,discount.ending' } });
    expect(reply.status).toBe(200);
    secret = reply.body.response.secret;
    webhookId = reply.body.response.item.id;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(reply.body.response.item).toMatchObject({ url: URL_OK, events: ['fine.new', 'fine.paid', 'discount.ending'] });
    const list = await api.request('GET', `/105/api/organization/${owner.organizationId}/webhooks`, { session: owner.session });
    expect(list.body.response.items).toHaveLength(1);
    expect(JSON.stringify(list.body)).not.toContain(secret);
  });

  it('refuses unknown events and an empty list', async () => {
    for (const events of ['fine.deleted', '']) {
      const reply = await api.request('POST', `/105/api/organization/${owner.organizationId}/webhooks`, { session: owner.session, form: { url: URL_OK, events } });
      expect(reply.status).toBe(422);
      expect(reply.body.error?.errorDesc).toContain('События');
    }
  });
});

describe('fine.new', () => {
  let uin = '';
  it('is posted once, signed, when a re-check finds a new ruling of a fleet vehicle', async () => {
    await scheduleFleetChecks(api.deps);
    uin = await addSandboxFine(addDays(moscowToday(api.now().getTime()), -28));
    await api.request('POST', '/105/api/sandbox/recheck');
    await api.request('POST', '/105/api/sandbox/recheck'); // a second check finds nothing new
    const report = await deliver();
    expect(report).toMatchObject({ sent: 1, delivered: 1 });
    expect(receiver.received).toHaveLength(1);
    const hook = receiver.received[0]!;
    expect(hook.path).toBe('/shtrafy/events?source=test');
    expect(hook.headers['content-type']).toBe('application/json');
    expect(hook.headers['x-shtrafy-event']).toBe('fine.new');
    // The receiver checks the signature over the timestamp and the body with the endpoint's secret.
    expect(verifySignature(String(hook.headers[SIGNATURE_HEADER.toLowerCase()]), hook.body, secret, api.now())).toBe(true);
    expect(verifySignature(String(hook.headers[SIGNATURE_HEADER.toLowerCase()]), hook.body.replace('1500', '150'), secret, api.now())).toBe(false);
    expect(verifySignature(String(hook.headers[SIGNATURE_HEADER.toLowerCase()]), hook.body, 'whsec_other', api.now())).toBe(false);
    const body = parsed(0);
    expect(body).toMatchObject({ type: 'fine.new', organizationId: owner.organizationId, id: expect.stringMatching(/^evt_\d+$/) });
    expect(body.data.fine).toMatchObject({ uin, fullAmountKopecks: 150_000, paid: false, discountActive: true });
    expect((await deliveries()).items[0]).toMatchObject({ type: 'fine.new', status: 'delivered', attempts: 1, lastStatusCode: 200 });
  });

  it('discount.ending comes from the daily job once, 3 days before the discount ends', async () => {
    expect(await emitDiscountEnding(api.deps.db, api.now())).toBeGreaterThanOrEqual(1);
    expect(await emitDiscountEnding(api.deps.db, api.now())).toBe(0);
    await deliver();
    const ending = receiver.received.map((r) => JSON.parse(r.body)).filter((b) => b.type === 'discount.ending');
    expect(ending.map((b) => b.data.fine.uin)).toContain(uin);
    const ours = ending.find((b) => b.data.fine.uin === uin);
    expect(ours.data.discountLastDay).toBe(addDays(moscowToday(api.now().getTime()), 2));
    expect(new Set(ending.map((b) => b.id)).size).toBe(ending.length);
  });
});

describe('fine.paid', () => {
  it('is posted once when a payment of a fleet fine settles', async () => {
    const list = await api.request('GET', '/105/api/v1/fines?paid=0&showBy=1', { headers: bearer(key) });
    const fine = list.body.response.items[0];
    const started = await api.request('POST', '/105/api/multipayment', { session: owner.session, json: { fineIds: [fine.id], ...PAYER } });
    expect(started.status).toBe(200);
    const payment = await api.deps.db.selectFrom('payments').selectAll().where('id', '=', started.body.response.paymentId).executeTakeFirstOrThrow();
    const signed = paidNotification(api, payment.id, Number(payment.total_kopecks));
    await notify(api, signed);
    await notify(api, signed); // moneta repeats its notification: still one event
    const before = receiver.received.length;
    await deliver();
    const paid = receiver.received.slice(before).map((r) => JSON.parse(r.body));
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ type: 'fine.paid', data: { fine: { id: fine.id, paid: true, amountToPayKopecks: 0 } } });
  });
});

describe('retries', () => {
  it('a failed delivery is tried again after 1 minute, and each try is logged', async () => {
    receiver.fail(1);
    const before = receiver.received.length;
    const ping = await api.request('POST', `/105/api/organization/${owner.organizationId}/webhooks/${webhookId}/ping`, { session: owner.session });
    expect(ping.status).toBe(200);
    await api.deps.webhooks.idle();
    expect(receiver.received.length).toBe(before + 1);
    let row = (await deliveries()).items.find((d: { id: string }) => d.id === ping.body.response.deliveryId);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500, nextAttemptAt: new Date(api.now().getTime() + 60_000).toISOString() });
    expect((await deliver()).sent).toBe(0); // not due yet
    api.advance(60_000);
    expect(await deliver()).toMatchObject({ sent: 1, delivered: 1 });
    row = (await deliveries()).items.find((d: { id: string }) => d.id === ping.body.response.deliveryId);
    expect(row).toMatchObject({ status: 'delivered', attempts: 2, lastStatusCode: 200 });
    const attempts = await api.deps.db.selectFrom('webhook_attempts').select('status_code').where('delivery_id', '=', ping.body.response.deliveryId).orderBy('id').execute();
    expect(attempts.map((a) => a.status_code)).toEqual([500, 200]);
    const [first, second] = receiver.received.slice(before).map((r) => JSON.parse(r.body));
    expect(second.id).toBe(first.id);
  });

  it('gives up after 24 hours of tries (8 in all), and the cabinet can resend it', async () => {
    receiver.fail(1000);
    const ping = await api.request('POST', `/105/api/organization/${owner.organizationId}/webhooks/${webhookId}/ping`, { session: owner.session });
    await api.deps.webhooks.idle();
    const start = api.now().getTime();
    for (const offset of RETRY_OFFSETS_MS.slice(1)) {
      api.advance(start + offset - api.now().getTime());
      await deliver();
    }
    const row = (await deliveries()).items.find((d: { id: string }) => d.id === ping.body.response.deliveryId);
    expect(row).toMatchObject({ status: 'failed', attempts: RETRY_OFFSETS_MS.length, nextAttemptAt: null });
    api.advance(24 * 3_600_000);
    expect((await deliver()).sent).toBe(0);
    receiver.fail(0);
    const resend = await api.request('POST', `/105/api/organization/${owner.organizationId}/webhooks/deliveries/${row.id}/resend`, { session: owner.session });
    expect(resend.status).toBe(200);
    await api.deps.webhooks.idle();
    const again = (await deliveries()).items.find((d: { id: string }) => d.id === resend.body.response.deliveryId);
    expect(again).toMatchObject({ status: 'delivered', manual: true, eventId: row.eventId });
  });

  it("another account cannot see, resend or remove the organization's deliveries and endpoints (404)", async () => {
    const stranger = await paidOrganization(api, 'hooks-stranger@example.ru');
    const [latest] = (await deliveries()).items;
    expect((await api.request('GET', `/105/api/organization/${owner.organizationId}/webhooks/deliveries`, { session: stranger.session })).status).toBe(404);
    expect((await api.request('POST', `/105/api/organization/${stranger.organizationId}/webhooks/deliveries/${latest.id}/resend`, { session: stranger.session })).status).toBe(404);
    expect((await api.request('POST', `/105/api/organization/${stranger.organizationId}/webhooks/${webhookId}/ping`, { session: stranger.session })).status).toBe(404);
    expect((await api.request('DELETE', `/105/api/organization/${stranger.organizationId}/webhooks/${webhookId}`, { session: stranger.session })).status).toBe(404);
  });
});

describe('autopay.scheduled', () => {
  it('is emitted by the function autopay calls, once per fine and date', async () => {
    await api.request('POST', `/105/api/organization/${owner.organizationId}/webhooks`, { session: owner.session, form: { url: URL_OK, events: 'autopay.scheduled' } });
    const fine = (await api.request('GET', '/105/api/v1/fines?paid=0&showBy=1', { headers: bearer(key) })).body.response.items[0];
    const payAt = new Date(api.now().getTime() + 86_400_000);
    const first = await emitAutopayScheduled(api.deps.db, owner.organizationId, { fineId: fine.id, payAt, amountKopecks: 75_000 }, api.now());
    const second = await emitAutopayScheduled(api.deps.db, owner.organizationId, { fineId: fine.id, payAt, amountKopecks: 75_000 }, api.now());
    expect(first).toBeDefined();
    expect(second).toBeUndefined();
    const before = receiver.received.length;
    await deliver();
    const posted = receiver.received.slice(before).map((r) => JSON.parse(r.body));
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ type: 'autopay.scheduled', data: { payAt: payAt.toISOString(), amountKopecks: 75_000, fine: { id: fine.id } } });
  });
});

describe('two API processes on one database', () => {
  it('deliver each event exactly once', async () => {
    /** One process: its own caches, dispatch and job queue over the shared database. */
    const processDeps = () => resolveDeps({ ...api.deps, caches: undefined, webhooks: undefined, webhookNetwork: receiver.network } as never);
    const [one, two] = [processDeps(), processDeps()];
    const queues = [one, two].map((deps) => createJobQueue({ db: deps.db, clock: deps.clock, definitions: [...notificationJobs(deps), ...integrationJobs(deps)] }));
    const before = receiver.received.length;
    const today = moscowToday(api.now().getTime());
    const uins = [await addSandboxFine(addDays(today, -1)), await addSandboxFine(addDays(today, -2))];
    api.advance(24 * 3_600_000); // the next day: every recurring job's slot is due again, the re-check included
    await api.deps.db.updateTable('subject_checks').set({ next_check_at: api.now() }).execute();
    await Promise.all(queues.map(async (queue) => {
      await queue.schedule();
      await queue.runDue();
    }));
    await Promise.all([deliverDue({ db: one.db, clock: one.clock, network: receiver.network }), deliverDue({ db: two.db, clock: two.clock, network: receiver.network })]);
    const posted = receiver.received.slice(before).map((r) => JSON.parse(r.body));
    const news = posted.filter((b) => b.type === 'fine.new');
    expect(news.map((b) => b.data.fine.uin).sort()).toEqual([...uins].sort());
    const ids = posted.map((b) => b.id);
    expect(new Set(ids).size).toBe(ids.length);
    const events = await api.deps.db.selectFrom('integration_events').select('unique_key').execute();
    expect(new Set(events.map((e) => e.unique_key)).size).toBe(events.length);
  });
});
