import type { Kysely, Selectable } from 'kysely';
import type { LeadInput } from '../../src/api/structs/lead.ts';
import type { CrmLeadsTable, Database } from '../db/schema.ts';

/** A stored lead. */
export type LeadRow = Selectable<CrmLeadsTable>;

/** Keeps a lead (before it is mailed or posted, so nothing is lost); answers its id. */
export async function insertLead(db: Kysely<Database>, lead: LeadInput, userId: number | null, crm: boolean, now: Date): Promise<number> {
  const row = await db
    .insertInto('crm_leads')
    .values({
      created_at: now,
      user_id: userId,
      name: lead.name,
      phone: lead.phone,
      email: lead.email,
      inn: lead.inn,
      tag: lead.tag,
      budget: lead.budget ?? null,
      utms: JSON.stringify(lead.utms ?? {}),
      // Spec §3: the fleet size and months are sent only when above 0.
      count_auto: lead.countAuto !== undefined && lead.countAuto > 0 ? lead.countAuto : null,
      months_count: lead.monthsCount !== undefined && lead.monthsCount > 0 ? lead.monthsCount : null,
      crm_status: crm ? 'pending' : 'none',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A lead by id. */
export function readLead(db: Kysely<Database>, id: number): Promise<LeadRow | undefined> {
  return db.selectFrom('crm_leads').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Records one attempt to post the lead to the CRM and its outcome. */
export async function recordCrmAttempt(db: Kysely<Database>, id: number, status: 'pending' | 'sent' | 'failed'): Promise<void> {
  await db.updateTable('crm_leads').set((eb) => ({ crm_status: status, crm_attempts: eb('crm_attempts', '+', 1) })).where('id', '=', id).execute();
}
