import type { Kysely, Selectable, Transaction } from 'kysely';
import type { AutopayChargesTable, AutopayChargeStatus, Database } from '../../db/schema.ts';

/** A scheduled charge as read. */
export type ChargeRow = Selectable<AutopayChargesTable>;

/** A fine to schedule (`organizationId`: a fleet's fine, charged to its owner's card). */
export type NewCharge = { userId: number; ruleId: number; fineId: number; uin: string; amountKopecks: number; discountLastDay: string; chargeAt: Date; organizationId?: number };

/** How long a process may hold a charge it took before another takes it over (a crash in the middle). */
export const CHARGE_LEASE_MS = 15 * 60_000;

/** Schedules fines, each once per user ever (unique user + fine); answers the rows that are new. */
export async function scheduleCharges(db: Kysely<Database> | Transaction<Database>, charges: readonly NewCharge[], now: Date): Promise<ChargeRow[]> {
  if (charges.length === 0) return [];
  return db
    .insertInto('autopay_charges')
    .values(charges.map((c) => ({ user_id: c.userId, rule_id: c.ruleId, fine_id: c.fineId, uin: c.uin, amount_kopecks: c.amountKopecks, discount_last_day: c.discountLastDay, status: 'scheduled' as const, charge_at: c.chargeAt, payment_id: null, reason: null, created_at: now, finished_at: null, organization_id: c.organizationId ?? null })))
    .onConflict((oc) => oc.columns(['user_id', 'fine_id']).doNothing())
    .returningAll()
    .execute();
}

/** Ids of charges whose time has come (scheduled, a retry, or a taken one whose process went away), oldest first. */
export async function dueCharges(db: Kysely<Database>, now: Date, limit: number): Promise<number[]> {
  const rows = await db.selectFrom('autopay_charges').select('id').where('status', 'in', ['scheduled', 'retry', 'charging']).where('charge_at', '<=', now).orderBy('charge_at').limit(limit).execute();
  return rows.map((row) => row.id);
}

/**
 * Takes a due charge for this process: one conditional update, so of two processes (or two runs) only
 * one gets it; the lease moves charge_at on, so a crashed process's charge is taken over later.
 */
export function claimCharge(db: Kysely<Database>, id: number, now: Date): Promise<ChargeRow | undefined> {
  return db
    .updateTable('autopay_charges')
    .set({ status: 'charging', charge_at: new Date(now.getTime() + CHARGE_LEASE_MS) })
    .where('id', '=', id)
    .where('status', 'in', ['scheduled', 'retry', 'charging'])
    .where('charge_at', '<=', now)
    .returningAll()
    .executeTakeFirst();
}

/** Remembers the payment a taken charge goes through, and counts the attempt. */
export async function attachPayment(db: Kysely<Database>, id: number, paymentId: string): Promise<void> {
  await db.updateTable('autopay_charges').set((eb) => ({ payment_id: paymentId, attempts: eb('attempts', '+', 1) })).where('id', '=', id).where('status', '=', 'charging').execute();
}

/** Ends a taken charge in a final state. */
export async function finishCharge(db: Kysely<Database>, id: number, status: Exclude<AutopayChargeStatus, 'scheduled' | 'charging' | 'retry'>, reason: string | null, now: Date): Promise<void> {
  await db.updateTable('autopay_charges').set({ status, reason, finished_at: now }).where('id', '=', id).where('status', '=', 'charging').execute();
}

/** Puts a taken charge back for another try at `at` (a fresh payment then). */
export async function retryCharge(db: Kysely<Database>, id: number, at: Date, reason: string): Promise<void> {
  await db.updateTable('autopay_charges').set({ status: 'retry', charge_at: at, payment_id: null, reason }).where('id', '=', id).where('status', '=', 'charging').execute();
}

/** A charge of an organization's fleet, if it is this owner's and this organization's. */
export function fleetChargeOf(db: Kysely<Database>, userId: number, organizationId: number, id: number): Promise<ChargeRow | undefined> {
  return db.selectFrom('autopay_charges').selectAll().where('id', '=', id).where('user_id', '=', userId).where('organization_id', '=', organizationId).executeTakeFirst();
}

/** A charge of the user's, or undefined for anyone else's. */
export function ownCharge(db: Kysely<Database>, userId: number, id: number): Promise<ChargeRow | undefined> {
  return db.selectFrom('autopay_charges').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** A charge by id. */
export function readCharge(db: Kysely<Database>, id: number): Promise<ChargeRow | undefined> {
  return db.selectFrom('autopay_charges').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Cancels a charge not taken yet (skip, or the mailed link); false when it was no longer waiting. */
export async function cancelCharge(db: Kysely<Database>, id: number, status: 'cancelled' | 'skipped', reason: string, now: Date): Promise<boolean> {
  const row = await db.updateTable('autopay_charges').set({ status, reason, finished_at: now }).where('id', '=', id).where('status', 'in', ['scheduled', 'retry']).returning('id').executeTakeFirst();
  return row !== undefined;
}

/** Makes a waiting charge due now («Оплатить сейчас»); false when it was no longer waiting. */
export async function chargeNow(db: Kysely<Database>, userId: number, id: number, now: Date): Promise<boolean> {
  const row = await db.updateTable('autopay_charges').set({ charge_at: now }).where('id', '=', id).where('user_id', '=', userId).where('status', 'in', ['scheduled', 'retry']).returning('id').executeTakeFirst();
  return row !== undefined;
}

/** The user's charges of their own documents (`organizationId` undefined), or of one of their fleets, newest first. */
export function userCharges(db: Kysely<Database>, userId: number, limit = 100, organizationId?: number): Promise<ChargeRow[]> {
  return db
    .selectFrom('autopay_charges')
    .selectAll()
    .where('user_id', '=', userId)
    .where('organization_id', organizationId === undefined ? 'is' : '=', organizationId ?? null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * What autopay has charged since `since` (the month's limit), kopecks, commission included: for the
 * user's own documents (`organizationId` null), or for one of their fleets — each limit counts its own.
 */
export async function chargedSince(db: Kysely<Database>, userId: number, since: Date, organizationId: number | null = null): Promise<number> {
  const row = await db
    .selectFrom('autopay_charges as c')
    .innerJoin('payments as p', 'p.id', 'c.payment_id')
    .select((eb) => eb.fn.sum<string>('p.total_kopecks').as('total'))
    .where('c.user_id', '=', userId)
    .where('c.organization_id', organizationId === null ? 'is' : '=', organizationId)
    .where('c.status', '=', 'paid')
    .where('p.finished_at', '>=', since)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}
