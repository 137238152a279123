import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The Moscow calendar day of a moment ('2026-03-16'): the budget starts again at midnight in Moscow (UTC+3, no DST). */
export function moscowDay(now: Date): string {
  return new Date(now.getTime() + 3 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * Takes one SMS from today's budget of the whole service; false when `budget` were sent already.
 * One statement, so processes sending at once never go over it together.
 */
export async function takeSmsBudget(db: Kysely<Database>, now: Date, budget: number): Promise<boolean> {
  if (budget <= 0) return false;
  const result = await sql<{ sent: number }>`
    insert into sms_budget as b (day, sent) values (${moscowDay(now)}, 1)
    on conflict (day) do update set sent = b.sent + 1 where b.sent < ${budget}
    returning sent`.execute(db);
  return result.rows.length > 0;
}
