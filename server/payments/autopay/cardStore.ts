import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { AutopayCardsTable, Database } from '../../db/schema.ts';

/** A card row as read. */
export type CardRow = Selectable<AutopayCardsTable>;

type Db = Kysely<Database> | Transaction<Database>;

/** Starts binding a card at a gateway: a pending row whose id is the binding's transaction (and subscriber) id. */
export async function startBinding(db: Db, userId: number, now: Date, gateway: 'moneta' | 'A3' = 'moneta'): Promise<string> {
  const id = randomBytes(16).toString('hex');
  await db.insertInto('autopay_cards').values({ id, user_id: userId, gateway, status: 'pending', token: null, mask: null, expiry: null, created_at: now, bound_at: null }).execute();
  return id;
}

/** A binding by id (anyone's: the gateway's notification names it). */
export function readBinding(db: Db, id: string): Promise<CardRow | undefined> {
  return db.selectFrom('autopay_cards').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The user's bound card, if any. */
export function boundCard(db: Db, userId: number): Promise<CardRow | undefined> {
  return db.selectFrom('autopay_cards').selectAll().where('user_id', '=', userId).where('status', '=', 'bound').orderBy('bound_at', 'desc').executeTakeFirst();
}

/** Queues a token for removal at its gateway (the removal job calls the gateway, then forgets the token). */
export async function queueRemoval(db: Db, gateway: 'moneta' | 'A3', token: string, now: Date): Promise<void> {
  await db.insertInto('autopay_token_removals').values({ gateway, token, created_at: now }).execute();
}

/**
 * Keeps the gateway's token of a pending binding, once (pending → bound); the user's earlier card is
 * replaced: its token is queued for removal. False when the binding was not pending (a replay).
 */
export async function bindCard(db: Kysely<Database>, id: string, card: { token: string; mask: string; expiry: string }, now: Date): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const moved = await tx.updateTable('autopay_cards').set({ status: 'bound', token: card.token, mask: card.mask, expiry: card.expiry, bound_at: now }).where('id', '=', id).where('status', '=', 'pending').returning('user_id').executeTakeFirst();
    if (moved === undefined) return false;
    const older = await tx.deleteFrom('autopay_cards').where('user_id', '=', moved.user_id).where('id', '<>', id).returning(['gateway', 'token']).execute();
    for (const card of older) if (card.token !== null) await queueRemoval(tx, card.gateway, card.token, now);
    return true;
  });
}

/** Marks a pending binding failed (the bank refused the card). */
export async function failBinding(db: Db, id: string): Promise<void> {
  await db.updateTable('autopay_cards').set({ status: 'failed' }).where('id', '=', id).where('status', '=', 'pending').execute();
}

/**
 * Forgets the user's cards here and queues their tokens for removal at the gateway; the fines still
 * scheduled are cancelled (nothing can be charged without a card). Answers whether there was a card.
 */
export async function removeCards(tx: Transaction<Database>, userId: number, reason: string, now: Date): Promise<boolean> {
  const cards = await tx.deleteFrom('autopay_cards').where('user_id', '=', userId).returning(['gateway', 'token', 'status']).execute();
  for (const card of cards) if (card.token !== null) await queueRemoval(tx, card.gateway, card.token, now);
  await tx.updateTable('autopay_charges').set({ status: 'cancelled', reason, finished_at: now }).where('user_id', '=', userId).where('status', 'in', ['scheduled', 'retry']).execute();
  return cards.some((card) => card.status === 'bound');
}
