import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAutopay } from '../../../server/payments/autopay/runCharges.ts';
import { removeQueuedTokens } from '../../../server/payments/autopay/tokenRemovals.ts';
import { createMailTestApi } from '../helpers/accounts.ts';
import type { MailTestApi } from '../helpers/accounts.ts';
import { bindCard, cancelToken, driver, newFine, sourceWithPaidElsewhere, state, turnOn } from './helpers.ts';
import type { Driver } from './helpers.ts';

const HOUR = 3_600_000;
let api: MailTestApi;
const source = sourceWithPaidElsewhere();

beforeAll(async () => {
  api = await createMailTestApi({ sandboxControl: true, fines: source.fines });
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  await api.close();
});

/** A driver with a bound card and autopay on for their car. */
async function onWithCard(card?: string, limits?: { maxFineRub: number; monthlyRub: number }): Promise<Driver> {
  const d = await driver(api);
  await bindCard(api, d.session, card);
  const on = await turnOn(api, d, limits);
  expect(on.status).toBe(200);
  return d;
}

const mailsTo = async (d: Driver, subject: RegExp) => {
  await api.mailIdle();
  return api.sink.for(d.email).filter((mail) => subject.test(mail.subject));
};
/** Token charges the sandbox gateway made for this driver's cards. */
const chargesAt = async (d: Driver) => {
  const tokens = await api.database.db.selectFrom('moneta_sandbox_tokens').select('token').where('subscriber_id', 'in', api.database.db.selectFrom('autopay_cards').select('id').where('user_id', '=', d.session.userId)).execute();
  if (tokens.length === 0) return 0;
  return (await api.database.db.selectFrom('moneta_sandbox_charges').select('client_transaction').where('token', 'in', tokens.map((t) => t.token)).execute()).length;
};

describe('binding a card', () => {
  it('keeps only the token, the mask and the expiry, and returns the payer to the profile', async () => {
    const d = await driver(api);
    const back = await bindCard(api, d.session);
    expect(back).toBe('http://localhost:4321/profile/autopay/?binding=done');
    expect((await state(api, d)).card).toEqual({ mask: '411111******1111', expiry: '11/29' });
    const row = await api.database.db.selectFrom('autopay_cards').selectAll().where('user_id', '=', d.session.userId).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain('4111111111111111');
    expect(row.token).toMatch(/^sbx-/);
  });

  it('a card the bank refuses is not bound', async () => {
    const d = await driver(api);
    expect(await bindCard(api, d.session, '4000 0000 0000 0002')).toBe('http://localhost:4321/profile/autopay/?binding=failed');
    expect((await state(api, d)).card).toBeNull();
  });

  it('autopay cannot be turned on without a card, nor for a document of someone else', async () => {
    const d = await driver(api);
    expect((await turnOn(api, d)).status).toBe(409);
    const other = await driver(api);
    await bindCard(api, other.session);
    const reply = await api.request('PUT', '/105/api/autopay/rule', { session: other.session, json: { documentKind: 'sts', documentId: d.stsId, maxFineRub: 5000, monthlyRub: 20000 } });
    expect(reply.status).toBe(404);
  });
});

describe('a new fine with a running discount', () => {
  it('is scheduled 24 h later with a mail «Оплатим … — отменить», and charged then, once, with the receipt', async () => {
    const d = await onWithCard();
    const uin = await newFine(api, d);
    const notice = (await mailsTo(d, /^Оплатим/)).find((mail) => mail.text.includes(uin));
    expect(notice?.subject).toMatch(/^Оплатим 750\s₽ 17\.03\.2026, 10:01 — отменить$/);
    const charge = (await state(api, d)).charges.find((c) => c.uin === uin);
    expect(charge).toMatchObject({ uin, status: 'scheduled', amountKopecks: 75_000 });

    api.advance(23 * HOUR);
    expect((await runAutopay(api.deps)).paid).toBe(0);
    api.advance(HOUR);
    const before = await chargesAt(d);
    expect((await runAutopay(api.deps)).paid).toBe(1);
    expect(await chargesAt(d)).toBe(before + 1);
    const after = (await state(api, d)).charges[0];
    expect(after?.status).toBe('paid');
    expect(after?.receiptHash).toMatch(/\S{10,}/);
    const receipts = await mailsTo(d, /^Квитанция/);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.attachments[0]?.contentType).toBe('application/pdf');
    // The fine is paid in our data, with one order, like a card payment.
    const fine = await api.database.db.selectFrom('fines').select(['id', 'paid']).where('uin', '=', uin).executeTakeFirstOrThrow();
    expect(fine.paid).toBe(true);
    expect(await api.database.db.selectFrom('orders').select('id').where('fine_id', '=', fine.id).execute()).toHaveLength(1);
    // Later runs charge nothing more.
    api.advance(HOUR);
    await runAutopay(api.deps);
    expect(await chargesAt(d)).toBe(before + 1);
  });

  it('fines already on the document when autopay was turned on are not charged', async () => {
    const d = await driver(api);
    await newFine(api, d);
    await bindCard(api, d.session);
    await turnOn(api, d);
    await api.request('POST', '/105/api/sandbox/recheck');
    expect((await state(api, d)).charges).toEqual([]);
  });

  it('is cancelled by the mailed link without signing in, and then never charged', async () => {
    const d = await onWithCard();
    await newFine(api, d);
    const [notice] = await mailsTo(d, /^Оплатим/);
    const token = cancelToken(notice!);
    const cancelled = await api.request('POST', '/105/api/autopay/cancel', { form: { token } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.response).toMatchObject({ cancelled: true, status: 'cancelled', amountKopecks: 75_000 });
    // The same link again says it is already cancelled.
    expect((await api.request('POST', '/105/api/autopay/cancel', { form: { token } })).body.response).toMatchObject({ cancelled: false, status: 'cancelled' });
    const before = await chargesAt(d);
    api.advance(25 * HOUR);
    await runAutopay(api.deps);
    expect(await chargesAt(d)).toBe(before);
    expect((await state(api, d)).charges[0]?.status).toBe('cancelled');
  });

  it('paid elsewhere meanwhile (the source asked again) is not charged', async () => {
    const d = await onWithCard();
    const uin = await newFine(api, d);
    source.payElsewhere(uin);
    const before = await chargesAt(d);
    api.advance(25 * HOUR);
    expect((await runAutopay(api.deps)).paid_elsewhere).toBeGreaterThanOrEqual(1);
    expect(await chargesAt(d)).toBe(before);
    expect((await state(api, d)).charges[0]).toMatchObject({ status: 'paid_elsewhere', reason: 'Штраф уже оплачен: списывать нечего' });
    expect((await api.database.db.selectFrom('fines').select('paid').where('uin', '=', uin).executeTakeFirstOrThrow()).paid).toBe(true);
    expect(await api.database.db.selectFrom('payments').select('id').where('user_id', '=', d.session.userId).execute()).toEqual([]);
  });
});

describe('pay once (issue 25 §3)', () => {
  it('a ruling ГИС ГМП\'s register shows cancelled is not charged: the same check as a payment by hand', async () => {
    const d = await onWithCard();
    const uin = await newFine(api, d);
    expect((await api.request('POST', '/105/api/sandbox/charges', { json: { uin, state: 'cancelled', since: '2026-03-10' } })).status).toBe(200);
    const before = await chargesAt(d);
    api.advance(25 * HOUR);
    expect((await runAutopay(api.deps)).paid_elsewhere).toBeGreaterThanOrEqual(1);
    expect(await chargesAt(d)).toBe(before);
    expect((await state(api, d)).charges[0]).toMatchObject({ status: 'paid_elsewhere', reason: 'Штраф отменён 10.03.2026 — платить не нужно' });
    expect(await api.database.db.selectFrom('payments').select('id').where('user_id', '=', d.session.userId).execute()).toEqual([]);
  });
});

describe('limits', () => {
  it('a fine above the largest fine is not charged: the user is asked by mail', async () => {
    const d = await onWithCard(undefined, { maxFineRub: 500, monthlyRub: 20_000 });
    await newFine(api, d, 1_000);
    const before = await chargesAt(d);
    api.advance(25 * HOUR);
    await runAutopay(api.deps);
    expect(await chargesAt(d)).toBe(before);
    expect((await state(api, d)).charges[0]?.status).toBe('over_limit');
    expect(await mailsTo(d, /подтвердите оплату/)).toHaveLength(1);
  });

  it('the monthly sum counts what was charged this month, commission included', async () => {
    // 750 ₽ + commission each; a month of 1 600 ₽ takes two, not three.
    const d = await onWithCard(undefined, { maxFineRub: 5_000, monthlyRub: 1_600 });
    await newFine(api, d);
    await newFine(api, d);
    await newFine(api, d);
    api.advance(25 * HOUR);
    const report = await runAutopay(api.deps);
    const statuses = (await state(api, d)).charges.map((c) => c.status).sort();
    expect(statuses).toEqual(['over_limit', 'paid', 'paid']);
    expect(report.over_limit).toBeGreaterThanOrEqual(1);
  });
});

describe('a declined charge', () => {
  it('is tried once more after 6 hours, and then paid', async () => {
    const d = await onWithCard('2200 0000 0000 0053');
    await newFine(api, d);
    api.advance(25 * HOUR);
    await runAutopay(api.deps);
    expect((await state(api, d)).charges[0]?.status).toBe('retry');
    api.advance(5 * HOUR);
    await runAutopay(api.deps);
    expect((await state(api, d)).charges[0]?.status).toBe('retry');
    api.advance(HOUR);
    await runAutopay(api.deps);
    expect((await state(api, d)).charges[0]?.status).toBe('paid');
  });

  it('declined twice: not tried a third time, the user is told to pay by hand before the discount ends', async () => {
    const d = await onWithCard('5555 5555 5555 4444');
    await newFine(api, d);
    const before = await chargesAt(d);
    api.advance(25 * HOUR);
    await runAutopay(api.deps);
    api.advance(6 * HOUR);
    await runAutopay(api.deps);
    api.advance(24 * HOUR);
    await runAutopay(api.deps);
    expect(await chargesAt(d)).toBe(before + 2);
    expect((await state(api, d)).charges[0]?.status).toBe('declined');
    const [told] = await mailsTo(d, /отклонил автооплату/);
    expect(told?.text).toMatch(/Оплатите его вручную до \d\d\.\d\d\.\d{4} включительно/);
    // Both payments closed unpaid: the fine is free to be paid by hand.
    const payments = await api.database.db.selectFrom('payments').select('status').where('user_id', '=', d.session.userId).execute();
    expect(payments.map((p) => p.status)).toEqual(['error', 'error']);
  });
});

describe('the profile', () => {
  it('pays a scheduled fine now, or skips one', async () => {
    const d = await onWithCard();
    await newFine(api, d);
    await newFine(api, d);
    const [first, second] = (await state(api, d)).charges;
    const paid = await api.request('POST', `/105/api/autopay/charge/${first!.id}/pay`, { session: d.session });
    expect(paid.status).toBe(200);
    expect(paid.body.response.charges.find((c: { id: number }) => c.id === first!.id).status).toBe('paid');
    const skipped = await api.request('POST', `/105/api/autopay/charge/${second!.id}/skip`, { session: d.session });
    expect(skipped.body.response.charges.find((c: { id: number }) => c.id === second!.id).status).toBe('skipped');
    expect((await api.request('POST', `/105/api/autopay/charge/${second!.id}/skip`, { session: d.session })).status).toBe(409);
  });

  it("another user's charge reads as not found", async () => {
    const d = await onWithCard();
    await newFine(api, d);
    const [charge] = (await state(api, d)).charges;
    const stranger = await driver(api);
    expect((await api.request('POST', `/105/api/autopay/charge/${charge!.id}/skip`, { session: stranger.session })).status).toBe(404);
    expect((await api.request('POST', `/105/api/autopay/charge/${charge!.id}/pay`, { session: stranger.session })).status).toBe(404);
    expect((await state(api, d)).charges[0]?.status).toBe('scheduled');
  });
});

describe('removing the token', () => {
  const tokenActive = async (userId: number) => {
    const card = await api.database.db.selectFrom('autopay_cards').select('token').where('user_id', '=', userId).executeTakeFirstOrThrow();
    return async () => (await api.database.db.selectFrom('moneta_sandbox_tokens').select('active').where('token', '=', card.token!).executeTakeFirstOrThrow()).active;
  };

  it('deleting the card removes it at the gateway and here, and cancels what was scheduled', async () => {
    const d = await onWithCard();
    await newFine(api, d);
    const active = await tokenActive(d.session.userId);
    const reply = await api.request('DELETE', '/105/api/autopay/card', { session: d.session });
    expect(reply.body.response.card).toBeNull();
    expect(reply.body.response.charges[0].status).toBe('cancelled');
    expect(await active()).toBe(false);
    expect(await api.database.db.selectFrom('autopay_cards').select('id').where('user_id', '=', d.session.userId).execute()).toEqual([]);
    expect(await api.database.db.selectFrom('autopay_token_removals').select('id').execute()).toEqual([]);
  });

  it('turning autopay off for the last document removes the card too', async () => {
    const d = await onWithCard();
    const active = await tokenActive(d.session.userId);
    const [rule] = (await state(api, d)).rules;
    expect((await api.request('DELETE', `/105/api/autopay/rule/${rule!.id}`, { session: d.session })).body.response.card).toBeNull();
    expect(await active()).toBe(false);
  });

  it('erasing the account queues the token, and the job removes it at the gateway', async () => {
    const d = await onWithCard();
    const active = await tokenActive(d.session.userId);
    await api.request('POST', '/105/api/account/erase/request', { session: d.session });
    const mail = (await mailsTo(d, /^Удаление аккаунта/)).at(-1)!;
    const token = /\/profile\/erase\/\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    const erased = await api.request('POST', '/105/api/account/erase', { form: { token: token ?? '' } });
    expect(erased.status).toBe(200);
    expect(await api.database.db.selectFrom('autopay_cards').select('id').where('user_id', '=', d.session.userId).execute()).toEqual([]);
    expect(await active()).toBe(true);
    expect(await removeQueuedTokens(api.deps)).toBeGreaterThanOrEqual(1);
    expect(await active()).toBe(false);
  });
});
