import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { SourceFine } from './provider.ts';

/** What the fines sandbox remembers between calls. */
export type SandboxState = {
  /** The day a document's generated fines are anchored to: the first day it was asked about. */
  anchorDay(key: string, today: string): Promise<string>;
  /** Fines added to a document by the sandbox controls. */
  addedFines(key: string): Promise<SourceFine[]>;
  addFine(key: string, fine: SourceFine): Promise<void>;
};

/** State in this process's memory (tests, and a sandbox without a database). */
export function memorySandboxState(): SandboxState {
  const anchors = new Map<string, string>();
  const added = new Map<string, SourceFine[]>();
  return {
    async anchorDay(key, today) {
      if (!anchors.has(key)) anchors.set(key, today);
      return anchors.get(key) ?? today;
    },
    async addedFines(key) {
      return [...(added.get(key) ?? [])];
    },
    async addFine(key, fine) {
      added.set(key, [...(added.get(key) ?? []), fine]);
    },
  };
}

/** State in the database, shared by every API process (the server's default). */
export function databaseSandboxState(db: Kysely<Database>): SandboxState {
  return {
    async anchorDay(key, today) {
      await db.insertInto('sandbox_subjects').values({ key, anchor_day: today }).onConflict((oc) => oc.column('key').doNothing()).execute();
      const row = await db.selectFrom('sandbox_subjects').select('anchor_day').where('key', '=', key).executeTakeFirst();
      return row?.anchor_day ?? today;
    },
    async addedFines(key) {
      const rows = await db.selectFrom('sandbox_fines').select('fine').where('subject_key', '=', key).orderBy('id').execute();
      return rows.map((row) => row.fine as SourceFine);
    },
    async addFine(key, fine) {
      await db.insertInto('sandbox_fines').values({ subject_key: key, fine: JSON.stringify(fine) }).execute();
    },
  };
}
