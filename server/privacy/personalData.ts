import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/** What an eraser may need beyond the user id: the address the account had (mail kept for it goes too) and the time. */
export type EraseContext = { userId: number; email: string | null; now: Date };

/**
 * One capability's share of a user's personal data: what it gives in the export and what it erases
 * (or anonymises, where a law makes it keep a record). Each capability registers its own, so the
 * export and the erasure grow with the product: the payments capability adds one that keeps the
 * payment records 402-ФЗ requires and drops everything else.
 */
export type PersonalDataSection = {
  /** The key of this section in the export. */
  name: string;
  /** Everything this capability holds about the user, as plain JSON. */
  export(db: Kysely<Database>, userId: number): Promise<unknown>;
  /** Deletes or anonymises it, in the caller's transaction (all sections or none). */
  erase(tx: Transaction<Database>, context: EraseContext): Promise<void>;
};

const sections: PersonalDataSection[] = [];

/** Adds a capability's section (at module load of the capability); a second one with the same name is a programming error. */
export function registerPersonalData(section: PersonalDataSection): void {
  if (sections.some((s) => s.name === section.name)) throw new Error(`Personal data section ${section.name} is registered twice`);
  sections.push(section);
}

/** Every registered section, in the order they were added. */
export function personalDataSections(): readonly PersonalDataSection[] {
  return sections;
}

/** The whole export for a user: one key per section, and when it was made. */
export async function exportPersonalData(db: Kysely<Database>, userId: number, now: Date): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = { exportedAt: now.toISOString() };
  for (const section of sections) out[section.name] = await section.export(db, userId);
  return out;
}

/** Erases the user's personal data in one transaction, every section, the account itself last. */
export async function erasePersonalData(tx: Transaction<Database>, context: EraseContext): Promise<void> {
  for (const section of sections) await section.erase(tx, context);
}
