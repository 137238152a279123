import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app.ts';
import type { AppDeps } from '../../../server/appDeps.ts';
import { createJobQueue } from '../../../server/jobs/jobQueue.ts';
import { autopayJobs } from '../../../server/payments/autopay/jobs.ts';
import { runAutopay } from '../../../server/payments/autopay/runCharges.ts';
import { sandboxAutopay } from '../../../server/payments/autopay/settings.ts';
import { resolveDeps } from '../../../server/resolveDeps.ts';
import { createMailTestApi } from '../helpers/accounts.ts';
import type { MailTestApi } from '../helpers/accounts.ts';
import { NO_AUTH_LIMITS } from '../helpers/testApi.ts';
import { bindCard, driver, newFine, turnOn } from './helpers.ts';

let api: MailTestApi;
let second: AppDeps;
const unexpected: unknown[] = [];

beforeAll(async () => {
  api = await createMailTestApi({ sandboxControl: true });
  // A second API process: its own app, caches and MerchantAPI client; the same database, source, clock
  // and gateway account (the server shares the sandbox's codes through the database).
  second = resolveDeps({
    db: api.database.db,
    clock: () => api.now(),
    fines: api.deps.fines,
    photoDelayMs: 0,
    uinRateLimit: 0,
    trustProxy: false,
    authLimits: NO_AUTH_LIMITS,
    notifySecret: api.deps.notifySecret,
    payments: api.deps.payments,
    autopay: sandboxAutopay(api.deps.apiUrl, api.deps.payments.moneta),
    onUnexpectedError: (error) => unexpected.push(error),
  });
  createApp(second);
});
afterAll(async () => {
  expect(api.unexpected).toEqual([]);
  expect(unexpected).toEqual([]);
  await api.close();
});

describe('two API processes on one database', () => {
  it('charge every scheduled fine exactly once, with one order and one receipt each', async () => {
    const drivers = [await driver(api), await driver(api), await driver(api)];
    const uins: string[] = [];
    for (const d of drivers) {
      await bindCard(api, d.session);
      expect((await turnOn(api, d)).status).toBe(200);
      uins.push(await newFine(api, d), await newFine(api, d));
    }
    const scheduled = await api.database.db.selectFrom('autopay_charges').select('id').where('uin', 'in', uins).execute();
    expect(scheduled).toHaveLength(6);

    api.advance(25 * 3_600_000);
    // Both processes' job functions race over the same due charges: each is taken by one of them.
    const reports = await Promise.all([runAutopay(api.deps), runAutopay(second), runAutopay(api.deps), runAutopay(second)]);
    expect(reports.reduce((sum, r) => sum + r.paid, 0)).toBe(6);
    // Then both job queues run the job in its next slots: nothing is left to charge.
    const queues = [api.deps, second].map((deps) => createJobQueue({ db: api.database.db, clock: () => api.now(), definitions: autopayJobs(deps) }));
    for (let minute = 0; minute < 3; minute += 1) {
      api.advance(60_000);
      await Promise.all(queues.map((q) => q.schedule()));
      await Promise.all(queues.map((q) => q.runDue()));
    }

    const charges = await api.database.db.selectFrom('autopay_charges').select(['status', 'payment_id', 'fine_id']).where('uin', 'in', uins).execute();
    expect(charges.map((c) => c.status)).toEqual(Array(6).fill('paid'));
    const atGateway = await api.database.db.selectFrom('moneta_sandbox_charges').select('client_transaction').where('client_transaction', 'in', charges.map((c) => c.payment_id!)).execute();
    expect(atGateway).toHaveLength(6);
    const orders = await api.database.db.selectFrom('orders').select('fine_id').where('fine_id', 'in', charges.map((c) => c.fine_id)).execute();
    expect(orders).toHaveLength(6);
    const payments = await api.database.db.selectFrom('payments').select('status').where('user_id', 'in', drivers.map((d) => d.session.userId)).execute();
    expect(payments.map((p) => p.status)).toEqual(Array(6).fill('success'));
    await api.mailIdle();
    await second.mail.idle();
    const receipts = drivers.flatMap((d) => api.sink.for(d.email).filter((m) => m.subject.startsWith('Квитанция')));
    const outboxReceipts = await api.database.db.selectFrom('mail_outbox').select('subject').where('subject', 'like', 'Квитанция%').execute();
    expect(receipts.length + outboxReceipts.length).toBe(6);
  });
});
