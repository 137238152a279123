import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCancelToken } from '../../server/payments/autopay/cancelLinks.ts';
import { scheduleFleetChecks } from '../../server/organizations/fleetRecheck.ts';
import { runAutopay } from '../../server/payments/autopay/runCharges.ts';
import { createMailTestApi, signUp } from '../api/helpers/accounts.ts';
import type { MailTestApi } from '../api/helpers/accounts.ts';
import { bindCard } from '../api/autopay/helpers.ts';
import { fleetOwner, fleetState, turnFleetOn } from '../api/autopay/fleetHelpers.ts';
import type { FleetOwner } from '../api/autopay/fleetHelpers.ts';

// Issue 25 §1, a fleet's Автооплата: only the organization's owner turns it on or acts on its
// charges. Tried here: another account, a person of the fleet (its driver, who has the fleet's car in
// their own profile and a card of their own), another organization's owner reaching a charge through
// their own organization's path, forged cancel links, and a vehicle added later to drain the card.

let api: MailTestApi;
let owner: FleetOwner;
let chargeId = 0;

beforeAll(async () => {
  api = await createMailTestApi({ sandboxControl: true });
  owner = await fleetOwner(api);
  expect((await turnFleetOn(api, owner)).status).toBe(200);
  await scheduleFleetChecks(api.deps);
  api.advance(60_000);
  await api.request('POST', '/105/api/sandbox/fines', { form: { type: 'sts', ...owner.car, amount: '1000', article: '12.9.2' } });
  await api.request('POST', '/105/api/sandbox/recheck');
  chargeId = (await fleetState(api, owner)).charges[0]!.id;
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

const calls = (organizationId: number, id: number) =>
  [
    ['GET', `/105/api/organization/${organizationId}/autopay`],
    ['PUT', `/105/api/organization/${organizationId}/autopay`],
    ['DELETE', `/105/api/organization/${organizationId}/autopay`],
    ['POST', `/105/api/organization/${organizationId}/autopay/charge/${id}/skip`],
    ['POST', `/105/api/organization/${organizationId}/autopay/charge/${id}/pay`],
  ] as const;

const stillScheduled = async () => {
  const row = await api.deps.db.selectFrom('autopay_charges').select(['status']).where('id', '=', chargeId).executeTakeFirstOrThrow();
  expect(row.status).toBe('scheduled');
  expect((await fleetState(api, owner)).rule).not.toBeNull();
};

describe('who may act on a fleet\'s autopay', () => {
  it('another account: 404 for every call, nothing changes', async () => {
    const stranger = await signUp(api, 'fleet-stranger@example.ru', { isLegalEntity: '1' });
    await bindCard(api, stranger);
    for (const [method, path] of calls(owner.organizationId, chargeId)) {
      const reply = await api.request(method, path, { session: stranger, ...(method === 'GET' ? {} : { json: { maxFineRub: 1_000_000, monthlyRub: 1_000_000 } }) });
      expect([method, path, reply.status]).toEqual([method, path, 404]);
    }
    await stillScheduled();
  });

  it('a person of the fleet (its driver, with the fleet\'s car in their own profile and their own card): 404, and the fleet\'s charge is not theirs', async () => {
    const email = 'fleet-driver@example.ru';
    await api.request('POST', `/105/api/organization/${owner.organizationId}/drivers`, { session: owner.session, form: { driverLicense: '7702123456', fullName: 'Петров Пётр', email } });
    const member = await signUp(api, email);
    await bindCard(api, member);
    await api.request('POST', '/105/api/sts', { session: member, form: owner.car });
    for (const [method, path] of calls(owner.organizationId, chargeId)) {
      const reply = await api.request(method, path, { session: member, ...(method === 'GET' ? {} : { json: { maxFineRub: 1_000_000, monthlyRub: 1_000_000 } }) });
      expect([method, path, reply.status]).toEqual([method, path, 404]);
    }
    for (const action of ['skip', 'pay']) expect((await api.request('POST', `/105/api/autopay/charge/${chargeId}/${action}`, { session: member })).status).toBe(404);
    expect((await api.request('GET', '/105/api/autopay', { session: member })).body.response.charges).toEqual([]);
    await stillScheduled();
  });

  it("another organization's owner, through their own organization's path: 404 for the charge", async () => {
    const other = await fleetOwner(api);
    expect((await turnFleetOn(api, other)).status).toBe(200);
    for (const action of ['skip', 'pay']) {
      expect((await api.request('POST', `/105/api/organization/${other.organizationId}/autopay/charge/${chargeId}/${action}`, { session: other.session })).status).toBe(404);
    }
    // Nor their own organization's id with the owner's: the organization in the path must be theirs.
    expect((await api.request('POST', `/105/api/organization/${owner.organizationId}/autopay/charge/${chargeId}/skip`, { session: other.session })).status).toBe(404);
    await stillScheduled();
  });

  it('limits out of range or not numbers: 422, the rule unchanged', async () => {
    for (const json of [{ maxFineRub: 0, monthlyRub: 1 }, { maxFineRub: 1e12, monthlyRub: 1 }, { maxFineRub: '1e3', monthlyRub: 1 }, { maxFineRub: 1 }]) {
      expect((await api.request('PUT', `/105/api/organization/${owner.organizationId}/autopay`, { session: owner.session, json })).status).toBe(422);
    }
    expect((await fleetState(api, owner)).rule).toMatchObject({ maxFineKopecks: 500_000, monthlyKopecks: 2_000_000 });
  });
});

describe('cancel links of a fleet charge', () => {
  it('forged: another secret, another user in a genuine-looking token, a changed charge id — nothing is cancelled', async () => {
    const now = api.now();
    const forged = [
      makeCancelToken('guessed-secret', chargeId, owner.session.userId, now),
      makeCancelToken('guessed-secret', chargeId, owner.session.userId + 1, now),
      makeCancelToken(api.deps.notifySecret, chargeId + 1000, owner.session.userId, now).replace(/^\d+/, String(chargeId)),
    ];
    for (const token of forged) expect((await api.request('POST', '/105/api/autopay/cancel', { json: { token } })).status).toBe(400);
    // A genuine token of another user names a charge that is not theirs.
    const strangerToken = makeCancelToken(api.deps.notifySecret, chargeId, owner.session.userId + 1, now);
    expect((await api.request('POST', '/105/api/autopay/cancel', { json: { token: strangerToken } })).status).toBe(404);
    await stillScheduled();
  });
});

describe('draining the card', () => {
  it('a vehicle added after autopay was on: the fines it already had are not charged, only new ones', async () => {
    const car = { sts: '7799123456', vehiclePlateNumber: 'К999КК', vehiclePlateRegion: '99' };
    api.advance(60_000);
    for (const amount of ['5000', '5000']) await api.request('POST', '/105/api/sandbox/fines', { form: { type: 'sts', ...car, amount, article: '12.9.2' } });
    api.advance(60_000);
    expect((await api.request('POST', `/105/api/organization/${owner.organizationId}/vehicles`, { session: owner.session, form: car })).status).toBe(200);
    await scheduleFleetChecks(api.deps);
    await api.request('POST', '/105/api/sandbox/recheck');
    api.advance(25 * 3_600_000);
    await runAutopay(api.deps);
    const uins = (await fleetState(api, owner)).charges.map((c) => c.uin);
    expect(uins).toHaveLength(1);
  });
});
