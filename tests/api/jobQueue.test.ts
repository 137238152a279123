import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createJobQueue } from '../../server/jobs/jobQueue.ts';
import type { JobDefinition } from '../../server/jobs/jobQueue.ts';
import { openTestDatabase } from './helpers/database.ts';
import type { TestDatabase } from './helpers/database.ts';

let database: TestDatabase;
let now = new Date('2026-03-16T07:00:00Z').getTime();
const clock = () => new Date(now);
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.db.deleteFrom('jobs').execute();
});

/** A job that records its runs and fails while `failures` > 0. */
function recorder(name: string, extra: Partial<JobDefinition> = {}) {
  const runs: unknown[] = [];
  let failures = 0;
  const definition: JobDefinition = {
    name,
    async run(payload) {
      runs.push(payload);
      if (failures > 0) {
        failures -= 1;
        throw new Error('provider timeout');
      }
    },
    ...extra,
  };
  return { definition, runs, failWith: (n: number) => (failures = n) };
}

const statusOf = async (name: string) => (await database.db.selectFrom('jobs').select(['status', 'attempts', 'last_error']).where('name', '=', name).execute());

describe('the job queue', () => {
  it('runs an enqueued job once and keeps it as done', async () => {
    const job = recorder('once');
    const queue = createJobQueue({ db: database.db, clock, definitions: [job.definition] });
    await queue.enqueue('once', { userId: 5 });
    expect(await queue.runDue()).toBe(1);
    expect(await queue.runDue()).toBe(0);
    expect(job.runs).toEqual([{ userId: 5 }]);
    expect(await statusOf('once')).toEqual([{ status: 'done', attempts: 1, last_error: null }]);
  });

  it('retries a failing job with growing waits and leaves it failed, visibly, after its last try', async () => {
    const job = recorder('flaky', { maxAttempts: 3 });
    const failures: boolean[] = [];
    const queue = createJobQueue({ db: database.db, clock, definitions: [job.definition], onFailure: (_name, _error, final) => failures.push(final) });
    job.failWith(10);
    await queue.enqueue('flaky');
    expect(await queue.runDue()).toBe(1);
    expect(await queue.runDue()).toBe(0); // waits 10 s
    now += 10_000;
    expect(await queue.runDue()).toBe(1);
    now += 10_000;
    expect(await queue.runDue()).toBe(0); // waits 20 s now
    now += 10_000;
    expect(await queue.runDue()).toBe(1);
    expect(failures).toEqual([false, false, true]);
    expect(await statusOf('flaky')).toEqual([{ status: 'failed', attempts: 3, last_error: 'provider timeout' }]);
    expect(await queue.counts()).toEqual({ queued: 0, running: 0, failed: 1 });
  });

  it('a job that fails once succeeds on the next try', async () => {
    const job = recorder('recovers');
    const queue = createJobQueue({ db: database.db, clock, definitions: [job.definition] });
    job.failWith(1);
    await queue.enqueue('recovers');
    await queue.runDue();
    now += 10_000;
    await queue.runDue();
    expect(job.runs).toHaveLength(2);
    expect((await statusOf('recovers'))[0]?.status).toBe('done');
  });

  it('creates a recurring run once per slot however many processes schedule it, and runs it once', async () => {
    const a = recorder('every-minute', { everyMs: 60_000 });
    const b = recorder('every-minute', { everyMs: 60_000 });
    const first = createJobQueue({ db: database.db, clock, definitions: [a.definition] });
    const second = createJobQueue({ db: database.db, clock, definitions: [b.definition] });
    await Promise.all([first.schedule(), second.schedule(), first.schedule()]);
    await Promise.all([first.runDue(), second.runDue()]);
    expect(a.runs.length + b.runs.length).toBe(1);
    now += 60_000;
    await Promise.all([first.schedule(), second.schedule()]);
    await Promise.all([first.runDue(), second.runDue()]);
    expect(a.runs.length + b.runs.length).toBe(2);
  });

  it('two processes working the same queue run every job exactly once', async () => {
    const a = recorder('batch');
    const b = recorder('batch');
    const first = createJobQueue({ db: database.db, clock, definitions: [a.definition] });
    const second = createJobQueue({ db: database.db, clock, definitions: [b.definition] });
    for (let i = 0; i < 20; i++) await first.enqueue('batch', { i });
    await Promise.all([first.runDue(), second.runDue()]);
    const all = [...a.runs, ...b.runs].map((p) => (p as { i: number }).i).sort((x, y) => x - y);
    expect(all).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('survives a crash: a job held by a process that died runs again once its lease has passed', async () => {
    const job = recorder('crashy', { leaseMs: 30_000 });
    const queue = createJobQueue({ db: database.db, clock, definitions: [job.definition] });
    await queue.enqueue('crashy');
    // Another process claimed it and died before finishing.
    await database.db.updateTable('jobs').set({ status: 'running', locked_by: 'dead-process', locked_until: new Date(now + 30_000), attempts: 1 }).execute();
    expect(await queue.runDue()).toBe(0);
    now += 30_001;
    expect(await queue.runDue()).toBe(1);
    expect(await statusOf('crashy')).toEqual([{ status: 'done', attempts: 2, last_error: null }]);
  });

  it('survives a restart: a queue made later runs what an earlier one enqueued', async () => {
    const before = createJobQueue({ db: database.db, clock, definitions: [recorder('later').definition] });
    await before.enqueue('later', { x: 1 });
    const job = recorder('later');
    const after = createJobQueue({ db: database.db, clock, definitions: [job.definition] });
    await after.runDue();
    expect(job.runs).toEqual([{ x: 1 }]);
  });
});
