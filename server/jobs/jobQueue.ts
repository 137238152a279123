import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** A named background job: what it does with its payload; a recurring one also says how often. */
export type JobDefinition = {
  name: string;
  /** Runs once per period (aligned to the clock: every process agrees on the slot); absent: only when enqueued. */
  everyMs?: number;
  /** Tries before the job is left failed (default 5). */
  maxAttempts?: number;
  /** How long a worker may hold it before another may take it over (default 5 min). */
  leaseMs?: number;
  /** The work; it may run twice (after a crash), so it must be safe to repeat. A throw means "try again later". */
  run(payload: unknown, attempt: number): Promise<void>;
};

/** How many jobs wait, run and have failed for good. */
export type QueueCounts = { queued: number; running: number; failed: number };

/** The queue as the server and tests use it. */
export type JobQueue = {
  /** Adds a run of `name` (once per `uniqueKey`, when given). */
  enqueue(name: string, payload?: unknown, options?: { runAt?: Date; uniqueKey?: string }): Promise<void>;
  /** Creates the runs of recurring jobs whose slot has come (each once, whichever process asks). */
  schedule(): Promise<void>;
  /** Runs jobs that are due, one at a time, until none is left or `limit` ran; answers how many ran. */
  runDue(limit?: number): Promise<number>;
  /** Schedules and runs due jobs every `pollMs` until stop(). */
  start(pollMs?: number): void;
  /** Stops polling and waits for the job in hand. */
  stop(): Promise<void>;
  counts(): Promise<QueueCounts>;
};

/** What the queue needs. */
export type QueueOptions = {
  db: Kysely<Database>;
  clock: () => Date;
  definitions: readonly JobDefinition[];
  /** Hears about a failed attempt (the job's name and the error), e.g. to log it. */
  onFailure?: (name: string, error: unknown, final: boolean) => void;
};

/** Wait before the next try: 10 s, 20 s, 40 s … at most an hour. */
export function backoffMs(attempt: number): number {
  return Math.min(10_000 * 2 ** Math.max(0, attempt - 1), 3_600_000);
}

/** Finished runs are kept this long for inspection, then removed by the scheduler. */
const KEEP_DONE_MS = 7 * 24 * 3_600_000;

/** A queue over the `jobs` table (PostgreSQL or PGlite); each process makes one with a worker id of its own. */
export function createJobQueue(options: QueueOptions): JobQueue {
  const { db, clock } = options;
  const byName = new Map(options.definitions.map((definition) => [definition.name, definition]));
  const names = [...byName.keys()];
  const workerId = randomUUID();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;

  /** Takes the next due job (or one whose holder's lease ran out), marking it running for this worker. */
  const claim = async () => {
    if (names.length === 0) return undefined;
    const now = clock();
    const result = await sql<{ id: string; name: string; payload: unknown; attempts: number; max_attempts: number }>`
      update jobs set status = 'running', locked_by = ${workerId}, attempts = attempts + 1,
        locked_until = ${new Date(now.getTime() + 60_000)}::timestamptz
      where id = (
        select id from jobs
        where name in (${sql.join(names)})
          and ((status = 'queued' and run_at <= ${now}::timestamptz) or (status = 'running' and locked_until < ${now}::timestamptz))
        order by run_at, id
        limit 1
        for update skip locked
      )
      returning id, name, payload, attempts, max_attempts`.execute(db);
    const job = result.rows[0];
    if (job === undefined) return undefined;
    const lease = byName.get(job.name)?.leaseMs ?? 300_000;
    await db.updateTable('jobs').set({ locked_until: new Date(now.getTime() + lease) }).where('id', '=', job.id).where('locked_by', '=', workerId).execute();
    return job;
  };

  /** Runs one claimed job and records how it went. */
  const runOne = async (job: NonNullable<Awaited<ReturnType<typeof claim>>>) => {
    const definition = byName.get(job.name);
    try {
      if (definition === undefined) throw new Error(`No job named ${job.name}`);
      await definition.run(job.payload, job.attempts);
      await db
        .updateTable('jobs')
        .set({ status: 'done', finished_at: clock(), locked_by: null, locked_until: null, last_error: null })
        .where('id', '=', job.id)
        .where('locked_by', '=', workerId)
        .execute();
    } catch (error) {
      const final = job.attempts >= job.max_attempts;
      const message = error instanceof Error ? error.message : String(error);
      await db
        .updateTable('jobs')
        .set({
          status: final ? 'failed' : 'queued',
          run_at: new Date(clock().getTime() + backoffMs(job.attempts)),
          last_error: message.slice(0, 2000),
          locked_by: null,
          locked_until: null,
          ...(final ? { finished_at: clock() } : {}),
        })
        .where('id', '=', job.id)
        .where('locked_by', '=', workerId)
        .execute();
      options.onFailure?.(job.name, error, final);
    }
  };

  const queue: JobQueue = {
    async enqueue(name, payload = {}, extra = {}) {
      const definition = byName.get(name);
      if (definition === undefined) throw new Error(`No job named ${name}`);
      await db
        .insertInto('jobs')
        .values({
          name,
          payload: JSON.stringify(payload),
          unique_key: extra.uniqueKey ?? null,
          status: 'queued',
          run_at: extra.runAt ?? clock(),
          max_attempts: definition.maxAttempts ?? 5,
          created_at: clock(),
        })
        .onConflict((oc) => oc.column('unique_key').doNothing())
        .execute();
    },

    async schedule() {
      const now = clock().getTime();
      for (const definition of options.definitions) {
        if (definition.everyMs === undefined) continue;
        const slot = Math.floor(now / definition.everyMs) * definition.everyMs;
        await queue.enqueue(definition.name, {}, { runAt: new Date(slot), uniqueKey: `${definition.name}@${new Date(slot).toISOString()}` });
      }
      await db.deleteFrom('jobs').where('status', '=', 'done').where('finished_at', '<', new Date(now - KEEP_DONE_MS)).execute();
    },

    async runDue(limit = 100) {
      let ran = 0;
      while (ran < limit) {
        const job = await claim();
        if (job === undefined) break;
        await runOne(job);
        ran += 1;
      }
      return ran;
    },

    start(pollMs = 1_000) {
      if (!stopped) return;
      stopped = false;
      const tick = () => {
        running = (async () => {
          try {
            await queue.schedule();
            await queue.runDue();
          } catch (error) {
            options.onFailure?.('queue', error, false);
          }
        })().finally(() => {
          if (!stopped) timer = setTimeout(tick, pollMs);
        });
      };
      tick();
    },

    async stop() {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      await running;
    },

    async counts() {
      const rows = await db
        .selectFrom('jobs')
        .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
        .where('status', 'in', ['queued', 'running', 'failed'])
        .groupBy('status')
        .execute();
      const count = (status: string) => Number(rows.find((row) => row.status === status)?.n ?? 0);
      return { queued: count('queued'), running: count('running'), failed: count('failed') };
    },
  };
  return queue;
}
