import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { ApiKeysTable } from '../db/integrationTables.ts';
import type { Database } from '../db/schema.ts';

/** What a key may do: read the fleet, or also change it. */
export type ApiScope = 'read' | 'read-write';

/** An API key row. */
export type ApiKeyRow = Selectable<ApiKeysTable>;

/** Keys an organization may hold at once (revoked ones do not count). */
export const MAX_API_KEYS = 20;

/** How often a key's last use is written (the list shows it to the minute). */
const LAST_USE_WRITE_MS = 60_000;

/** Every key starts with this, so that secret scanners and people recognise it. */
export const API_KEY_PREFIX = 'shk_';

/** SHA-256 of a key, hex: the only form in which a key is kept. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** A new key: `shk_` and 256 random bits (43 URL-safe characters). */
export function newApiKey(): string {
  return `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** Creates a key; answers the row and the key itself, which is never readable again. */
export async function createApiKey(db: Kysely<Database>, organizationId: number, name: string, scope: ApiScope, now: Date): Promise<{ row: ApiKeyRow; key: string } | 'tooMany'> {
  return db.transaction().execute(async (tx) => {
    await tx.selectFrom('organizations').select('id').where('id', '=', organizationId).forUpdate().execute();
    const live = await tx.selectFrom('api_keys').select((eb) => eb.fn.countAll<string>().as('n')).where('organization_id', '=', organizationId).where('revoked_at', 'is', null).executeTakeFirstOrThrow();
    if (Number(live.n) >= MAX_API_KEYS) return 'tooMany' as const;
    const key = newApiKey();
    const row = await tx
      .insertInto('api_keys')
      .values({ organization_id: organizationId, name, scope, prefix: key.slice(0, API_KEY_PREFIX.length + 6), key_hash: hashApiKey(key), created_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { row, key };
  });
}

/** The organization's keys, newest first (revoked ones too: the list says when). */
export function listApiKeys(db: Kysely<Database>, organizationId: number): Promise<ApiKeyRow[]> {
  return db.selectFrom('api_keys').selectAll().where('organization_id', '=', organizationId).orderBy('id', 'desc').execute();
}

/** Revokes the organization's key; false when it has no such key (or it was revoked already). */
export async function revokeApiKey(db: Kysely<Database>, organizationId: number, id: number, now: Date): Promise<boolean> {
  const done = await db.updateTable('api_keys').set({ revoked_at: now }).where('id', '=', id).where('organization_id', '=', organizationId).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}

/** Who a live key acts for: the key, its organization and the organization's owner. */
export type ApiCaller = { keyId: number; organizationId: number; ownerId: number; scope: ApiScope; subscribeType: number; subscriptionEnd: Date };

/** The live key with this text, with its organization; undefined for an unknown or revoked key. Notes its use. */
export async function findApiCaller(db: Kysely<Database>, key: string, now: Date): Promise<ApiCaller | undefined> {
  const row = await db
    .selectFrom('api_keys as k')
    .innerJoin('organizations as o', 'o.id', 'k.organization_id')
    .select(['k.id', 'k.organization_id', 'k.scope', 'k.last_used_at', 'k.revoked_at', 'o.user_id', 'o.subscribe_type', 'o.subscription_end'])
    .where('k.key_hash', '=', hashApiKey(key))
    .executeTakeFirst();
  if (row === undefined || row.revoked_at !== null) return undefined;
  if (row.last_used_at === null || now.getTime() - row.last_used_at.getTime() >= LAST_USE_WRITE_MS) {
    await db.updateTable('api_keys').set({ last_used_at: now }).where('id', '=', row.id).execute();
  }
  return { keyId: row.id, organizationId: row.organization_id, ownerId: row.user_id, scope: row.scope === 'read-write' ? 'read-write' : 'read', subscribeType: row.subscribe_type, subscriptionEnd: row.subscription_end };
}
