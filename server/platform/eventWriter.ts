import type { Insertable, Kysely } from 'kysely';
import type { Database, TrackingEventsTable } from '../db/schema.ts';

/** A row for the events table. */
export type NewTrackingEvent = Insertable<TrackingEventsTable>;

/** Writes events with group commit: requests that arrive while a write runs share the next one. */
export type EventWriter = {
  /** Resolves once the rows are stored (so a reply never claims an event that was lost). */
  write(rows: readonly NewTrackingEvent[]): Promise<void>;
};

/** Rows per INSERT statement (11 columns each stays far below PostgreSQL's 65,535 parameters). */
const ROWS_PER_STATEMENT = 1000;

type Waiting = { rows: readonly NewTrackingEvent[]; resolve: () => void; reject: (error: unknown) => void };

/**
 * One writer per process. A single multi-row INSERT per round instead of one per request keeps the
 * cost per event small on PGlite's one connection and on PostgreSQL alike; nothing is buffered past
 * the reply, so a crash loses no event that was acknowledged.
 */
export function createEventWriter(db: Kysely<Database>): EventWriter {
  let queue: Waiting[] = [];
  let running = false;

  async function drain(): Promise<void> {
    running = true;
    try {
      while (queue.length > 0) {
        const round = queue;
        queue = [];
        const rows = round.flatMap((waiting) => waiting.rows);
        try {
          // One statement is atomic by itself; only a round larger than that needs a transaction.
          if (rows.length <= ROWS_PER_STATEMENT) await db.insertInto('tracking_events').values([...rows]).execute();
          else {
            await db.transaction().execute(async (tx) => {
              for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
                await tx.insertInto('tracking_events').values(rows.slice(i, i + ROWS_PER_STATEMENT)).execute();
              }
            });
          }
          for (const waiting of round) waiting.resolve();
        } catch (error) {
          for (const waiting of round) waiting.reject(error);
        }
      }
    } finally {
      running = false;
    }
  }

  return {
    write(rows) {
      if (rows.length === 0) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        queue.push({ rows, resolve, reject });
        if (!running) void drain();
      });
    },
  };
}
