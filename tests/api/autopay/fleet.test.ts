import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverDue } from '../../../server/integrations/webhooks/deliver.ts';
import { scheduleFleetChecks } from '../../../server/organizations/fleetRecheck.ts';
import { runAutopay } from '../../../server/payments/autopay/runCharges.ts';
import { createMailTestApi } from '../helpers/accounts.ts';
import type { MailTestApi } from '../helpers/accounts.ts';
import { RECEIVER_HOST, startWebhookReceiver } from '../helpers/webhookReceiver.ts';
import { cancelToken, sourceWithPaidElsewhere } from './helpers.ts';
import { fleetOwner, fleetState, turnFleetOn } from './fleetHelpers.ts';
import type { FleetOwner } from './fleetHelpers.ts';

// Issue 25 §1: «Автооплата» of an organization's fleet — the owner's card, the same schedule, re-check,
// limits and exactly-once settlement as a person's, shown in the cabinet, and the integrators'
// autopay.scheduled event written in the transaction that schedules.

const HOUR = 3_600_000;
let api: MailTestApi;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
const source = sourceWithPaidElsewhere();

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  api = await createMailTestApi({ sandboxControl: true, fines: source.fines, webhookNetwork: receiver.network });
});
afterAll(async () => {
  await api.deps.webhooks.idle();
  expect(api.unexpected).toEqual([]);
  await api.close();
  await receiver.close();
});

/** Issues a new ruling on the fleet's car (12.9.2: 25 % discount for 30 days) and runs the re-check that finds it. */
async function newFleetFine(owner: FleetOwner, amount = 1_000): Promise<string> {
  await scheduleFleetChecks(api.deps);
  api.advance(60_000);
  const added = await api.request('POST', '/105/api/sandbox/fines', { form: { type: 'sts', ...owner.car, amount: String(amount), article: '12.9.2' } });
  if (added.status !== 200) throw new Error(`fine: ${JSON.stringify(added.body)}`);
  await api.request('POST', '/105/api/sandbox/recheck');
  return added.body.response.uin as string;
}

async function fleetWithAutopay(limits?: { maxFineRub: number; monthlyRub: number }): Promise<FleetOwner> {
  const owner = await fleetOwner(api);
  expect((await turnFleetOn(api, owner, limits)).status).toBe(200);
  return owner;
}

const mailsTo = async (email: string, subject: RegExp) => {
  await api.mailIdle();
  return api.sink.for(email).filter((mail) => subject.test(mail.subject));
};

describe('turning it on', () => {
  it('the owner turns it on with the card bound in the profile; the cabinet shows the limits', async () => {
    const owner = await fleetOwner(api);
    expect((await fleetState(api, owner)).rule).toBeNull();
    const on = await turnFleetOn(api, owner, { maxFineRub: 3_000, monthlyRub: 10_000 });
    expect(on.status).toBe(200);
    expect(on.body.response).toMatchObject({ card: { mask: expect.stringMatching(/1111$/) }, rule: { maxFineKopecks: 300_000, monthlyKopecks: 1_000_000 }, subscriptionPaid: true, charges: [] });
    // The profile's own list stays the person's: the fleet's rule is not a document of theirs.
    expect((await api.request('GET', '/105/api/autopay', { session: owner.session })).body.response.rules).toEqual([]);
  });

  it('without a bound card: 409, asked to bind one in the profile', async () => {
    const owner = await fleetOwner(api, false);
    const on = await turnFleetOn(api, owner);
    expect(on.status).toBe(409);
    expect(on.body.error?.errorDesc).toContain('привяжите карту');
  });

  it('in a demo (the fines are masked and cannot be paid): 403', async () => {
    const owner = await fleetOwner(api);
    await api.deps.db.updateTable('organizations').set({ subscribe_type: 0 }).where('id', '=', owner.organizationId).execute();
    const on = await turnFleetOn(api, owner);
    expect(on.status).toBe(403);
    expect((await fleetState(api, owner)).rule).toBeNull();
  });
});

describe('a new fine of the fleet', () => {
  it('is scheduled with the owner\'s mail and autopay.scheduled, then charged once with the receipt', async () => {
    const owner = await fleetWithAutopay();
    const hook = await api.request('POST', `/105/api/organization/${owner.organizationId}/webhooks`, { session: owner.session, form: { url: `https://${RECEIVER_HOST}/autopay`, events: 'autopay.scheduled' } });
    expect(hook.status).toBe(200);
    const uin = await newFleetFine(owner);
    const charge = (await fleetState(api, owner)).charges.find((c) => c.uin === uin);
    expect(charge).toMatchObject({ status: 'scheduled', amountKopecks: 75_000 });
    const notice = (await mailsTo(owner.email, /^Оплатим/)).find((mail) => mail.text.includes(uin));
    expect(notice?.text).toContain('кабинете организации');

    // The event sits in the outbox with the charge: the same fine, the moment and the amount.
    const events = await api.deps.db.selectFrom('integration_events').selectAll().where('organization_id', '=', owner.organizationId).where('type', '=', 'autopay.scheduled').execute();
    expect(events).toHaveLength(1);
    expect(events[0]?.data).toMatchObject({ fine: { uin }, payAt: charge?.chargeAt, amountKopecks: 75_000, autopayId: charge?.id });
    await deliverDue({ db: api.deps.db, clock: api.deps.clock, network: receiver.network });
    const posted = receiver.received.map((r) => JSON.parse(r.body)).filter((b) => b.type === 'autopay.scheduled' && b.organizationId === owner.organizationId);
    expect(posted).toHaveLength(1);
    // Another re-check finds nothing new: no second charge, no second event.
    await api.request('POST', '/105/api/sandbox/recheck');
    expect((await fleetState(api, owner)).charges).toHaveLength(1);
    expect(await api.deps.db.selectFrom('integration_events').select('id').where('organization_id', '=', owner.organizationId).where('type', '=', 'autopay.scheduled').execute()).toHaveLength(1);

    api.advance(23 * HOUR);
    await runAutopay(api.deps);
    expect((await fleetState(api, owner)).charges[0]?.status).toBe('scheduled');
    api.advance(HOUR);
    await runAutopay(api.deps);
    const paid = (await fleetState(api, owner)).charges[0];
    expect(paid).toMatchObject({ status: 'paid', receiptHash: expect.stringMatching(/\S{10,}/) });
    expect(await mailsTo(owner.email, /^Квитанция/)).toHaveLength(1);
    const fine = await api.deps.db.selectFrom('fines').select(['id', 'paid']).where('uin', '=', uin).executeTakeFirstOrThrow();
    expect(fine.paid).toBe(true);
    expect(await api.deps.db.selectFrom('orders').select('id').where('fine_id', '=', fine.id).execute()).toHaveLength(1);
    api.advance(HOUR);
    await runAutopay(api.deps);
    expect(await api.deps.db.selectFrom('orders').select('id').where('fine_id', '=', fine.id).execute()).toHaveLength(1);
  });

  it('fines the vehicle had before autopay was on are not charged', async () => {
    const owner = await fleetOwner(api);
    const uin = await newFleetFine(owner);
    expect((await turnFleetOn(api, owner)).status).toBe(200);
    await api.request('POST', '/105/api/sandbox/recheck');
    expect((await fleetState(api, owner)).charges.map((c) => c.uin)).not.toContain(uin);
  });

  it('paid elsewhere meanwhile (the source asked again by the vehicle) is not charged', async () => {
    const owner = await fleetWithAutopay();
    const uin = await newFleetFine(owner);
    source.payElsewhere(uin);
    api.advance(25 * HOUR);
    await runAutopay(api.deps);
    expect((await fleetState(api, owner)).charges[0]).toMatchObject({ uin, status: 'paid_elsewhere', receiptHash: null });
  });

  it('a fine above the fleet\'s limit is not charged: the owner is asked', async () => {
    const owner = await fleetWithAutopay({ maxFineRub: 500, monthlyRub: 20_000 });
    const uin = await newFleetFine(owner);
    api.advance(25 * HOUR);
    await runAutopay(api.deps);
    expect((await fleetState(api, owner)).charges[0]).toMatchObject({ uin, status: 'over_limit' });
    expect((await mailsTo(owner.email, /не оплачен автоматически/)).length).toBe(1);
  });

  it('the month\'s limit counts the fleet\'s own charges', async () => {
    const owner = await fleetWithAutopay({ maxFineRub: 5_000, monthlyRub: 1_000 });
    await newFleetFine(owner);
    api.advance(25 * HOUR);
    await runAutopay(api.deps);
    await newFleetFine(owner);
    api.advance(25 * HOUR);
    await runAutopay(api.deps);
    expect((await fleetState(api, owner)).charges.map((c) => c.status)).toEqual(['over_limit', 'paid']);
  });

  it('is cancelled by the mailed link, and skipped or paid now in the cabinet', async () => {
    const owner = await fleetWithAutopay();
    const first = await newFleetFine(owner);
    const mail = (await mailsTo(owner.email, /^Оплатим/)).find((m) => m.text.includes(first));
    const cancelled = await api.request('POST', '/105/api/autopay/cancel', { json: { token: cancelToken(mail!) } });
    expect(cancelled.body.response).toMatchObject({ uin: first, cancelled: true });
    const second = await newFleetFine(owner);
    const third = await newFleetFine(owner);
    const ids = new Map((await fleetState(api, owner)).charges.map((c) => [c.uin, c.id]));
    expect((await api.request('POST', `/105/api/organization/${owner.organizationId}/autopay/charge/${ids.get(second)}/skip`, { session: owner.session })).status).toBe(200);
    const payNow = await api.request('POST', `/105/api/organization/${owner.organizationId}/autopay/charge/${ids.get(third)}/pay`, { session: owner.session });
    expect(payNow.status).toBe(200);
    const statuses = new Map((payNow.body.response.charges as { uin: string; status: string }[]).map((c) => [c.uin, c.status]));
    expect([statuses.get(first), statuses.get(second), statuses.get(third)]).toEqual(['cancelled', 'skipped', 'paid']);
    api.advance(25 * HOUR);
    expect((await runAutopay(api.deps)).paid).toBe(0);
  });

  it('turning it off cancels what was scheduled; the card goes when nothing else uses it', async () => {
    const owner = await fleetWithAutopay();
    const uin = await newFleetFine(owner);
    const off = await api.request('DELETE', `/105/api/organization/${owner.organizationId}/autopay`, { session: owner.session });
    expect(off.status).toBe(200);
    expect(off.body.response).toMatchObject({ rule: null, card: null });
    expect(off.body.response.charges[0]).toMatchObject({ uin, status: 'cancelled' });
    expect((await api.request('DELETE', `/105/api/organization/${owner.organizationId}/autopay`, { session: owner.session })).status).toBe(404);
  });
});
