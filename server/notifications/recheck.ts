import { createHash } from 'node:crypto';
import type { AppDeps } from '../appDeps.ts';
import { insertSourceFines, todayOf } from '../fines/fineStore.ts';
import { innKey, insertInnSources } from '../ordinances/innItemStore.ts';
import { emitNewFleetFines } from '../integrations/webhooks/events.ts';
import type { FineSubject } from '../providers/fines/provider.ts';

/** What a re-check needs from the app. */
export type RecheckDeps = Pick<AppDeps, 'db' | 'clock' | 'fines' | 'recheckIntervalMs' | 'recheckRate'>;

/** Where in the interval a document's checks fall: fixed per document, so checks spread evenly instead of all at once. */
export function checkOffsetMs(key: string, intervalMs: number): number {
  return createHash('sha256').update(key).digest().readUInt32BE(0) % Math.max(1, intervalMs);
}

/** Every document of every account, with its storage key and the user it belongs to. */
export async function accountDocuments(deps: Pick<AppDeps, 'db' | 'fines'>): Promise<{ userId: number; key: string; subject: FineSubject }[]> {
  const db = deps.db;
  const [sts, licences, inns] = await Promise.all([
    db.selectFrom('sts_documents as d').innerJoin('users as u', 'u.id', 'd.user_id').where('u.email', 'is not', null)
      .select(['d.user_id', 'd.sts', 'd.plate_number', 'd.plate_region']).execute(),
    db.selectFrom('driver_licenses as d').innerJoin('users as u', 'u.id', 'd.user_id').where('u.email', 'is not', null)
      .select(['d.user_id', 'd.number']).execute(),
    db.selectFrom('inns as d').innerJoin('users as u', 'u.id', 'd.user_id').where('u.email', 'is not', null)
      .select(['d.user_id', 'd.inn']).execute(),
  ]);
  const withKey = (userId: number, subject: FineSubject) => ({ userId, subject, key: deps.fines.subjectKey(subject) });
  return [
    ...sts.map((d) => withKey(d.user_id, { kind: 'sts', sts: d.sts, plateNumber: d.plate_number, plateRegion: d.plate_region })),
    ...licences.map((d) => withKey(d.user_id, { kind: 'dl', driverLicense: d.number })),
    ...inns.map((d) => withKey(d.user_id, { kind: 'inn', inn: d.inn })),
  ];
}

/** Puts documents that are not on the schedule yet on it, each at its own point of the interval. */
export async function scheduleDocuments(deps: RecheckDeps, documents: readonly { key: string; subject: FineSubject }[]): Promise<void> {
  const now = deps.clock().getTime();
  const unique = [...new Map(documents.map((d) => [d.key, d])).values()];
  for (let i = 0; i < unique.length; i += 500) {
    const chunk = unique.slice(i, i + 500);
    await deps.db
      .insertInto('subject_checks')
      .values(chunk.map((d) => ({ subject_key: d.key, subject: JSON.stringify(d.subject), next_check_at: new Date(now + checkOffsetMs(d.key, deps.recheckIntervalMs)), last_checked_at: null })))
      .onConflict((oc) => oc.column('subject_key').doNothing())
      .execute();
  }
}

/** Waits so that the source is asked at most `recheckRate` times a second (0: no limit). */
function pacer(rate: number): () => Promise<void> {
  if (rate <= 0) return async () => undefined;
  let next = 0;
  return async () => {
    const now = performance.now();
    if (next > now) await new Promise((resolve) => setTimeout(resolve, next - now));
    next = Math.max(now, next) + 1000 / rate;
  };
}

/**
 * Asks the source again about documents whose check is due (at most `limit`), stores what it has that
 * is not stored yet, and sets each one's next check an interval later. Answers the keys checked.
 */
export async function recheckDue(deps: RecheckDeps, limit: number): Promise<string[]> {
  const now = deps.clock();
  const due = await deps.db
    .selectFrom('subject_checks')
    .select(['subject_key', 'subject'])
    .where('next_check_at', '<=', now)
    .orderBy('next_check_at')
    .limit(limit)
    .execute();
  const pace = pacer(deps.recheckRate);
  const today = todayOf(deps);
  for (const { subject_key: key, subject: stored } of due) {
    const subject = stored as FineSubject;
    await pace();
    const found = await deps.fines.finesFor(subject, today);
    const inn = subject.kind === 'inn' ? await deps.fines.innSources(subject.inn, today) : undefined;
    // Stored at the moment it was learnt, not when the run began: a run can take long, and what it
    // stores is compared with things done meanwhile (autopay schedules fines stored after it was turned on).
    const learntAt = deps.clock();
    await deps.db.transaction().execute(async (tx) => {
      await tx.insertInto('fine_subjects').values({ key: found.key, generated_at: learntAt }).onConflict((oc) => oc.column('key').doNothing()).execute();
      // Rulings stored now for the first time are news to the fleets that hold this document (webhook fine.new, once: in this transaction).
      await emitNewFleetFines(tx, await insertSourceFines(tx, found, learntAt), learntAt);
      if (inn !== undefined && subject.kind === 'inn') {
        await tx.insertInto('inn_checks').values({ key: innKey(subject.inn), checked_at: learntAt }).onConflict((oc) => oc.column('key').doNothing()).execute();
        await insertInnSources(tx, innKey(subject.inn), inn, learntAt);
      }
      await tx
        .updateTable('subject_checks')
        .set({ last_checked_at: learntAt, next_check_at: new Date(learntAt.getTime() + deps.recheckIntervalMs) })
        .where('subject_key', '=', key)
        .execute();
    });
  }
  return due.map((d) => d.subject_key);
}
