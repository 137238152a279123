import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { DOCUMENT_LIMIT } from '../documents/limits.ts';
import { isAccountUser } from './phone/phoneStore.ts';

/**
 * Signing in on a device that was used anonymously: the anonymous user's documents and searches
 * become the account's (a document the account has already, or one over the cap of 50, stays
 * behind), and so do all its payments and cashback requests. Only an anonymous user (no e-mail, no phone) is
 * ever merged; answers whether it was, so the caller ends the anonymous sessions.
 */
export async function mergeAnonymousInto(tx: Transaction<Database>, anonymousId: number, accountId: number): Promise<boolean> {
  if (anonymousId === accountId) return false;
  const anonymous = await tx.selectFrom('users').select('email').where('id', '=', anonymousId).forUpdate().executeTakeFirst();
  if (anonymous === undefined || (await isAccountUser(tx, anonymousId))) return false;
  await tx.selectFrom('users').select('id').where('id', '=', accountId).forUpdate().execute();
  await moveDocuments(tx, 'sts_documents', 'sts', anonymousId, accountId);
  await moveDocuments(tx, 'driver_licenses', 'number', anonymousId, accountId);
  await moveDocuments(tx, 'inns', 'inn', anonymousId, accountId);
  await sql`
    insert into search_grants (user_id, subject_key, created_at)
    select ${accountId}, subject_key, created_at from search_grants where user_id = ${anonymousId}
    on conflict do nothing`.execute(tx);
  // A payment started before signing in stays the payer's: the wait page keeps following it, its
  // receipt and cashback request remain theirs (the payment routes answer only to its user).
  await tx.updateTable('payments').set({ user_id: accountId }).where('user_id', '=', anonymousId).execute();
  await tx.updateTable('cashback_requests').set({ user_id: accountId }).where('user_id', '=', anonymousId).execute();
  return true;
}

/** Moves documents the account lacks, oldest first, while there is room under the cap. */
async function moveDocuments(
  tx: Transaction<Database>,
  table: 'sts_documents' | 'driver_licenses' | 'inns',
  numberColumn: 'sts' | 'number' | 'inn',
  fromId: number,
  toId: number,
): Promise<void> {
  const have = await tx.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', toId).executeTakeFirstOrThrow();
  const room = DOCUMENT_LIMIT - Number(have.n);
  if (room <= 0) return;
  await sql`
    update ${sql.table(table)} set user_id = ${toId}
    where id in (
      select d.id from ${sql.table(table)} d
      where d.user_id = ${fromId}
        and not exists (select 1 from ${sql.table(table)} a where a.user_id = ${toId} and a.${sql.ref(numberColumn)} = d.${sql.ref(numberColumn)})
      order by d.id
      limit ${room}
    )`.execute(tx);
}
