import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import type { AppDeps } from '../../server/appDeps.ts';
import { createJobQueue } from '../../server/jobs/jobQueue.ts';
import { createMailDispatch } from '../../server/mail/mailDispatch.ts';
import { createSmtpMailer } from '../../server/mail/smtpMailer.ts';
import { notificationJobs } from '../../server/notifications/jobs.ts';
import { createSandboxProvider } from '../../server/providers/fines/sandbox.ts';
import { databaseSandboxState } from '../../server/providers/fines/sandboxState.ts';
import { resolveDeps } from '../../server/resolveDeps.ts';
import { openTestDatabase } from './helpers/database.ts';
import type { TestDatabase } from './helpers/database.ts';
import { FIXTURES } from './helpers/fixtures.ts';
import { NO_AUTH_LIMITS, TEST_NOW } from './helpers/testApi.ts';
import { linkToken, startSmtpSink } from './helpers/smtpSink.ts';
import type { SmtpSink } from './helpers/smtpSink.ts';

let database: TestDatabase;
let sink: SmtpSink;
let now = TEST_NOW.getTime();
const unexpected: unknown[] = [];

/** One API process: its own caches, mail connection, sandbox client and job queue, the shared database and secret. */
function process(): AppDeps {
  return resolveDeps({
    db: database.db,
    clock: () => new Date(now),
    fines: createSandboxProvider({ state: databaseSandboxState(database.db) }),
    mail: createMailDispatch(createSmtpMailer({ url: sink.url, from: 'noreply@shtrafy.test' }), (error) => unexpected.push(error)),
    photoDelayMs: 0,
    uinRateLimit: 0,
    trustProxy: false,
    authLimits: NO_AUTH_LIMITS,
    notifySecret: 'shared-by-both-processes',
    sandboxControl: true,
    onUnexpectedError: (error) => unexpected.push(error),
  });
}

beforeAll(async () => {
  database = await openTestDatabase();
  sink = await startSmtpSink();
});
afterAll(async () => {
  expect(unexpected).toEqual([]);
  await database.close();
  await sink.close();
});

describe('two API processes on one database', () => {
  it('send one mail about a new fine, not two', async () => {
    const one = process();
    const two = process();
    const appOne = createApp(one);
    const call = (path: string, form: Record<string, string>, session?: { session: string; rand: string; userId: number }) =>
      appOne.request(path, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(session === undefined ? {} : { 'X-Session': session.session, 'X-Rand': session.rand, 'X-User-Id': String(session.userId) }),
        },
        body: new URLSearchParams(form).toString(),
      });
    const client = (await (await appOne.request('/105/api/client')).json()).response.clientId as string;
    const anonymous = (await (await call('/105/api/newuser', { clientId: client })).json()).response;
    await call('/105/api/user/register', { email: 'both@example.ru' }, anonymous);
    await one.mail.idle();
    const account = (await (await call('/105/api/login', { _token: linkToken(await sink.next('both@example.ru')) })).json()).response;
    await call('/105/api/sts', FIXTURES.stsWithFines, account);

    const queues = [one, two].map((deps) => createJobQueue({ db: database.db, clock: () => new Date(now), definitions: notificationJobs(deps) }));
    const tick = async () => {
      await Promise.all(queues.map((q) => q.schedule()));
      await Promise.all(queues.map((q) => q.runDue()));
    };
    await tick(); // the first check learns what the document holds
    await call('/105/api/sandbox/fines', { type: 'sts', ...FIXTURES.stsWithFines });
    // The document's next check is RECHECK_INTERVAL later; both processes run the re-check job every minute.
    now += one.recheckIntervalMs + 60_000;
    await tick();
    now += 60_000;
    await tick();
    expect(sink.for('both@example.ru').filter((mail) => mail.subject.startsWith('Новый штраф'))).toHaveLength(1);
  });
});
