import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** A ticket to store. */
export type NewTicket = { userId: number | null; email: string; content: string; platform: string; appVersion: string };

/** Stores a ticket; answers its number. */
export async function insertTicket(db: Kysely<Database>, ticket: NewTicket, now: Date): Promise<number> {
  const row = await db
    .insertInto('support_tickets')
    .values({ user_id: ticket.userId, email: ticket.email, content: ticket.content, platform: ticket.platform, app_version: ticket.appVersion, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
