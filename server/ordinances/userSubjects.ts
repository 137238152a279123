import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Identifier } from '../fines/fineView.ts';
import type { FineSubject } from '../providers/fines/provider.ts';

/** One of the user's documents as the fines source is asked about it, and since when it is being checked. */
export type UserSubject = { subject: FineSubject; as: Identifier; checkingSince: Date };

/** Every document of the user (СТС, licences, ИНН), oldest first; a document is checked from when it was added or last refreshed. */
export async function userSubjects(db: Kysely<Database>, userId: number, refreshedAt: Date | null): Promise<UserSubject[]> {
  const since = (created: Date) => (refreshedAt !== null && refreshedAt > created ? refreshedAt : created);
  const [sts, licences, inns] = await Promise.all([
    db.selectFrom('sts_documents').select(['sts', 'plate_number', 'plate_region', 'created_at']).where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('driver_licenses').select(['number', 'created_at']).where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('inns').select(['inn', 'created_at']).where('user_id', '=', userId).orderBy('id').execute(),
  ]);
  return [
    ...sts.map((row) => ({
      subject: { kind: 'sts', sts: row.sts, plateNumber: row.plate_number, plateRegion: row.plate_region } as const,
      as: { identifier: row.sts, identifierType: 'sts' } as const,
      checkingSince: since(row.created_at),
    })),
    ...licences.map((row) => ({
      subject: { kind: 'dl', driverLicense: row.number } as const,
      as: { identifier: row.number, identifierType: 'dl' } as const,
      checkingSince: since(row.created_at),
    })),
    ...inns.map((row) => ({
      subject: { kind: 'inn', inn: row.inn } as const,
      as: { identifier: row.inn, identifierType: 'inn' } as const,
      checkingSince: since(row.created_at),
    })),
  ];
}
